/**
 * 'Meus dados (LGPD)': the dialog's two calls and its steps. 'ask': the buyer chooses a copy or the deletion and
 * types phone and CPF (the same schema as the API); 'code': the 6-digit code sent to their WhatsApp (and e-mail)
 * confirms it; 'done': the request waits for the Rifaria team.
 */
import { useState } from 'react';
import { readApiError } from '@rifaria/shared/api-client';
import {
  BUYER_MESSAGES,
  firstErrors,
  PRIVACY_MESSAGES,
  privacyConfirmSchema,
  privacyRequestSchema,
  validate,
  type PrivacyRequestKind,
} from '@rifaria/shared/schemas';
import { confirmPrivacyRequest, createPrivacyRequest } from '../api/privacy-requests';

export const PRIVACY_REQUEST_FAILED = 'Erro ao enviar o pedido. Tente novamente.';

type Step = 'ask' | 'code' | 'done';

export function usePrivacyRequest(initial: { phone: string; cpf: string }) {
  const [step, setStep] = useState<Step>('ask');
  const [kind, setKind] = useState<PrivacyRequestKind | ''>('');
  const [phone, setPhone] = useState(initial.phone);
  const [cpf, setCpf] = useState(initial.cpf);
  const [code, setCode] = useState('');
  const [requestId, setRequestId] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs a call: a refusal's field messages go under the fields, anything else above the form. */
  const call = async (work: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      const { status, message, errors: fields } = readApiError(failure);
      const onFields = fields ? firstErrors(fields) : {};
      setErrors(onFields);
      if (status === 429) setError(message ?? BUYER_MESSAGES.tooManyRequests);
      else if (Object.keys(onFields).length === 0)
        setError(status === 422 && message ? message : PRIVACY_REQUEST_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const ask = () => {
    const parsed = validate(privacyRequestSchema, { phone, cpf, kind });
    if (!parsed.success) return setErrors(firstErrors(parsed.errors));
    setErrors({});
    return call(async () => {
      const reply = await createPrivacyRequest(parsed.output);
      setRequestId(reply.data.id);
      setNote(reply.message ?? PRIVACY_MESSAGES.codeSent);
      setStep('code');
    });
  };

  const confirm = () => {
    const parsed = validate(privacyConfirmSchema, { code });
    if (!parsed.success || !requestId) return setErrors(parsed.success ? {} : firstErrors(parsed.errors));
    setErrors({});
    return call(async () => {
      const reply = await confirmPrivacyRequest(requestId, parsed.output.code);
      setNote(reply.message);
      setStep('done');
    });
  };

  /** The phone and CPF fields' props (BuyerIdFields). */
  const idFields = { phone, cpf, onPhone: setPhone, onCpf: setCpf, errors };
  return { step, kind, setKind, idFields, code, setCode, note, errors, error, busy, ask, confirm };
}
