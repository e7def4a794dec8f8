/** The edit screen's tabs. Every tab stays mounted (hidden when inactive) so switching tabs keeps unsaved input. */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Link, Stack, Tab, Tabs, Typography } from '@mui/material';
import { AMENDMENT_MESSAGES } from '@rifaria/shared/schemas';
import type { Campaign } from '@rifaria/shared/types';
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
  const [tab, setTab] = useState(0);
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
      <Tabs
        value={tab}
        onChange={(_event, next: number) => setTab(next)}
        aria-label="Seções da campanha"
        variant="scrollable"
      >
        {TABS.map((label, index) => (
          <Tab key={label} label={label} id={`edit-tab-${index}`} aria-controls={`edit-panel-${index}`} />
        ))}
      </Tabs>
      {panels.map((panel, index) => (
        <Box
          key={TABS[index]}
          role="tabpanel"
          id={`edit-panel-${index}`}
          aria-labelledby={`edit-tab-${index}`}
          hidden={tab !== index}
          sx={{ pt: 1 }}
        >
          {panel}
        </Box>
      ))}
    </Stack>
  );
}
