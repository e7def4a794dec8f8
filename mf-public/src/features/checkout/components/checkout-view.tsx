/**
 * The checkout of one real purchase (spec section 2 "Checkout", overridden by issue 5: the purchase's own Pix code
 * and numbers): countdown on the server's clock, Pix QR and copy-and-paste code, numbers, status badge, buyer data,
 * purchase date, organiser help link; the Pago, expired and paid-to-refund screens.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { apiErrorMessage } from '@rifaria/shared/api-client';
import { PAYMENT_WARNING_SECONDS, PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import { paths } from '@rifaria/shared/paths';
import type { Purchase } from '@rifaria/shared/types';
import { CheckIcon, CopyButton } from '@rifaria/shared/ui';
import { StatusBadge } from '../../components/status-badge';
import { publicApi } from '../../api/public-api';
import { WhatsAppIcon } from '../../lib/icons';
import { useRememberCampaign } from '../../lib/last-campaign';
import { ticketCount } from '../../lib/tickets';
import { SummaryList } from '../../lib/summary-list';
import { whatsappChatLink } from '../../lib/whatsapp';
import { formatCountdown, useSecondsLeft } from './use-purchase';
import { formatReais } from '@rifaria/shared/money';

export const CHECKOUT_TEXTS = {
  title: 'Finalizar pagamento',
  timeLeft: 'Tempo restante para pagar',
  warning: 'Atenção! Menos de 1 minuto restante',
  howTo: 'Como pagar',
  steps: [
    'Abra o app do seu banco e escolha pagar com Pix.',
    'Escaneie o QR Code ou use o Pix copia e cola.',
    'Pronto: a confirmação aparece nesta tela automaticamente.',
  ],
  qrAlt: 'QR Code Pix',
  copyPasteLabel: 'Pix copia e cola',
  copyCode: 'Copiar código',
  waiting: 'Aguardando pagamento...',
  sandbox: 'Simular pagamento (sandbox)',
  sandboxHint: 'Ambiente de testes: nenhum dinheiro real é movimentado.',
  sandboxFailed: 'Erro ao simular pagamento. Tente novamente.',
  tickets: 'Seus números',
  reservedNote: 'Estes números ficam reservados para você até o fim do prazo de pagamento.',
  summary: 'Resumo da compra',
  buyer: 'Dados do comprador',
  help: 'Falar com o organizador no WhatsApp',
  helpTitle: 'Precisa de ajuda?',
  paidTitle: 'Pagamento confirmado!',
  paidBody: 'Seus números estão garantidos. Boa sorte no sorteio!',
  expiredTitle: 'Pagamento expirado',
  expiredBody:
    'O prazo de 10 minutos para pagamento terminou. Esta compra foi cancelada e os números reservados foram liberados para outras pessoas.',
  expiredPaid:
    'Se você pagou nos últimos instantes, o pagamento não se perde: verifique de novo em alguns segundos e, se nada mudar, fale com o organizador.',
  checkAgain: 'Verificar pagamento novamente',
  buyAgain: 'Comprar novos números',
  myTickets: 'Meus números',
  backToCampaign: 'Voltar para a campanha',
  refundTitle: 'Pagamento recebido após o prazo',
  refundBody:
    'Seu Pix chegou depois que a reserva expirou e não havia mais números disponíveis nesta campanha, por isso a compra não pôde ser concluída. O valor pago é devolvido integralmente para a conta de origem do Pix.',
  refund: {
    pending: 'Devolução em andamento: o valor volta para a conta de origem do Pix em instantes.',
    refunded: 'Devolução concluída: o valor já foi devolvido para a conta de origem do Pix.',
    failed:
      'A devolução automática não foi concluída. Fale com o organizador pelo WhatsApp para receber o valor de volta.',
  },
} as const;

interface Props {
  purchase: Purchase;
  clockOffsetMs: number;
  /** Fetch the purchase again now (after the sandbox payment, on 'Verificar pagamento novamente'). */
  refresh: () => Promise<void>;
}

