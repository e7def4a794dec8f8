/**
 * "Meus números" (/p/{link}/meus-numeros): a buyer proves who they are with phone AND CPF and sees every purchase
 * in this campaign with its status and numbers; a Pendente one links back to its checkout.
 */
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { maskCpf, maskPhone } from '@rifaria/shared/format';
import { paths } from '@rifaria/shared/paths';
import { BUYER_MESSAGES, myTicketsSchema } from '@rifaria/shared/schemas';
import { PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import type { MyTickets } from '@rifaria/shared/types';
import { useDebouncedValidation } from '@rifaria/shared/ui';
import { publicApi } from '../../api/public-api';
import { ticketCount } from '../../lib/tickets';
import { StatusBadge } from '../../components/status-badge';
import { formatReais } from '@rifaria/shared/money';

export const MY_TICKETS_TEXTS = {
  title: 'Meus números',
  intro: 'Informe o telefone e o CPF usados na compra para ver seus números nesta campanha.',
  phone: 'Telefone (WhatsApp)',
  cpf: 'CPF',
  submit: 'Ver meus números',
  failed: 'Erro ao consultar seus números. Tente novamente.',
  back: 'Voltar para a campanha',
  pay: 'Ir para o pagamento',
  purchases: 'Suas compras',
  noNumbers: 'Nenhum número reservado nesta compra.',
} as const;

export function MyTicketsView({ link }: { link: string }) {
  const [phone, setPhone] = useState('');
  const [cpf, setCpf] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** "Nothing found" is an answer, not a failure: shown as information. */
  const [notFound, setNotFound] = useState<string | null>(null);
  const [result, setResult] = useState<MyTickets | null>(null);
  const validation = useDebouncedValidation(myTicketsSchema, { phone, cpf });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setNotFound(null);
    const parsed = validation.validateAll();
    if (!parsed.success) return;
    setBusy(true);
    try {
      const reply = await publicApi.myTickets(link, parsed.output);
      setResult(reply.found ? reply.data : null);
      if (!reply.found) setNotFound(reply.message || BUYER_MESSAGES.myTicketsNotFound);
    } catch (failure) {
      const { status, message } = readApiError(failure);
      setResult(null);
      if (status === 429) setError(message ?? BUYER_MESSAGES.tooManyRequests);
      else if (status === 422 && message) setError(message);
      else setError(MY_TICKETS_TEXTS.failed);
    } finally {
      setBusy(false);
    }
  };

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
          <Stack component="form" noValidate onSubmit={(event) => void submit(event)} spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {MY_TICKETS_TEXTS.intro}
            </Typography>
            {error ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
            {notFound ? (
              <Alert severity="info" role="status">
                {notFound}
              </Alert>
            ) : null}
            <TextField
              label={MY_TICKETS_TEXTS.phone}
              value={phone}
              onChange={(event) => {
                setPhone(maskPhone(event.target.value));
                validation.touch('phone');
              }}
              error={Boolean(validation.errors.phone)}
              helperText={validation.errors.phone}
              placeholder="(00) 00000-0000"
              autoComplete="tel-national"
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 15 } }}
            />
            <TextField
              label={MY_TICKETS_TEXTS.cpf}
              value={cpf}
              onChange={(event) => {
                setCpf(maskCpf(event.target.value));
                validation.touch('cpf');
              }}
              error={Boolean(validation.errors.cpf)}
              helperText={validation.errors.cpf}
              placeholder="000.000.000-00"
              fullWidth
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 14 } }}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy || validation.hasErrors}>
              {busy ? <CircularProgress size={22} color="inherit" aria-label="Consultando" /> : MY_TICKETS_TEXTS.submit}
            </Button>
          </Stack>
        </Paper>

        {result ? (
          <Stack component="section" aria-label={MY_TICKETS_TEXTS.purchases} spacing={1.5}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }}>
              {`Olá, ${result.buyer.name}!`}
            </Typography>
            {result.purchases.length === 0 ? (
              <Typography color="text.secondary">{BUYER_MESSAGES.myTicketsNotFound}</Typography>
            ) : (
              result.purchases.map((purchase) => (
                <Paper
                  key={purchase.purchase_hash}
                  component="article"
                  aria-label={`Compra de ${purchase.purchased_at_formatted}`}
                  variant="outlined"
                  sx={{ p: 2, borderRadius: 3 }}
                >
                  <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                    <Typography sx={{ fontWeight: 700 }}>{purchase.purchased_at_formatted}</Typography>
                    <StatusBadge status={purchase.status} />
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {`${ticketCount(purchase.total_tickets)} · ${formatReais(purchase.total_value)}`}
                  </Typography>
                  {purchase.tickets.length ? (
                    <Box
                      component="ul"
                      aria-label="Números"
                      sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
                    >
                      {purchase.tickets.map((ticket) => (
                        <Box
                          component="li"
                          key={ticket.id}
                          sx={{
                            px: 1,
                            py: 0.25,
                            borderRadius: 1.5,
                            bgcolor: 'grey.100',
                            fontFamily: 'monospace',
                            fontWeight: 700,
                          }}
                        >
                          {ticket.number}
                        </Box>
                      ))}
                    </Box>
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      {MY_TICKETS_TEXTS.noNumbers}
                    </Typography>
                  )}
                  {purchase.status.id === PURCHASE_STATUS_ID.pending ? (
                    <Button
                      component={RouterLink}
                      to={paths.checkout.getHref(purchase.purchase_hash)}
                      variant="contained"
                      color="success"
                      size="small"
                      sx={{ mt: 1.5 }}
                    >
                      {MY_TICKETS_TEXTS.pay}
                    </Button>
                  ) : null}
                </Paper>
              ))
            )}
          </Stack>
        ) : null}
      </Stack>
    </Box>
  );
}
