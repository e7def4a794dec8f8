import type { ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { rifariaTheme } from './theme';
import { Toaster } from './toast';

/** Theme + baseline + toasts. The shell wraps everything in it; a remote running standalone wraps its App too. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={rifariaTheme}>
      <CssBaseline />
      {children}
      <Toaster />
    </ThemeProvider>
  );
}
