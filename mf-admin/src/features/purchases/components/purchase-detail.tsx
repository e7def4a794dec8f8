/**
 * One purchase for buyer support: buyer, campaign, status history, the Pix (charge and payments) and the refund;
 * 'Reembolsar' (a paid purchase before the draw: the numbers go back on sale) and 'Reenviar confirmação'.
 */
import { useParams } from 'react-router-dom';
import { Paper, Stack, Typography } from '@mui/material';
import { formatDateTime } from '@rifaria/shared/format';
import { formatReais } from '@rifaria/shared/money';
import { paths } from '@rifaria/shared/paths';
import type { AdminPurchaseDetail } from '@rifaria/shared/types';
import { useRequest } from '@rifaria/shared/ui';
import { ActionButton } from '../../common/components/action-button';
import { DetailPage } from '../../common/components/detail-page';
import { ReasonButton, type ReasonTexts } from '../../common/components/reason-dialog';
import { SECTIONS } from '../../common/components/sections';
import { getPurchase, refundPurchase, resendConfirmation } from '../api/purchases';
import { purchaseStatus } from './purchases-page';

export const DETAIL_TEXTS = {
  title: 'Compra',
  what: 'a compra',
  notFound: 'Compra não encontrada.',
  back: 'Voltar para a busca',
  history: 'Histórico',
  pix: 'Pix',
  refund: 'Reembolso',
  doRefund: 'Reembolsar',
  resend: 'Reenviar confirmação',
  resent: 'Confirmação reenviada ao comprador.',
  resendFailed: 'Não foi possível reenviar a confirmação.',
} as const;

const PAID = 2;

const REFUND_TEXTS: ReasonTexts = {
  title: 'Reembolsar compra',
  description: 'O valor volta ao comprador pelo PSP e os números voltam à venda.',
  submit: DETAIL_TEXTS.doRefund,
  done: 'Reembolso solicitado.',
  failed: 'Não foi possível reembolsar.',
};

/** Label: value lines of a section. */
function Facts({ title, lines }: { title: string; lines: [string, string][] }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {lines.map(([label, value], index) => (
        <Typography key={`${label}-${index}`} variant="body2">
          <strong>{`${label}: `}</strong>
          {value}
        </Typography>
      ))}
    </Paper>
  );
}

export function PurchaseDetail() {
  const { hash = '' } = useParams();
  const purchase = useRequest((signal) => getPurchase(hash, signal), [hash]);
  const back = { label: DETAIL_TEXTS.back, to: paths.admin.getHref(SECTIONS.purchases.segment) };
  return (
    <DetailPage title={`${DETAIL_TEXTS.title} ${hash}`} back={back} state={purchase} texts={DETAIL_TEXTS}>
      {(data) => <Detail purchase={data} reload={purchase.reload} />}
    </DetailPage>
  );
}

function Detail({ purchase, reload }: { purchase: AdminPurchaseDetail; reload: () => void }) {
  const { buyer, pix, refund } = purchase;
  const paid = purchase.status.id === PAID;
  const at = (value: string | null) => (value ? formatDateTime(value) : '—');
  return (
    <Stack spacing={2}>
      <Facts
        title={purchase.campaign.name}
        lines={[
          ['Situação', purchaseStatus(purchase)],
          ['Valor', `${formatReais(purchase.total_value)} (${purchase.total_tickets} números)`],
          ['Comprador', `${buyer.name} · ${buyer.phone} · ${buyer.email ?? 'sem e-mail'} · CPF ${buyer.cpf}`],
          ['Reservada em', at(purchase.purchased_at)],
          ['Paga em', at(purchase.paid_at)],
        ]}
      />
      <Facts
        title={DETAIL_TEXTS.history}
        lines={purchase.history.map((item) => [formatDateTime(item.at), item.status])}
      />
      <Facts
        title={DETAIL_TEXTS.pix}
        lines={[
          ['txid', pix.txid ?? '—'],
          ['Cobrança', pix.charge_status ?? '—'],
          ...pix.payments.map((payment): [string, string] => [
            `E2E ${payment.end_to_end_id}`,
            `${formatReais(payment.value)} em ${formatDateTime(payment.paid_at)}`,
          ]),
        ]}
      />
      {refund ? (
        <Facts
          title={DETAIL_TEXTS.refund}
          lines={[
            [
              'Situação',
              { pending: 'Em andamento', failed: 'Recusado pelo PSP', refunded: 'Reembolsado' }[refund.status],
            ],
            ['Id da devolução', refund.refund_id],
            ['Motivo', refund.reason ?? '—'],
            ['Erro do PSP', refund.error ?? '—'],
            ['Pedido em', at(refund.requested_at)],
            ['Reembolsado em', at(refund.refunded_at)],
          ]}
        />
      ) : null}
      {paid ? (
        <Stack direction="row" spacing={1}>
          <ReasonButton
            texts={REFUND_TEXTS}
            onSubmit={({ text }) => refundPurchase(purchase.purchase_hash, text).then(reload)}
          />
          <ActionButton
            label={DETAIL_TEXTS.resend}
            run={() => resendConfirmation(purchase.purchase_hash)}
            done={DETAIL_TEXTS.resent}
            failed={DETAIL_TEXTS.resendFailed}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
