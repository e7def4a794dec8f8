/**
 * 'Meus dados (LGPD)', opened from 'Meus números' and loaded only then (lazyPart): a buyer asks for a copy of their
 * data or its deletion, then confirms with the code sent to their WhatsApp (and e-mail). The Rifaria team answers it.
 */
import type { FormEvent } from 'react';
import {
  Alert,
  Button,
  DialogContent,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { BUYER_CODE_LENGTH } from '@rifaria/shared/constants';
import { onlyDigits } from '@rifaria/shared/format';
import type { PrivacyRequestKind } from '@rifaria/shared/schemas';
import { FormDialog } from '@rifaria/shared/ui';
import { SubmitButton } from '../../common/components/buyer-fields';
import { FormError } from '../../common/components/form-error';
import { usePrivacyRequest } from '../hooks/use-privacy-request';
import { BuyerIdFields } from './buyer-id-fields';

export const PRIVACY_TEXTS = {
  title: 'Meus dados (LGPD)',
  close: 'Fechar',
  intro:
    'Você pode pedir uma cópia de todos os dados que a Rifaria tem sobre você, ou que eles sejam apagados. Para confirmar, enviamos um código para o seu WhatsApp (e e-mail, se cadastrado).',
  kind: 'O que você deseja?',
  export: 'Receber uma cópia dos meus dados',
  deletion: 'Apagar meus dados',
  deletionWarning:
    "Seu nome, telefone, CPF e e-mail serão apagados. Suas compras continuam registradas, sem seus dados, para a contabilidade, e não poderão mais ser consultadas em 'Meus números'.",
  send: 'Enviar código',
  sending: 'Enviando código',
  code: 'Código de 6 dígitos',
  confirm: 'Confirmar pedido',
  confirming: 'Confirmando pedido',
} as const;

const KINDS: PrivacyRequestKind[] = ['export', 'deletion'];

interface Props {
  open: boolean;
  onClose: () => void;
  /** What the buyer typed in 'Meus números', to start from. */
  initial: { phone: string; cpf: string };
}

export function PrivacyDialog({ open, onClose, initial }: Props) {
  const request = usePrivacyRequest(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (request.step === 'ask' ? request.ask() : request.confirm());
  };
  const done = (
    <Alert
      severity="success"
      role="status"
      action={
        <Button color="inherit" onClick={onClose}>
          {PRIVACY_TEXTS.close}
        </Button>
      }
    >
      {request.note}
    </Alert>
  );

  return (
    <FormDialog open={open} onClose={onClose} busy={request.busy} titleId="privacy-title" title={PRIVACY_TEXTS.title}>
      <DialogContent>
        {request.step === 'done' ? (
          done
        ) : (
          <Stack component="form" noValidate onSubmit={submit} spacing={2} sx={{ pt: 1 }}>
            <FormError message={request.error} />
            {request.step === 'ask' ? (
              <>
                <Typography variant="body2" color="text.secondary">
                  {PRIVACY_TEXTS.intro}
                </Typography>
                <FormControl error={Boolean(request.errors.kind)}>
                  <FormLabel id="privacy-kind">{PRIVACY_TEXTS.kind}</FormLabel>
                  <RadioGroup
                    aria-labelledby="privacy-kind"
                    value={request.kind}
                    onChange={(event) => request.setKind(event.target.value as PrivacyRequestKind)}
                  >
                    {KINDS.map((kind) => (
                      <FormControlLabel key={kind} value={kind} control={<Radio />} label={PRIVACY_TEXTS[kind]} />
                    ))}
                  </RadioGroup>
                  {request.errors.kind ? <FormHelperText>{request.errors.kind}</FormHelperText> : null}
                </FormControl>
                {request.kind === 'deletion' ? <Alert severity="warning">{PRIVACY_TEXTS.deletionWarning}</Alert> : null}
                <BuyerIdFields {...request.idFields} />
                <SubmitButton busy={request.busy} busyLabel={PRIVACY_TEXTS.sending}>
                  {PRIVACY_TEXTS.send}
                </SubmitButton>
              </>
            ) : (
              <>
                <Alert severity="info" role="status">
                  {request.note}
                </Alert>
                <TextField
                  label={PRIVACY_TEXTS.code}
                  value={request.code}
                  onChange={(event) => request.setCode(onlyDigits(event.target.value).slice(0, BUYER_CODE_LENGTH))}
                  error={Boolean(request.errors.code)}
                  helperText={request.errors.code}
                  autoComplete="one-time-code"
                  autoFocus
                  fullWidth
                  slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: BUYER_CODE_LENGTH } }}
                />
                <SubmitButton busy={request.busy} busyLabel={PRIVACY_TEXTS.confirming}>
                  {PRIVACY_TEXTS.confirm}
                </SubmitButton>
              </>
            )}
          </Stack>
        )}
      </DialogContent>
    </FormDialog>
  );
}
