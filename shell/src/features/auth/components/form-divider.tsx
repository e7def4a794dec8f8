import { Divider, Typography } from '@mui/material';

export function FormDivider({ label }: { label: string }) {
  return (
    <Divider sx={{ my: 3 }}>
      <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'uppercase', letterSpacing: 1 }}>
        {label}
      </Typography>
    </Divider>
  );
}
