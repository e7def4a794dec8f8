import { Card, CardContent, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { formatDate } from '@rifaria/shared/format';
import { maskAccount, type UserWallet } from '../../common/api/wallets';
import { HourglassIcon } from '../../common/components/icons';

export const IN_REVIEW_TEXTS = {
  title: 'Conta em análise',
  body: 'Estamos analisando seus dados. Assim que a conta for aprovada, esta página mostra seu saldo e extrato automaticamente.',
} as const;

/** An honest waiting state: the account exists but cannot receive or move money yet. */
export function WalletInReview({ wallet }: { wallet: UserWallet }) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        Carteiras
      </Typography>
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 3, md: 4 } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <HourglassIcon color="warning" aria-hidden="true" />
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              {IN_REVIEW_TEXTS.title}
            </Typography>
            <Chip label={wallet.status_label || 'Em análise'} color="warning" size="small" />
          </Stack>
          <Typography sx={{ mt: 2 }}>{IN_REVIEW_TEXTS.body}</Typography>
          <Stack spacing={0.5} sx={{ mt: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {wallet.wallet_type?.name} · Conta {maskAccount(wallet.account_number)}
            </Typography>
            {wallet.created_at ? (
              <Typography variant="body2" color="text.secondary">
                Solicitada em {formatDate(wallet.created_at)}
              </Typography>
            ) : null}
          </Stack>
          <LinearProgress
            color="warning"
            sx={{ mt: 3, borderRadius: 1 }}
            aria-label="Verificando a situação da conta"
          />
        </CardContent>
      </Card>
    </Stack>
  );
}
