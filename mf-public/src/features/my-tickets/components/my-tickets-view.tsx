/**
 * "Meus números" (/p/{link}/meus-numeros): a buyer proves who they are with phone AND CPF and sees every purchase
 * in this campaign with its status and numbers; a Pendente one links back to its checkout.
 */
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Link, Paper, Stack, Typography } from '@mui/material';
import { paths } from '@rifaria/shared/paths';
import { BUYER_MESSAGES } from '@rifaria/shared/schemas';
import type { MyTickets } from '@rifaria/shared/types';
import { FormError } from '../../common/components/form-error';
import { CpfField, PhoneField, SubmitButton } from '../../common/components/buyer-fields';
import { MY_TICKETS_FAILED, useMyTicketsLookup } from '../hooks/use-my-tickets-lookup';
import { PurchaseCard } from './purchase-card';

export const MY_TICKETS_TEXTS = {
  title: 'Meus números',
  intro: 'Informe o telefone e o CPF usados na compra para ver seus números nesta campanha.',
  phone: 'Telefone (WhatsApp)',
  cpf: 'CPF',
  submit: 'Ver meus números',
  failed: MY_TICKETS_FAILED,
  back: 'Voltar para a campanha',
  purchases: 'Suas compras',
} as const;

export function MyTicketsView({ link }: { link: string }) {
  const lookup = useMyTicketsLookup(link);

  return (
    <Box sx={{ bgcolor: 'grey.50', minHeight: '100vh', py: { xs: 2, md: 4 } }}>
      <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto', px: 2 }}>
        <Link component={RouterLink} to={paths.publicCampaign.getHref(link)}>
          {MY_TICKETS_TEXTS.back}
        </Link>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {MY_TICKETS_TEXTS.title}
        </Typography>
        <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
          <Stack component="form" noValidate onSubmit={(event) => void lookup.submit(event)} spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {MY_TICKETS_TEXTS.intro}
            </Typography>
            <FormError message={lookup.error} />
            {lookup.notFound ? (
              <Alert severity="info" role="status">
                {lookup.notFound}
              </Alert>
            ) : null}
            <PhoneField
              label={MY_TICKETS_TEXTS.phone}
              value={lookup.phone}
              onChange={lookup.editPhone}
              error={lookup.errors.phone}
            />
            <CpfField
              label={MY_TICKETS_TEXTS.cpf}
              value={lookup.cpf}
              onChange={lookup.editCpf}
              error={lookup.errors.cpf}
            />
            <SubmitButton busy={lookup.busy} busyLabel="Consultando" disabled={!lookup.canSubmit}>
              {MY_TICKETS_TEXTS.submit}
            </SubmitButton>
          </Stack>
        </Paper>

        {lookup.result ? <Purchases result={lookup.result} /> : null}
      </Stack>
    </Box>
  );
}

function Purchases({ result }: { result: MyTickets }) {
  return (
    <Stack component="section" aria-label={MY_TICKETS_TEXTS.purchases} spacing={1.5}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }}>
        {`Olá, ${result.buyer.name}!`}
      </Typography>
      {result.prizes.length > 0 && (
        <Alert severity="success" role="status">
          {result.prizes.map((prize) => (
            <Box component="span" key={prize.position} sx={{ display: 'block' }}>
              {`Parabéns! Seu número ${prize.number} foi sorteado no ${prize.position}º prêmio (${prize.award.description}).`}
            </Box>
          ))}
        </Alert>
      )}
      {result.purchases.length === 0 ? (
        <Typography color="text.secondary">{BUYER_MESSAGES.myTicketsNotFound}</Typography>
      ) : (
        result.purchases.map((purchase) => <PurchaseCard key={purchase.purchase_hash} purchase={purchase} />)
      )}
    </Stack>
  );
}
