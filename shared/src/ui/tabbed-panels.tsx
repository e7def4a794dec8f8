import { useState, type ReactNode } from 'react';
import { Box, Tab, Tabs, type SxProps, type Theme } from '@mui/material';

/**
 * Tabs over their panels (the campaign's edit screen, the profile). Every panel stays mounted, hidden when inactive,
 * so switching tabs keeps what was typed. `id` names the tabs and panels (`{id}-tab-0`, `{id}-panel-0`).
 */
export function TabbedPanels({
  label,
  id,
  tabs,
  panels,
  panelSx,
}: {
  /** The tab list's accessible name. */
  label: string;
  id: string;
  tabs: readonly string[];
  /** One a tab, in the same order. */
  panels: ReactNode[];
  panelSx?: SxProps<Theme>;
}) {
  const [tab, setTab] = useState(0);
  return (
    <>
      <Tabs value={tab} onChange={(_event, next: number) => setTab(next)} aria-label={label} variant="scrollable">
        {tabs.map((name, index) => (
          <Tab key={name} label={name} id={`${id}-tab-${index}`} aria-controls={`${id}-panel-${index}`} />
        ))}
      </Tabs>
      {panels.map((panel, index) => (
        <Box
          key={tabs[index]}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          aria-labelledby={`${id}-tab-${index}`}
          hidden={tab !== index}
          sx={panelSx}
        >
          {panel}
        </Box>
      ))}
    </>
  );
}
