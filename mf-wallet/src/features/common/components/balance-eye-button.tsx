import { CircularProgress, IconButton, type SxProps, type Theme } from '@mui/material';
import { VisibilityIcon, VisibilityOffIcon } from '@rifaria/shared/ui';
import { BALANCE_MESSAGES, type BalanceState } from '../hooks/use-balance';

interface Props {
  balance: BalanceState;
  small?: boolean;
  /** While the balance loads: a spinner, and the button waits (the dashboard banner keeps the eye instead). */
  spinner?: boolean;
  sx?: SxProps<Theme>;
}

/** The eye that reveals and masks a balance ('Mostrar saldo' / 'Ocultar saldo'). */
export function BalanceEyeButton({ balance, small = false, spinner = true, sx }: Props) {
  const waiting = spinner && balance.loading;
  const iconSize = small ? 'small' : undefined;
  return (
    <IconButton
      size={small ? 'small' : 'medium'}
      onClick={balance.toggle}
      disabled={waiting}
      aria-label={balance.visible ? BALANCE_MESSAGES.hide : BALANCE_MESSAGES.show}
      aria-pressed={balance.visible}
      sx={sx}
    >
      {waiting ? (
        <CircularProgress size={small ? 16 : 20} color={small ? 'primary' : 'inherit'} />
      ) : balance.visible ? (
        <VisibilityOffIcon fontSize={iconSize} />
      ) : (
        <VisibilityIcon fontSize={iconSize} />
      )}
    </IconButton>
  );
}
