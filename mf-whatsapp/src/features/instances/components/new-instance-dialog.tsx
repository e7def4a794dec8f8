/**
 * 'Nova instância' (spec "Messaging instance"): instance_name and phone_number, checked with the shared schema as typed
 * (300 ms) and on submit. The server's 422 lists go under their fields; anything else is 'Erro ao criar instância'.
 * Creating starts the connection at once, so on success the same dialog turns into the QR code dialog of the new
 * instance (one dialog, one Back-button entry: a second dialog opening as the first closes would race the history).
 */
import { useState } from 'react';
import { Alert, AlertTitle, TextField } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { WHATSAPP_MESSAGES, whatsappInstanceSchema } from '@rifaria/shared/schemas';
import type { WhatsAppInstance } from '@rifaria/shared/types';
import { DialogForm, FormDialog, useDebouncedValidation } from '@rifaria/shared/ui';
import { createInstance } from '../api/create-instance';
import { PhoneField } from './phone-field';
import { QR_TEXTS, QrCodeView } from './qr-code-dialog';

export const NEW_INSTANCE_TEXTS = {
  title: 'Nova instância',
  name: 'Nome da instância',
  nameHelp: 'De 3 a 40 letras, números, hífen ou sublinhado. Ex.: loja-centro',
  phone: 'Número do WhatsApp',
  phoneHelp: 'O número do celular que vai ler o QR Code.',
  submit: 'Criar e conectar',
  busy: 'Criando instância',
} as const;

type Field = 'instance_name' | 'phone_number';
const FIELDS: readonly Field[] = ['instance_name', 'phone_number'];

interface NewInstanceDialogProps {
  open: boolean;
  onClose: () => void;
  /** Created (the server's message); the dialog now shows the new instance's QR code. */
  onCreated: (message: string) => void;
  /** The new instance turned connected while its QR code was on screen. */
  onConnected: (instance: WhatsAppInstance) => void;
}

export function NewInstanceDialog({ open, onClose, onCreated, onConnected }: NewInstanceDialogProps) {
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  /** A failure that is not about a field: null none; '' the general message alone; else the general message and why. */
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<WhatsAppInstance | null>(null);
  const validation = useDebouncedValidation(whatsappInstanceSchema, { instance_name: name, phone_number: phone });

  /** Typing in a field takes its server error away: it was about the value that was there. */
  const edit = (field: Field, set: (value: string) => void) => (value: string) => {
    set(value);
    validation.touch(field);
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async () => {
    setFailure(null);
    setServerErrors({});
    const result = validation.validateAll();
    if (!result.success) return;
    setSubmitting(true);
    try {
      const reply = await createInstance(result.output);
      setCreated(reply.data);
      onCreated(reply.message ?? WHATSAPP_MESSAGES.created);
    } catch (error) {
      const { errors, message } = readApiError(error);
      const onFields: Partial<Record<Field, string>> = {};
      const elsewhere: string[] = [];
      for (const [field, messages] of Object.entries(errors ?? {})) {
        const first = messages[0];
        if (!first) continue;
        if ((FIELDS as readonly string[]).includes(field)) onFields[field as Field] = first;
        else elsewhere.push(first);
      }
      setServerErrors(onFields);
      // Errors of the fields say everything; with none, the spec's general message (and why, when the server says).
      if (Object.keys(onFields).length === 0 || elsewhere.length > 0) {
        const why = elsewhere.length > 0 ? elsewhere.join(' ') : (message ?? '');
        setFailure(why === WHATSAPP_MESSAGES.createFailed ? '' : why);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const errorOf = (field: Field) => serverErrors[field] ?? validation.errors[field];

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      busy={submitting}
      titleId="new-instance-title"
      title={created ? QR_TEXTS.title : NEW_INSTANCE_TEXTS.title}
    >
      {created ? (
        <QrCodeView active={open} instance={created} onClose={onClose} onConnected={onConnected} />
      ) : (
        <DialogForm
          onSubmit={() => void submit()}
          onCancel={onClose}
          submitLabel={NEW_INSTANCE_TEXTS.submit}
          busyLabel={NEW_INSTANCE_TEXTS.busy}
          submitting={submitting}
          disabled={validation.hasErrors}
        >
          {failure === null ? null : (
            <Alert severity="error">
              {failure ? <AlertTitle>{WHATSAPP_MESSAGES.createFailed}</AlertTitle> : null}
              {failure || WHATSAPP_MESSAGES.createFailed}
            </Alert>
          )}
          <TextField
            label={NEW_INSTANCE_TEXTS.name}
            value={name}
            onChange={(event) => edit('instance_name', setName)(event.target.value)}
            onBlur={() => validation.touch('instance_name')}
            error={Boolean(errorOf('instance_name'))}
            helperText={errorOf('instance_name') ?? NEW_INSTANCE_TEXTS.nameHelp}
            autoComplete="off"
            autoFocus
            fullWidth
            slotProps={{ htmlInput: { maxLength: 40, spellCheck: false } }}
          />
          <PhoneField
            label={NEW_INSTANCE_TEXTS.phone}
            value={phone}
            onChange={edit('phone_number', setPhone)}
            onBlur={() => validation.touch('phone_number')}
            error={errorOf('phone_number')}
            helperText={NEW_INSTANCE_TEXTS.phoneHelp}
          />
        </DialogForm>
      )}
    </FormDialog>
  );
}
