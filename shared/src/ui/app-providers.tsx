import type { ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { rifariaTheme } from './theme';
import { Toaster } from './toast';

/** Theme + baseline: the buyer page (mf-public's server-rendered page), which shows no toasts and loads no Snackbar. */
export function ThemeProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={rifariaTheme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/** Theme + baseline + toasts. The shell wraps everything in it; a remote running standalone wraps its App too. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProviders>
      {children}
      <Toaster />
    </ThemeProviders>
  );
}
