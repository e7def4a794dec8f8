import { Button } from '@mui/material';
import { GoogleIcon } from '@rifaria/shared/ui';

export function GoogleButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  return (
    <Button
      type="button"
      variant="outlined"
      color="inherit"
      size="large"
      fullWidth
      startIcon={<GoogleIcon />}
      onClick={onClick}
      disabled={disabled}
      sx={{ borderColor: 'divider', bgcolor: 'background.paper', fontWeight: 600 }}
    >
      {label}
    </Button>
  );
}
