import { Box, LinearProgress, Typography } from '@mui/material';
import { passwordStrength } from '@rifaria/shared/schemas';
import { REGISTER_TEXTS } from '../texts';

const colorByLabel = { Fraca: 'error', Média: 'warning', Forte: 'success' } as const;

/** Percentage of the registration rules met: below 50 'Fraca', below 75 'Média', else 'Forte' (spec section 5). */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const { percent, label } = passwordStrength(password);
  return (
    <Box sx={{ mt: 1 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={colorByLabel[label]}
        aria-label={REGISTER_TEXTS.strengthLabel}
        aria-valuetext={label}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="text.secondary" aria-live="polite">
        {REGISTER_TEXTS.strengthLabel}:{' '}
        <Box component="strong" sx={{ color: `${colorByLabel[label]}.main` }}>
          {label}
        </Box>
      </Typography>
    </Box>
  );
}
