import { alpha, createTheme } from '@mui/material/styles';
import { ptBR } from '@mui/material/locale';

/** Rifaria purple: confident, not the usual fintech blue; money and success stay green. */
export const brandColors = {
  primary: '#6A1FD1',
  primaryDark: '#4B119A',
  primaryLight: '#9B6BF2',
  accent: '#12B76A',
  ink: '#17122B',
  muted: '#625B77',
  surface: '#F7F5FC',
} as const;

export const rifariaTheme = createTheme(
  {
    palette: {
      mode: 'light',
      primary: {
        main: brandColors.primary,
        dark: brandColors.primaryDark,
        light: brandColors.primaryLight,
        contrastText: '#fff',
      },
      secondary: { main: brandColors.accent, contrastText: '#fff' },
      success: { main: '#12B76A', dark: '#027A48', contrastText: '#fff' },
      warning: { main: '#F79009' },
      error: { main: '#D92D20' },
      text: { primary: brandColors.ink, secondary: brandColors.muted },
      background: { default: brandColors.surface, paper: '#FFFFFF' },
      divider: alpha(brandColors.ink, 0.1),
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily:
        'Inter, "Segoe UI", Roboto, system-ui, -apple-system, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
      h1: { fontWeight: 800, letterSpacing: '-0.02em' },
      h2: { fontWeight: 800, letterSpacing: '-0.02em' },
      h3: { fontWeight: 700, letterSpacing: '-0.01em' },
      h4: { fontWeight: 700, letterSpacing: '-0.01em' },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      button: { fontWeight: 600, textTransform: 'none' },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 10, paddingInline: 18 }, sizeLarge: { minHeight: 48 } },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiOutlinedInput: { styleOverrides: { root: { borderRadius: 10, backgroundColor: '#fff' } } },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 16 } } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiAlert: { styleOverrides: { root: { borderRadius: 10 } } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  },
  ptBR,
);
