/** An action without a form (approve, reinstate, replay, resend): the button, a spinner while it runs, a toast after. */
import { Button, CircularProgress, type ButtonProps } from '@mui/material';
import { apiErrorMessage } from '@rifaria/shared/api-client';
import { toast, useAction } from '@rifaria/shared/ui';

export function ActionButton({
  label,
  run,
  done,
  failed,
  ...button
}: Omit<ButtonProps, 'onClick' | 'children'> & {
  label: string;
  run: () => Promise<unknown>;
  done: string;
  failed: string;
}) {
  const action = useAction();
  const press = () =>
    void action.run(
      async () => {
        await run();
        toast.success(done);
      },
      (error) => {
        const message = apiErrorMessage(error, failed);
        toast.error(message);
        return message;
      },
    );
  return (
    <Button variant="outlined" size="small" {...button} onClick={press} disabled={button.disabled || action.busy}>
      {action.busy ? <CircularProgress size={18} color="inherit" aria-label={`${label}...`} /> : label}
    </Button>
  );
}
