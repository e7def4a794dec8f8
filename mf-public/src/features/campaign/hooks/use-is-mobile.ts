import { useMediaQuery, useTheme } from '@mui/material';
import { firstViewMobile } from '../../common/hooks/first-view';

/**
 * Phones (below MUI's `md`, 900 px): quick-add steps and the sticky bottom bar differ (spec section 2).
 * A server-rendered page (src/page/) was drawn for the layout its User-Agent asked for: while the browser takes it
 * over (hydration) the hook answers the same, then the screen's real width.
 */
export function useIsMobile(): boolean {
  const theme = useTheme();
  const drawnMobile = firstViewMobile();
  return useMediaQuery(theme.breakpoints.down('md'), {
    noSsr: drawnMobile === undefined,
    defaultMatches: drawnMobile ?? false,
  });
}
