import { alpha, createTheme } from '@mui/material';
import { ptBR } from '@mui/material/locale';

/**
 * Rifaria purple: confident, not the usual fintech blue; money and success stay green. Every colour that carries
 * text (on white, on the surface, or as a filled chip with white text) reaches WCAG AA's 4.5:1: the bright greens,
 * orange and blue of the first palette (2.3–3.9:1) failed axe on every screen (e2e/tests/accessibility.spec.ts).
 */
export const brandColors = {
  primary: '#6A1FD1',
  primaryDark: '#4B119A',
  primaryLight: '#9B6BF2',
  accent: '#067647',
  ink: '#17122B',
  muted: '#625B77',
  surface: '#F7F5FC',
} as const;

/**
 * The one horizontal gutter of every dialog, in px: title, content and action buttons line up on it (MUI's
 * DialogActions default of 8 px put the buttons off the content's 24 px edge).
 */
const DIALOG_GUTTER = 24;

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
      success: { main: '#067647', dark: '#054F31', light: '#12B76A', contrastText: '#fff' },
      warning: { main: '#B54708', dark: '#93370D', light: '#F79009', contrastText: '#fff' },
      error: { main: '#B42318', dark: '#912018', light: '#F04438', contrastText: '#fff' },
      info: { main: '#026AA2', dark: '#065986', light: '#0BA5EC', contrastText: '#fff' },
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
      // Always underlined: a link inside a sentence must not be told apart by its colour alone (WCAG 1.4.1).
      MuiLink: { defaultProps: { underline: 'always' } },
      // A locked field's explanation ('Este campo só pode ser alterado…') is read, not greyed out with its field.
      MuiFormHelperText: {
        styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) },
      },
      MuiDialogTitle: { styleOverrides: { root: { paddingLeft: DIALOG_GUTTER, paddingRight: DIALOG_GUTTER } } },
      MuiDialogContent: { styleOverrides: { root: { paddingLeft: DIALOG_GUTTER, paddingRight: DIALOG_GUTTER } } },
      MuiDialogActions: {
        styleOverrides: {
          // Bottom 16 px mirrors the title's 16 px at the top. Buttons that do not fit side by side wrap whole
          // instead of squeezing their labels onto two lines; wrap-reverse puts the last (main) action on top.
          root: ({ theme }) => ({
            padding: `8px ${DIALOG_GUTTER}px 16px`,
            flexWrap: 'wrap-reverse',
            // On a phone the buttons share the row, and a wrapped one spans it: a clean stack, no ragged edge.
            [theme.breakpoints.down('sm')]: { '& > .MuiButton-root': { flexGrow: 1 } },
          }),
          // A gap, not MUI's left margin on every button after the first, so a wrapped button lines up on the
          // gutter like the first one.
          spacing: { gap: 8, '& > :not(style) ~ :not(style)': { marginLeft: 0 } },
        },
      },
    },
  },
  ptBR,
);
