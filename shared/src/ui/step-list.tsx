import { Box, Typography, type SxProps, type Theme } from '@mui/material';

/** Numbered how-to steps ('Como pagar' at the checkout, connecting a WhatsApp number), in small text. */
export function StepList({ steps, label, sx }: { steps: readonly string[]; label?: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="ol"
      aria-label={label}
      sx={[{ m: 0, pl: 2.5, '& li': { mb: 0.5 } }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {steps.map((step) => (
        <Typography component="li" variant="body2" key={step}>
          {step}
        </Typography>
      ))}
    </Box>
  );
}
