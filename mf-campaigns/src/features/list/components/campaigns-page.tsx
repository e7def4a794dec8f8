/**
 * 'Minhas Campanhas' (/campanhas, spec "Campaign list"): counters from the reply's `summary` (real figures, not
 * the spec's fixed R$ 0,00), the drafts and the running campaigns, and every card action's modal.
 */
import { useState, type ReactNode } from 'react';
import { Box, Button, Grid, Skeleton, Stack, Typography, type SxProps, type Theme } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { CAMPAIGN_STATUS_ID, TOAST_DURATION } from '@rifaria/shared/constants';
import { formatInteger } from '@rifaria/shared/format';
import { paths } from '@rifaria/shared/paths';
import { CAMPAIGN_MESSAGES } from '@rifaria/shared/schemas';
import type { Campaign } from '@rifaria/shared/types';
import { RetryAlert, toast, useDocumentTitle } from '@rifaria/shared/ui';
import { DraftCard } from './draft-card';
import { RunningCard } from './running-card';
import { useCampaigns } from '../hooks/use-campaigns';
import { StatCard } from '../../common/components/stat-card';
import { CancelCampaignModal } from './cancel-modal';
import { PublishModal } from './publish-modal';
import { CampaignWizard } from './campaign-wizard';
import { formatReais } from '@rifaria/shared/money';

/**
 * The card action's dialog. It stays mounted once closed (`open: false`) until another one opens: a dialog that
 * closes takes its Back-button history entry off (useBackToClose), which an unmounted one could not do.
 */
type Dialog = { kind: 'publish' | 'cancel'; campaign: Campaign; open: boolean } | null;

function CardSkeletons() {
  return (
    <Grid container spacing={2} aria-busy="true" aria-label="Carregando campanhas">
      {[0, 1, 2].map((key) => (
        <Grid key={key} size={{ xs: 12, sm: 6, lg: 4 }}>
          <Skeleton variant="rounded" height={220} />
        </Grid>
      ))}
    </Grid>
  );
}

interface CampaignSectionProps {
  id: string;
  title: string;
  /** Said when the section has no campaign. */
  empty: string;
  loading: boolean;
  campaigns: Campaign[];
  renderCard: (campaign: Campaign) => ReactNode;
  sx?: SxProps<Theme>;
}

/** 'Rascunhos' or 'Campanhas em Andamento': skeletons on the first load, then the cards or the empty text. */
function CampaignSection({ id, title, empty, loading, campaigns, renderCard, sx }: CampaignSectionProps) {
  return (
    <Box component="section" aria-labelledby={id} sx={sx}>
      <Typography id={id} variant="h5" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {loading ? (
        <CardSkeletons />
      ) : campaigns.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Grid container spacing={2}>
          {campaigns.map((campaign) => (
            <Grid key={campaign.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              {renderCard(campaign)}
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}

const PAGE_TITLE = 'Minhas Campanhas';

export function CampaignsPage() {
  const navigate = useNavigate();
  const { data, status, reload } = useCampaigns();
  const error = status === 'error';
  const [wizardOpen, setWizardOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  useDocumentTitle(PAGE_TITLE);

  const campaigns = data?.data ?? [];
  const drafts = campaigns.filter((c) => c.status.id === CAMPAIGN_STATUS_ID.draft);
  // A suspended campaign (issue 32) stays among the running ones, its card saying why nothing can be done.
  const running = campaigns.filter(
    (c) => c.status.id === CAMPAIGN_STATUS_ID.published || c.status.id === CAMPAIGN_STATUS_ID.suspended,
  );
  const firstLoad = status === 'loading' && !data;

  const openPublish = (campaign: Campaign) => setDialog({ kind: 'publish', campaign, open: true });
  const openCancel = (campaign: Campaign) => setDialog({ kind: 'cancel', campaign, open: true });
  const closeDialog = () => setDialog((current) => current && { ...current, open: false });
  const edit = (campaign: Campaign) => navigate(paths.campaignEdit.getHref(campaign.id));
  const openPanel = (campaign: Campaign) => navigate(paths.campaignPanel.getHref(campaign.id));

  const created = () => {
    setWizardOpen(false);
    toast.success(CAMPAIGN_MESSAGES.created, CAMPAIGN_MESSAGES.createdDescription, { duration: TOAST_DURATION.list });
    reload();
  };

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', mb: 3 }}>
        <Typography variant="h4" component="h1">
          {PAGE_TITLE}
        </Typography>
        <Button variant="contained" onClick={() => setWizardOpen(true)}>
          + Nova Campanha
        </Button>
      </Stack>

      {error && !data ? (
        <RetryAlert onRetry={reload}>Erro ao carregar campanhas.</RetryAlert>
      ) : (
        <>
          <Grid container spacing={2} sx={{ mb: 4 }}>
            {[
              { label: 'Campanhas ativas', value: data ? formatInteger(data.summary.active_count) : null },
              { label: 'Campanhas rascunho', value: data ? formatInteger(data.summary.draft_count) : null },
              { label: 'Total arrecadado', value: data ? formatReais(data.summary.total_raised) : null },
            ].map(({ label, value }) => (
              <Grid key={label} size={{ xs: 12, sm: 4 }}>
                {value === null ? <Skeleton variant="rounded" height={96} /> : <StatCard title={label} value={value} />}
              </Grid>
            ))}
          </Grid>
          {error && (
            <RetryAlert severity="warning" sx={{ mb: 2 }} onRetry={reload}>
              Não foi possível atualizar a lista.
            </RetryAlert>
          )}

          <CampaignSection
            id="drafts-title"
            title="Rascunhos"
            empty="Nenhum rascunho"
            loading={firstLoad}
            campaigns={drafts}
            sx={{ mb: 4 }}
            renderCard={(campaign) => (
              <DraftCard campaign={campaign} onPublish={openPublish} onEdit={edit} onCancel={openCancel} />
            )}
          />
          <CampaignSection
            id="running-title"
            title="Campanhas em Andamento"
            empty="Nenhuma campanha publicada"
            loading={firstLoad}
            campaigns={running}
            renderCard={(campaign) => (
              <RunningCard campaign={campaign} onOpenPanel={openPanel} onEdit={edit} onCancel={openCancel} />
            )}
          />
        </>
      )}

      <CampaignWizard open={wizardOpen} onClose={() => setWizardOpen(false)} onCreated={created} />
      {dialog?.kind === 'publish' && (
        <PublishModal campaign={dialog.campaign} open={dialog.open} onClose={closeDialog} onRefresh={reload} />
      )}
      {dialog?.kind === 'cancel' && (
        <CancelCampaignModal campaign={dialog.campaign} open={dialog.open} onClose={closeDialog} onCancelled={reload} />
      )}
    </Box>
  );
}
