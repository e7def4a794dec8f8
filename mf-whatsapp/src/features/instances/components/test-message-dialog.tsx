/**
 * 'Enviar mensagem de teste': a real message through one of the connected instances
 * (POST /whatsapp/instances/{id}/test). The server writes the text (`whatsappTestText`, shown here) and sends it to
 * the instance's own number: the organiser picks only the instance. It shows up in 'Mensagens enviadas' like the
 * automatic ones; a few an hour (429 says how long to wait).
 */
import { useState } from 'react';
import { Alert, MenuItem, TextField, Typography } from '@mui/material';
import { maskPhone } from '@rifaria/shared/format';
import { WHATSAPP_MESSAGES, whatsappTestText } from '@rifaria/shared/schemas';
import type { WhatsAppInstance } from '@rifaria/shared/types';
import { DialogForm, FormDialog, toast } from '@rifaria/shared/ui';
import { whatsappErrorMessage } from '../api/error-message';
import { sendTestMessage } from '../api/send-test-message';

export const TEST_TEXTS = {
  title: 'Enviar mensagem de teste',
  instance: 'Enviar pela instância',
  destination: (phone: string) => `A mensagem vai para o número da própria instância: ${phone}.`,
  message: 'Mensagem',
  submit: 'Enviar',
  busy: 'Enviando mensagem',
} as const;

interface TestMessageDialogProps {
  open: boolean;
  /** The connected instances (the only ones that can send). */
  instances: WhatsAppInstance[];
  onClose: () => void;
  /** A message went out: the sent-messages list is read again. */
  onSent: () => void;
}

/** The instance chosen first: the default one when it is connected, else the first connected one. */
function firstChoice(instances: WhatsAppInstance[]): string {
  return (instances.find((instance) => instance.is_default) ?? instances[0])?.id ?? '';
}

export function TestMessageDialog({ open, instances, onClose, onSent }: TestMessageDialogProps) {
  const [instanceId, setInstanceId] = useState(() => firstChoice(instances));
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen =
    instances.find((instance) => instance.id === instanceId) ??
    instances.find((instance) => instance.id === firstChoice(instances));

  const submit = async () => {
    if (!chosen) return;
    setError(null);
    setSubmitting(true);
    try {
      const reply = await sendTestMessage(chosen.id);
      toast.success(reply.message ?? WHATSAPP_MESSAGES.testSent);
      onSent();
      onClose();
    } catch (failure) {
      setError(whatsappErrorMessage(failure, WHATSAPP_MESSAGES.testFailed));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <FormDialog open={open} onClose={onClose} busy={submitting} titleId="test-message-title" title={TEST_TEXTS.title}>
      <DialogForm
        onSubmit={() => void submit()}
        onCancel={onClose}
        submitLabel={TEST_TEXTS.submit}
        busyLabel={TEST_TEXTS.busy}
        submitting={submitting}
        disabled={!chosen}
      >
        {error ? <Alert severity="error">{error}</Alert> : null}
        <TextField
          select
          label={TEST_TEXTS.instance}
          value={chosen?.id ?? ''}
          onChange={(event) => setInstanceId(event.target.value)}
          fullWidth
        >
          {instances.map((instance) => (
            <MenuItem key={instance.id} value={instance.id}>
              {`${instance.instance_name} · ${maskPhone(instance.phone_number)}`}
            </MenuItem>
          ))}
        </TextField>
        {chosen ? (
          <>
            <Typography variant="body2">{TEST_TEXTS.destination(maskPhone(chosen.phone_number))}</Typography>
            <TextField
              label={TEST_TEXTS.message}
              value={whatsappTestText(chosen.instance_name)}
              multiline
              fullWidth
              slotProps={{ htmlInput: { readOnly: true } }}
            />
          </>
        ) : null}
      </DialogForm>
    </FormDialog>
  );
}
