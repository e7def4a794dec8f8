/** The edit screen's tabs (every tab stays mounted, so switching tabs keeps unsaved input: TabbedPanels). */
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Link, Stack, Typography } from '@mui/material';
import { AMENDMENT_MESSAGES } from '@rifaria/shared/schemas';
import type { Campaign } from '@rifaria/shared/types';
import { TabbedPanels } from '@rifaria/shared/ui';
import { AppearanceTab } from './appearance-tab';
import { AwardsTab } from './awards-tab';
import { DataTab } from './data-tab';
import { RulesTab } from './rules-tab';
import { paths } from '@rifaria/shared/paths';

const TABS = ['Dados', 'Prêmios', 'Regras', 'Aparência'] as const;

export interface CampaignEditProps {
  campaign: Campaign;
  onSaved: (campaign: Campaign) => void;
}

export function CampaignEdit({ campaign, onSaved }: CampaignEditProps) {
  const panels = [
    <DataTab key="dados" campaign={campaign} onSaved={onSaved} />,
    <AwardsTab key="premios" campaign={campaign} onSaved={onSaved} />,
    <RulesTab key="regras" campaign={campaign} onSaved={onSaved} />,
    <AppearanceTab key="aparencia" campaign={campaign} onSaved={onSaved} />,
  ];

  return (
    <Stack spacing={2}>
      <Link component={RouterLink} to={paths.campaignPanel.getHref(campaign.id)}>
        Voltar para o painel
      </Link>
      <Typography variant="h4" component="h1">
        Editar campanha
      </Typography>
      <Typography color="text.secondary">{campaign.name}</Typography>
      {campaign.has_reservations ? <Alert severity="info">{AMENDMENT_MESSAGES.lockedReason}</Alert> : null}
      <TabbedPanels label="Seções da campanha" id="edit" tabs={TABS} panels={panels} panelSx={{ pt: 1 }} />
    </Stack>
  );
}
