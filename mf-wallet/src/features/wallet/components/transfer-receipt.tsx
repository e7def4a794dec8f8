import { Alert, Button, DialogActions, DialogContent, Skeleton, Stack, Typography } from '@mui/material';
import { apiErrorMessage } from '@rifaria/shared/api-client';
import { formatDateTime } from '@rifaria/shared/format';
import { FormDialog, RetryAlert, useRequest } from '@rifaria/shared/ui';
import { getTransfer, transferReceiptUrl, type TransferReply } from '../api/transfers';
import { TransferDetails, transferRows } from './transfer-details';

export const RECEIPT_TEXTS = {
  title: 'Comprovante',
  completed: 'Transferência enviada',
  processing:
    'Transferência em processamento. Acompanhe o resultado no extrato; o comprovante fica disponível quando ela for concluída.',
  details: 'Comprovante da transferência',
  amount: 'Valor',
  recipient: 'Para',
  document: 'CPF/CNPJ',
  bank: 'Instituição',
  key: 'Chave Pix',
  date: 'Data e hora',
  endToEnd: 'ID da transação (fim a fim)',
  description: 'Descrição',
  download: 'Baixar comprovante (PDF)',
  close: 'Fechar',
  loadError: 'Erro ao carregar o comprovante.',
} as const;

type Transfer = TransferReply['data'];

/** A transfer's receipt on screen (comprovante): the end-to-end id, the recipient, and the PDF to download. */
export function TransferReceipt({ walletId, transfer }: { walletId: number; transfer: Transfer }) {
  if (transfer.status !== 'completed') return <Alert severity="info">{RECEIPT_TEXTS.processing}</Alert>;
  const rows = transferRows(RECEIPT_TEXTS, transfer, [
    [RECEIPT_TEXTS.date, formatDateTime(transfer.completed_at ?? transfer.created_at)],
    [RECEIPT_TEXTS.endToEnd, transfer.end_to_end_id ?? '—'],
  ]);
  return (
    <Stack spacing={2}>
      <Alert severity="success">{RECEIPT_TEXTS.completed}</Alert>
      <TransferDetails label={RECEIPT_TEXTS.details} rows={rows} />
      <Button
        variant="outlined"
        component="a"
        href={transferReceiptUrl(walletId, transfer.id)}
        download={`comprovante-pix-${transfer.id}.pdf`}
      >
        {RECEIPT_TEXTS.download}
      </Button>
    </Stack>
  );
}

/** The last step of 'Transferir': the receipt, and 'Fechar'. */
export function TransferReceiptStep(props: { walletId: number; transfer: Transfer; onClose: () => void }) {
  return (
    <>
      <DialogContent sx={{ pt: 1 }}>
        <TransferReceipt walletId={props.walletId} transfer={props.transfer} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={props.onClose}>
          {RECEIPT_TEXTS.close}
        </Button>
      </DialogActions>
    </>
  );
}

/** A transfer's receipt opened from its line in the history. */
export function TransferReceiptDialog(props: { walletId: number; transferId: number | null; onClose: () => void }) {
  const { walletId, transferId } = props;
  const open = transferId !== null;
  const request = useRequest(
    (signal) => (transferId === null ? Promise.resolve(null) : getTransfer(walletId, transferId, signal)),
    [walletId, transferId],
  );
  const transfer = request.status === 'ready' ? request.data?.data : undefined;
  return (
    <FormDialog open={open} onClose={props.onClose} titleId="transfer-receipt-title" title={RECEIPT_TEXTS.title}>
      <DialogContent sx={{ pt: 1 }}>
        {request.status === 'loading' ? (
          <Skeleton variant="rounded" height={240} aria-label="Carregando comprovante" />
        ) : transfer ? (
          <TransferReceipt walletId={walletId} transfer={transfer} />
        ) : request.status === 'error' ? (
          <RetryAlert onRetry={request.reload}>{apiErrorMessage(request.error, RECEIPT_TEXTS.loadError)}</RetryAlert>
        ) : (
          <Typography color="text.secondary">{RECEIPT_TEXTS.loadError}</Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onClose}>{RECEIPT_TEXTS.close}</Button>
      </DialogActions>
    </FormDialog>
  );
}
