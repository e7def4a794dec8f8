/**
 * 'Enviar mensagem de teste': a real message through one of the connected instances
 * (POST /whatsapp/instances/{id}/test). It shows up in 'Mensagens enviadas' like the automatic ones.
 */
import { useState } from 'react';
import { Alert, Box, MenuItem, TextField } from '@mui/material';
import { apiFieldErrors } from '@rifaria/shared/api-client';
import { maskPhone } from '@rifaria/shared/format';
import { WHATSAPP_MESSAGES, WHATSAPP_TEST_MESSAGE_MAX_LENGTH, whatsappTestSchema } from '@rifaria/shared/schemas';
import type { WhatsAppInstance } from '@rifaria/shared/types';
import { DialogForm, FormDialog, toast, useDebouncedValidation } from '@rifaria/shared/ui';
import { whatsappErrorMessage } from '../api/error-message';
import { sendTestMessage } from '../api/send-test-message';
import { PhoneField } from './phone-field';

export const TEST_TEXTS = {
  title: 'Enviar mensagem de teste',
  instance: 'Enviar pela instância',
  phone: 'Telefone de destino',
  phoneHelp: 'Um número com WhatsApp, com DDD.',
  message: 'Mensagem',
  defaultMessage:
    'Olá! Esta é uma mensagem de teste da Rifaria. Se ela chegou, o WhatsApp está pronto para avisar seus compradores automaticamente.',
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
  const [phone, setPhone] = useState('');
  const [message, setMessage] = useState<string>(TEST_TEXTS.defaultMessage);
  const [submitting, setSubmitting] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const validation = useDebouncedValidation(whatsappTestSchema, { phone_number: phone, message });
  const chosen = instances.some((instance) => instance.id === instanceId) ? instanceId : firstChoice(instances);

  const submit = async () => {
    setError(null);
    setServerErrors({});
    const result = validation.validateAll();
    if (!result.success || !chosen) return;
    setSubmitting(true);
    try {
      const reply = await sendTestMessage(chosen, result.output);
      toast.success(reply.message ?? WHATSAPP_MESSAGES.testSent);
      onSent();
      onClose();
    } catch (failure) {
      const fields = apiFieldErrors(failure);
      setServerErrors(fields);
      if (!fields.phone_number && !fields.message)
        setError(whatsappErrorMessage(failure, WHATSAPP_MESSAGES.testFailed));
    } finally {
      setSubmitting(false);
    }
  };

  // As in the other forms, a field's error shows once it was left or typed in, or on a submit attempt: 'Enviar' is
  // never disabled without saying why.
  const errorOf = (field: 'phone_number' | 'message') => serverErrors[field] || validation.errors[field];
  const edit = (field: 'phone_number' | 'message', set: (value: string) => void) => (value: string) => {
    set(value);
    validation.touch(field);
    setServerErrors((current) => ({ ...current, [field]: '' }));
  };

  return (
    <FormDialog open={open} onClose={onClose} busy={submitting} titleId="test-message-title" title={TEST_TEXTS.title}>
      <DialogForm
        onSubmit={() => void submit()}
        onCancel={onClose}
        submitLabel={TEST_TEXTS.submit}
        busyLabel={TEST_TEXTS.busy}
        submitting={submitting}
        disabled={validation.hasErrors || !chosen}
      >
        {error ? <Alert severity="error">{error}</Alert> : null}
        <TextField
          select
          label={TEST_TEXTS.instance}
          value={chosen}
          onChange={(event) => setInstanceId(event.target.value)}
          fullWidth
        >
          {instances.map((instance) => (
            <MenuItem key={instance.id} value={instance.id}>
              {`${instance.instance_name} · ${maskPhone(instance.phone_number)}`}
            </MenuItem>
          ))}
        </TextField>
        <PhoneField
          label={TEST_TEXTS.phone}
          value={phone}
          onChange={edit('phone_number', setPhone)}
          onBlur={() => validation.touch('phone_number')}
          error={errorOf('phone_number')}
          helperText={TEST_TEXTS.phoneHelp}
          autoFocus
        />
        <TextField
          label={TEST_TEXTS.message}
          value={message}
          onChange={(event) => edit('message', setMessage)(event.target.value)}
          onBlur={() => validation.touch('message')}
          error={Boolean(errorOf('message'))}
          helperText={
            <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <span>{errorOf('message') ?? ''}</span>
              <span aria-label="Caracteres usados">{`${message.length}/${WHATSAPP_TEST_MESSAGE_MAX_LENGTH}`}</span>
            </Box>
          }
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { maxLength: WHATSAPP_TEST_MESSAGE_MAX_LENGTH } }}
        />
      </DialogForm>
    </FormDialog>
  );
}
