/**
 * 'Minhas Campanhas' (/campanhas, spec "Campaign list"): counters from the reply's `summary` (real figures, not
 * the spec's fixed R$ 0,00), the drafts and the running campaigns, and every card action's modal.
 */
import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { CAMPAIGN_STATUS_ID, TOAST_DURATION } from '@rifaria/shared/constants';
import { formatInteger } from '@rifaria/shared/format';
import { paths } from '@rifaria/shared/paths';
import { CAMPAIGN_MESSAGES } from '@rifaria/shared/schemas';
import type { Campaign } from '@rifaria/shared/types';
import { toast } from '@rifaria/shared/ui';
import { DraftCard } from '../features/list/draft-card';
import { RunningCard } from '../features/list/running-card';
import { useCampaigns } from '../features/list/use-campaigns';
import { CancelCampaignModal } from '../features/modals/cancel-modal';
import { PublishModal } from '../features/modals/publish-modal';
import { CampaignWizard } from '../features/wizard/campaign-wizard';
import { formatReais } from '@rifaria/shared/money';

/**
 * The card action's dialog. It stays mounted once closed (`open: false`) until another one opens: a dialog that
 * closes takes its Back-button history entry off (useBackToClose), which an unmounted one could not do.
 */
type Dialog = { kind: 'publish' | 'cancel'; campaign: Campaign; open: boolean } | null;

function Counter({ label, value }: { label: string; value: string }) {
  return (
    <Card variant="outlined" component="section" aria-label={label}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

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

export function CampaignsPage() {
  const navigate = useNavigate();
  const { data, loading, error, reload } = useCampaigns();
  const [wizardOpen, setWizardOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);

  const campaigns = data?.data ?? [];
  const drafts = campaigns.filter((c) => c.status.id === CAMPAIGN_STATUS_ID.draft);
  const running = campaigns.filter((c) => c.status.id === CAMPAIGN_STATUS_ID.published);
  const firstLoad = loading && !data;

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
          Minhas Campanhas
        </Typography>
        <Button variant="contained" onClick={() => setWizardOpen(true)}>
          + Nova Campanha
        </Button>
      </Stack>

      {error && !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              Tentar novamente
            </Button>
          }
        >
          Erro ao carregar campanhas.
        </Alert>
      ) : (
        <>
          <Grid container spacing={2} sx={{ mb: 4 }}>
            {[
              { label: 'Campanhas ativas', value: data ? formatInteger(data.summary.active_count) : null },
              { label: 'Campanhas rascunho', value: data ? formatInteger(data.summary.draft_count) : null },
              { label: 'Total arrecadado', value: data ? formatReais(data.summary.total_raised) : null },
            ].map(({ label, value }) => (
              <Grid key={label} size={{ xs: 12, sm: 4 }}>
                {value === null ? <Skeleton variant="rounded" height={96} /> : <Counter label={label} value={value} />}
              </Grid>
            ))}
          </Grid>
          {error && (
            <Alert
              severity="warning"
              sx={{ mb: 2 }}
              action={
                <Button color="inherit" size="small" onClick={reload}>
                  Tentar novamente
                </Button>
              }
            >
              Não foi possível atualizar a lista.
            </Alert>
          )}

          <Box component="section" aria-labelledby="drafts-title" sx={{ mb: 4 }}>
            <Typography id="drafts-title" variant="h5" component="h2" sx={{ mb: 2 }}>
              Rascunhos
            </Typography>
            {firstLoad ? (
              <CardSkeletons />
            ) : drafts.length === 0 ? (
              <Typography color="text.secondary">Nenhum rascunho</Typography>
            ) : (
              <Grid container spacing={2}>
                {drafts.map((campaign) => (
                  <Grid key={campaign.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                    <DraftCard campaign={campaign} onPublish={openPublish} onEdit={edit} onCancel={openCancel} />
                  </Grid>
                ))}
              </Grid>
            )}
          </Box>

          <Box component="section" aria-labelledby="running-title">
            <Typography id="running-title" variant="h5" component="h2" sx={{ mb: 2 }}>
              Campanhas em Andamento
            </Typography>
            {firstLoad ? (
              <CardSkeletons />
            ) : running.length === 0 ? (
              <Typography color="text.secondary">Nenhuma campanha publicada</Typography>
            ) : (
              <Grid container spacing={2}>
                {running.map((campaign) => (
                  <Grid key={campaign.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                    <RunningCard campaign={campaign} onOpenPanel={openPanel} onEdit={edit} onCancel={openCancel} />
                  </Grid>
                ))}
              </Grid>
            )}
          </Box>
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
