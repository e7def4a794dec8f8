import { useMediaQuery, useTheme } from '@mui/material';

/** Phones (below MUI's `md`, 900 px): quick-add steps and the sticky bottom bar differ (spec section 2). */
export function useIsMobile(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
}
