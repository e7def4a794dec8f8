/** Step 4 'Carteira': the ACTIVE wallets as radios, or the empty state linking to /carteira/adicionar. */
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { formatDate, maskAccountNumber } from '@rifaria/shared/format';
import type { WalletOption } from '../api/get-wallets';
import type { StepProps } from './step-campaign';

export function StepWallet({
  values,
  errors,
  change,
  wallets,
  walletsError,
  onAddWallet,
}: StepProps & { wallets: WalletOption[] | null; walletsError: string | null; onAddWallet: () => void }) {
  if (walletsError) return <Alert severity="error">{walletsError}</Alert>;
  if (wallets === null) return <Typography color="text.secondary">Carregando carteiras...</Typography>;
  if (wallets.length === 0) {
    return (
      <Box sx={{ textAlign: 'center', py: 3 }}>
        <Typography sx={{ fontWeight: 600, mb: 1 }}>Nenhuma carteira encontrada</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Cadastre uma carteira ativa para receber o valor das vendas.
        </Typography>
        <Button variant="contained" onClick={onAddWallet}>
          Cadastrar primeira carteira
        </Button>
      </Box>
    );
  }
  return (
    <FormControl error={Boolean(errors.user_wallet_id)} fullWidth>
      <Typography id="wallet-label" sx={{ mb: 1 }}>
        Conta de recebimento
      </Typography>
      <RadioGroup
        aria-labelledby="wallet-label"
        value={values.user_wallet_id}
        onChange={(event) => change('user_wallet_id', event.target.value)}
      >
        <Stack spacing={1}>
          {wallets.map((wallet) => (
            <FormControlLabel
              key={wallet.id}
              value={String(wallet.id)}
              control={<Radio />}
              // Only the last 4 digits, as /carteiras shows the account.
              label={`${wallet.wallet_type.name} · Conta ${maskAccountNumber(wallet.account_number)} · criada em ${formatDate(wallet.created_at)}`}
            />
          ))}
        </Stack>
      </RadioGroup>
      {errors.user_wallet_id && <FormHelperText>{errors.user_wallet_id}</FormHelperText>}
    </FormControl>
  );
}
