import { Alert, Box, Button, Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@rifaria/shared/paths';
import { useRequest } from '@rifaria/shared/ui';
import { correctable, getLatestApplication } from '../../common/api/account-application';
import { WalletPromo } from './wallet-promo';

export const REJECTED_TEXTS = {
  title: 'Carteiras',
  heading: 'Solicitação não aprovada',
  body: 'Analisamos sua solicitação de abertura da conta digital e ela não foi aprovada.',
  reason: 'Motivo',
  details: 'Detalhes',
  hint: 'Seus dados já vêm preenchidos: corrija o que for preciso, mantenha o documento ou envie outro, e a solicitação volta para análise.',
  fix: 'Corrigir e reenviar',
} as const;

/**
 * /carteiras after an operator rejected the account opening (issue 32): the reason and 'Corrigir e reenviar', which
 * opens the wizard with the previous data kept. Without a reason to show (none could be read), the promo.
 */
export function WalletRejected() {
  const latest = useRequest(getLatestApplication, []);
  const application = correctable(latest.data);

  if (latest.status === 'loading' && latest.data === null) {
    return (
      <Box aria-busy="true" aria-label="Carregando a solicitação">
        <Skeleton variant="text" width={200} height={48} />
        <Skeleton variant="rounded" height={220} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (!application?.rejection) return <WalletPromo />;
  const { reason_label: reason, details } = application.rejection;
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        {REJECTED_TEXTS.title}
      </Typography>
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 3, md: 4 } }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {REJECTED_TEXTS.heading}
          </Typography>
          <Typography sx={{ mt: 2 }}>{REJECTED_TEXTS.body}</Typography>
          <Alert severity="warning" sx={{ mt: 2 }}>
            <Box component="dl" sx={{ m: 0 }}>
              <Typography component="dt" sx={{ fontWeight: 700 }}>
                {REJECTED_TEXTS.reason}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {reason}
              </Typography>
              {details ? (
                <>
                  <Typography component="dt" sx={{ fontWeight: 700, mt: 1 }}>
                    {REJECTED_TEXTS.details}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                    {details}
                  </Typography>
                </>
              ) : null}
            </Box>
          </Alert>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {REJECTED_TEXTS.hint}
          </Typography>
          <Button component={RouterLink} to={paths.walletAdd.getHref()} variant="contained" sx={{ mt: 3 }}>
            {REJECTED_TEXTS.fix}
          </Button>
        </CardContent>
      </Card>
    </Stack>
  );
}
