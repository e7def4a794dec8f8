/**
 * "Meus números" (/p/{link}/meus-numeros): a buyer proves who they are with phone AND CPF and sees every purchase
 * in this campaign with its status and numbers; a Pendente one links back to its checkout.
 */
import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { paths } from '@rifaria/shared/paths';
import { BUYER_MESSAGES } from '@rifaria/shared/schemas';
import type { MyTickets } from '@rifaria/shared/types';
import { FormError } from '../../common/components/form-error';
import { lazyPart } from '../../common/components/lazy-page';
import { SubmitButton } from '../../common/components/buyer-fields';
import { MY_TICKETS_FAILED, useMyTicketsLookup } from '../hooks/use-my-tickets-lookup';
import { BUYER_ID_TEXTS, BuyerIdFields } from './buyer-id-fields';
import { PurchaseCard } from './purchase-card';

// LGPD requests are rare: their dialog loads on its first opening, never with the page.
const PrivacyDialog = lazyPart(() =>
  import(/* webpackChunkName: "privacy-dialog" */ './privacy-dialog').then((module) => module.PrivacyDialog),
);

export const MY_TICKETS_TEXTS = {
  title: 'Meus números',
  intro: 'Informe o telefone e o CPF usados na compra para ver seus números nesta campanha.',
  ...BUYER_ID_TEXTS,
  submit: 'Ver meus números',
  failed: MY_TICKETS_FAILED,
  back: 'Voltar para a campanha',
  purchases: 'Suas compras',
  privacy: 'Meus dados (LGPD): cópia ou exclusão',
} as const;

export function MyTicketsView({ link }: { link: string }) {
  const lookup = useMyTicketsLookup(link);
  /** null: never opened (its code not loaded); then it stays mounted so it closes with its animation. */
  const [privacy, setPrivacy] = useState<'closed' | 'open' | null>(null);

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
            <BuyerIdFields
              phone={lookup.phone}
              cpf={lookup.cpf}
              onPhone={lookup.editPhone}
              onCpf={lookup.editCpf}
              errors={lookup.errors}
            />
            <SubmitButton busy={lookup.busy} busyLabel="Consultando" disabled={!lookup.canSubmit}>
              {MY_TICKETS_TEXTS.submit}
            </SubmitButton>
          </Stack>
        </Paper>

        {lookup.result ? <Purchases result={lookup.result} /> : null}
        <Button variant="text" onClick={() => setPrivacy('open')} sx={{ alignSelf: 'center' }}>
          {MY_TICKETS_TEXTS.privacy}
        </Button>
      </Stack>
      <Suspense fallback={null}>
        {privacy ? (
          <PrivacyDialog
            open={privacy === 'open'}
            onClose={() => setPrivacy('closed')}
            initial={{ phone: lookup.phone, cpf: lookup.cpf }}
          />
        ) : null}
      </Suspense>
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