export function CheckoutView({ purchase, clockOffsetMs, refresh }: Props) {
  const secondsLeft = useSecondsLeft(purchase.expires_at, clockOffsetMs);
  const pending = purchase.status.id === PURCHASE_STATUS_ID.pending;
  const expired = purchase.status.id !== PURCHASE_STATUS_ID.paid && (!pending || secondsLeft <= 0);
  // A screen that loses its purchase later (a broken link) can still send the buyer back to this campaign.
  useRememberCampaign(purchase.campaign.link, purchase.campaign.title);

  // When the time runs out on screen, ask the server at once (it may have been paid in the last second).
  useEffect(() => {
    if (pending && secondsLeft <= 0) void refresh();
  }, [pending, secondsLeft, refresh]);

  let body: ReactNode;
  if (purchase.refund_status) body = <RefundScreen purchase={purchase} />;
  else if (purchase.status.id === PURCHASE_STATUS_ID.paid) body = <PaidScreen purchase={purchase} />;
  else if (expired) body = <ExpiredScreen purchase={purchase} refresh={refresh} />;
  else body = <PendingScreen purchase={purchase} secondsLeft={secondsLeft} refresh={refresh} />;

  return (
    <Box sx={{ bgcolor: 'grey.50', minHeight: '100vh', py: { xs: 2, md: 4 } }}>
      <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto', px: 2 }}>
        {body}
        <Summary purchase={purchase} />
        <BuyerData purchase={purchase} />
        <HelpLink purchase={purchase} />
      </Stack>
    </Box>
  );
}

