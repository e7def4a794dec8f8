import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '@rifaria/shared/format';
import { CheckIcon } from '@rifaria/shared/ui';
import { maskAccount, type UserWallet } from '../../common/api/wallets';
import { HourglassIcon } from '../../common/components/icons';
import { paths } from '@rifaria/shared/paths';

export const EXISTING_ACCOUNT_TEXTS = {
  activeTitle: 'Você já possui uma conta digital',
  activeBody:
    'Sua conta está ativa: não é preciso abrir outra. Seu saldo, depósitos e transferências ficam em Carteiras.',
  reviewTitle: 'Sua conta está em análise',
  reviewBody:
    'Recebemos sua solicitação e não é preciso enviar os dados de novo. Assim que a análise terminar, a conta aparece pronta em Carteiras.',
  goToWallets: 'Ir para Carteiras',
} as const;

/**
 * /carteira/adicionar when the organiser already has an account, active or in review: said at once, instead of a
 * wizard whose four steps would end in a refusal.
 */
export function ExistingAccount({ wallet }: { wallet: UserWallet }) {
  const inReview = wallet.status === 'in_review';
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 3, md: 4 } }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          {inReview ? (
            <HourglassIcon color="warning" aria-hidden="true" sx={{ mt: 0.5 }} />
          ) : (
            <CheckIcon color="success" aria-hidden="true" sx={{ mt: 0.5 }} />
          )}
          <Box>
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              {inReview ? EXISTING_ACCOUNT_TEXTS.reviewTitle : EXISTING_ACCOUNT_TEXTS.activeTitle}
            </Typography>
            <Chip label={wallet.status_label} color={inReview ? 'warning' : 'success'} size="small" sx={{ mt: 1 }} />
          </Box>
        </Stack>
        <Typography sx={{ mt: 2 }}>
          {inReview ? EXISTING_ACCOUNT_TEXTS.reviewBody : EXISTING_ACCOUNT_TEXTS.activeBody}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {wallet.wallet_type?.name} · Conta {maskAccount(wallet.account_number)}
          {wallet.created_at ? ` · Solicitada em ${formatDate(wallet.created_at)}` : ''}
        </Typography>
        <Button component={RouterLink} to={paths.wallets.getHref()} variant="contained" sx={{ mt: 3 }}>
          {EXISTING_ACCOUNT_TEXTS.goToWallets}
        </Button>
      </CardContent>
    </Card>
  );
}
