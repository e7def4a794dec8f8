import { Alert, Button, CircularProgress, DialogActions, DialogContent, Stack, Typography } from '@mui/material';
import type { TransferPreview } from '../api/transfers';
import { TransferDetails, transferRows } from './transfer-details';

export const CONFIRMATION_TEXTS = {
  heading: 'Confira antes de transferir',
  details: 'Dados da transferência',
  amount: 'Valor',
  recipient: 'Para',
  document: 'CPF/CNPJ',
  bank: 'Instituição',
  key: 'Chave Pix',
  description: 'Descrição',
  /** A PSP without a directory lookup (BACEN API Pix): said plainly, never a made-up name. */
  noLookup:
    'O provedor de pagamentos não informa o nome e a instituição de quem recebe antes do envio. Confira a chave com atenção.',
  sandbox: 'Ambiente de testes (sandbox): destinatário fictício, nenhum dinheiro sai da conta.',
  back: 'Voltar',
  confirm: 'Confirmar transferência',
  sending: 'Enviando',
} as const;

/** The second step of 'Transferir': who receives it, as the PSP answered, and the amount; nothing is sent yet. */
export function TransferConfirmation(props: {
  preview: TransferPreview;
  sandbox: boolean;
  error: string | null;
  submitting: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { preview } = props;
  const rows = transferRows(CONFIRMATION_TEXTS, preview);
  return (
    <>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {CONFIRMATION_TEXTS.heading}
          </Typography>
          {props.error ? <Alert severity="error">{props.error}</Alert> : null}
          {preview.recipient ? null : <Alert severity="warning">{CONFIRMATION_TEXTS.noLookup}</Alert>}
          <TransferDetails label={CONFIRMATION_TEXTS.details} rows={rows} />
          {props.sandbox ? (
            <Typography variant="caption" color="text.secondary">
              {CONFIRMATION_TEXTS.sandbox}
            </Typography>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={props.onBack} disabled={props.submitting}>
          {CONFIRMATION_TEXTS.back}
        </Button>
        <Button variant="contained" onClick={props.onConfirm} disabled={props.submitting}>
          {props.submitting ? (
            <CircularProgress size={20} color="inherit" aria-label={CONFIRMATION_TEXTS.sending} />
          ) : (
            CONFIRMATION_TEXTS.confirm
          )}
        </Button>
      </DialogActions>
    </>
  );
}