function Card({ title, children, label }: { title?: string; children: ReactNode; label?: string }) {
  return (
    <Paper component="section" aria-label={label ?? title} variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
      {title ? (
        <Typography variant="h6" component="h2" sx={{ fontWeight: 800, mb: 1.5 }}>
          {title}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}

function Tickets({ purchase, large = false }: { purchase: Purchase; large?: boolean }) {
  if (purchase.tickets.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={CHECKOUT_TEXTS.tickets}
      sx={{
        m: 0,
        p: 0,
        listStyle: 'none',
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(${large ? 84 : 68}px, 1fr))`,
        gap: 1,
      }}
    >
      {purchase.tickets.map((ticket) => (
        <Box
          component="li"
          key={ticket.id}
          sx={{
            textAlign: 'center',
            py: large ? 1 : 0.5,
            borderRadius: 2,
            fontFamily: 'monospace',
            fontWeight: 800,
            fontSize: large ? '1.25rem' : '1rem',
            bgcolor: large ? 'success.main' : 'grey.100',
            color: large ? 'success.contrastText' : 'text.primary',
            border: large ? 0 : 1,
            borderColor: 'divider',
          }}
        >
          {ticket.number}
        </Box>
      ))}
    </Box>
  );
}

function PendingScreen({
  purchase,
  secondsLeft,
  refresh,
}: {
  purchase: Purchase;
  secondsLeft: number;
  refresh: () => Promise<void>;
}) {
  const warning = secondsLeft <= PAYMENT_WARNING_SECONDS;
  const [simulating, setSimulating] = useState(false);
  const [sandboxError, setSandboxError] = useState<string | null>(null);
  const payment = purchase.payment;

  const simulate = async (txid: string) => {
    setSimulating(true);
    setSandboxError(null);
    try {
      await publicApi.sandboxPay(txid);
    } catch (error) {
      setSandboxError(apiErrorMessage(error, CHECKOUT_TEXTS.sandboxFailed));
    } finally {
      setSimulating(false);
    }
    await refresh();
  };

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800, textAlign: 'center' }}>
        {CHECKOUT_TEXTS.title}
      </Typography>

      <Paper
        variant="outlined"
        sx={{
          p: 2,
          borderRadius: 3,
          textAlign: 'center',
          borderColor: warning ? 'error.main' : 'divider',
          bgcolor: warning ? '#fdecea' : 'background.paper',
        }}
      >
        <Typography variant="body2" color="text.secondary" id="countdown-label">
          {CHECKOUT_TEXTS.timeLeft}
        </Typography>
        <Typography
          role="timer"
          aria-labelledby="countdown-label"
          data-warning={warning ? 'true' : 'false'}
          sx={{
            fontSize: '2.25rem',
            fontWeight: 800,
            fontVariantNumeric: 'tabular-nums',
            color: warning ? 'error.main' : 'text.primary',
          }}
        >
          {formatCountdown(secondsLeft)}
        </Typography>
        {warning ? (
          <Alert severity="error" role="alert" sx={{ mt: 1, justifyContent: 'center', fontWeight: 700 }}>
            {CHECKOUT_TEXTS.warning}
          </Alert>
        ) : null}
      </Paper>

      {payment ? (
        <Card title="Pague com Pix">
          <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
            <Typography sx={{ fontSize: '1.75rem', fontWeight: 800 }}>{formatReais(purchase.total_value)}</Typography>
            <Box
              component="img"
              src={payment.qr_code}
              alt={CHECKOUT_TEXTS.qrAlt}
              sx={{
                width: 220,
                height: 220,
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                p: 1,
                bgcolor: 'common.white',
              }}
            />
            <TextField
              label={CHECKOUT_TEXTS.copyPasteLabel}
              value={payment.copy_paste_code}
              fullWidth
              multiline
              maxRows={3}
              slotProps={{ htmlInput: { readOnly: true, style: { fontFamily: 'monospace', fontSize: 12 } } }}
            />
            <CopyButton
              text={payment.copy_paste_code}
              label={CHECKOUT_TEXTS.copyCode}
              variant="contained"
              size="large"
              fullWidth
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }} role="status">
              <CircularProgress size={14} color="inherit" aria-hidden="true" />
              <Typography variant="body2">{CHECKOUT_TEXTS.waiting}</Typography>
            </Stack>
            {purchase.sandbox ? (
              <Alert severity="info" role="note" icon={false} sx={{ alignSelf: 'stretch' }}>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {CHECKOUT_TEXTS.sandboxHint}
                </Typography>
                <Button
                  variant="outlined"
                  color="info"
                  size="small"
                  disabled={simulating}
                  onClick={() => void simulate(payment.txid)}
                >
                  {CHECKOUT_TEXTS.sandbox}
                </Button>
                {sandboxError ? (
                  <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
                    {sandboxError}
                  </Typography>
                ) : null}
              </Alert>
            ) : null}
          </Stack>
          <Box component="ol" sx={{ mt: 2, mb: 0, pl: 2.5, '& li': { mb: 0.5 } }} aria-label={CHECKOUT_TEXTS.howTo}>
            {CHECKOUT_TEXTS.steps.map((step) => (
              <Typography component="li" variant="body2" key={step}>
                {step}
              </Typography>
            ))}
          </Box>
        </Card>
      ) : null}

      <Card title={CHECKOUT_TEXTS.tickets}>
        <Tickets purchase={purchase} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {CHECKOUT_TEXTS.reservedNote}
        </Typography>
      </Card>
    </>
  );
}

function PaidScreen({ purchase }: { purchase: Purchase }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, borderColor: 'success.main' }} role="status">
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <CheckIcon color="success" sx={{ fontSize: 64 }} aria-hidden="true" />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {CHECKOUT_TEXTS.paidTitle}
        </Typography>
        <Typography color="text.secondary">{CHECKOUT_TEXTS.paidBody}</Typography>
        {purchase.campaign.draw_date_formatted ? (
          <Typography sx={{ fontWeight: 700 }}>{`Sorteio: ${purchase.campaign.draw_date_formatted}`}</Typography>
        ) : null}
      </Stack>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 800, mt: 3, mb: 1.5 }}>
        {CHECKOUT_TEXTS.tickets}
      </Typography>
      <Tickets purchase={purchase} large />
      <Box sx={{ mt: 3 }}>
        <EndActions
          purchase={purchase}
          main={{ label: CHECKOUT_TEXTS.myTickets, to: paths.myTickets.getHref(purchase.campaign.link) }}
          second={{ label: CHECKOUT_TEXTS.backToCampaign, to: paths.publicCampaign.getHref(purchase.campaign.link) }}
        />
      </Box>
    </Paper>
  );
}

interface EndAction {
  label: string;
  to: string;
}

/**
 * The ways on from a finished checkout, always inside the buyer's campaign (never '/', the organisers' area):
 * by default 'Comprar novos números' (the campaign page) and 'Meus números'.
 */
function EndActions({ purchase, main, second }: { purchase: Purchase; main?: EndAction; second?: EndAction }) {
  const { link } = purchase.campaign;
  const primary = main ?? { label: CHECKOUT_TEXTS.buyAgain, to: paths.publicCampaign.getHref(link) };
  const secondary = second ?? { label: CHECKOUT_TEXTS.myTickets, to: paths.myTickets.getHref(link) };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ width: '100%' }}>
      <Button component={RouterLink} to={primary.to} variant="contained" color="success" fullWidth>
        {primary.label}
      </Button>
      <Button component={RouterLink} to={secondary.to} variant="outlined" fullWidth>
        {secondary.label}
      </Button>
    </Stack>
  );
}

function ExpiredScreen({ purchase, refresh }: { purchase: Purchase; refresh: () => Promise<void> }) {
  const [checking, setChecking] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, borderColor: 'error.main' }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {CHECKOUT_TEXTS.expiredTitle}
        </Typography>
        <Typography>{CHECKOUT_TEXTS.expiredBody}</Typography>
        <EndActions purchase={purchase} />
        <Typography variant="body2" color="text.secondary">
          {CHECKOUT_TEXTS.expiredPaid}
        </Typography>
        <Button
          size="small"
          disabled={checking}
          onClick={() => {
            setChecking(true);
            void refresh().finally(() => setChecking(false));
          }}
        >
          {CHECKOUT_TEXTS.checkAgain}
        </Button>
      </Stack>
    </Paper>
  );
}

function RefundScreen({ purchase }: { purchase: Purchase }) {
  const status = purchase.refund_status ?? 'pending';
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, borderColor: 'warning.main' }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {CHECKOUT_TEXTS.refundTitle}
        </Typography>
        <Typography>{CHECKOUT_TEXTS.refundBody}</Typography>
        <Alert
          severity={status === 'refunded' ? 'success' : status === 'failed' ? 'error' : 'info'}
          role="status"
          sx={{ textAlign: 'left' }}
        >
          {CHECKOUT_TEXTS.refund[status]}
        </Alert>
        <EndActions purchase={purchase} />
      </Stack>
    </Paper>
  );
}

function Summary({ purchase }: { purchase: Purchase }) {
  return (
    <Card title={CHECKOUT_TEXTS.summary}>
      <SummaryList
        label={CHECKOUT_TEXTS.summary}
        rows={[
          { term: 'Campanha', value: purchase.campaign.title, wide: true },
          { term: 'Status', value: <StatusBadge status={purchase.status} /> },
          { term: 'Quantidade', value: ticketCount(purchase.total_tickets) },
          { term: 'Valor por número', value: formatReais(purchase.campaign.ticket_price) },
          { term: 'Total', value: formatReais(purchase.total_value) },
          { term: 'Data da compra', value: purchase.purchased_at_formatted },
        ]}
      />
    </Card>
  );
}

function BuyerData({ purchase }: { purchase: Purchase }) {
  const { buyer } = purchase;
  return (
    <Card title={CHECKOUT_TEXTS.buyer}>
      <SummaryList
        label={CHECKOUT_TEXTS.buyer}
        rows={[
          { term: 'Nome', value: buyer.name },
          { term: 'Telefone', value: buyer.phone },
          { term: 'CPF', value: buyer.cpf },
          { term: 'E-mail', value: buyer.email ?? 'Não informado' },
        ]}
      />
    </Card>
  );
}

function HelpLink({ purchase }: { purchase: Purchase }) {
  const link = whatsappChatLink(
    purchase.campaign.organizer.whatsapp,
    `Olá! Preciso de ajuda com minha compra na campanha "${purchase.campaign.title}" (código ${purchase.purchase_hash.slice(0, 8)}).`,
  );
  if (!link) return null;
  return (
    <Card label={CHECKOUT_TEXTS.helpTitle}>
      <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography sx={{ fontWeight: 700 }}>{CHECKOUT_TEXTS.helpTitle}</Typography>
        <Button
          variant="outlined"
          color="success"
          startIcon={<WhatsAppIcon />}
          href={link}
          target="_blank"
          rel="noopener noreferrer"
        >
          {CHECKOUT_TEXTS.help}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {`Organizador: ${purchase.campaign.organizer.name}`}
        </Typography>
      </Stack>
    </Card>
  );
}
