/**
 * "Meus números": the form's state and its submission (GET /public/campaigns/{link}/my-tickets). A form submits
 * on demand, so this is not a useRequest load: "nothing found" is an answer shown as information, a failure clears
 * the list, and a new submission clears both messages before it is even validated.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { readApiError } from '@rifaria/shared/api-client';
import { BUYER_MESSAGES, myTicketsSchema } from '@rifaria/shared/schemas';
import type { MyTickets } from '@rifaria/shared/types';
import { useDebouncedValidation } from '@rifaria/shared/ui';
import { getMyTickets, getMyTicketsForDevice } from '../api/get-my-tickets';

export const MY_TICKETS_FAILED = 'Erro ao consultar seus números. Tente novamente.';

export function useMyTicketsLookup(link: string) {
  const [phone, setPhone] = useState('');
  const [cpf, setCpf] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** "Nothing found" is an answer, not a failure: shown as information. */
  const [notFound, setNotFound] = useState<string | null>(null);
  const [result, setResult] = useState<MyTickets | null>(null);
  const validation = useDebouncedValidation(myTicketsSchema, { phone, cpf });

  // The device that proved the buyer (it registered, paid, or confirmed the phone here) sees its numbers at once
  // (issue 30); any other device gets nothing and uses the form. A failure here only leaves the form.
  useEffect(() => {
    let active = true;
    getMyTicketsForDevice(link).then(
      (reply) => {
        if (active && reply.found) setResult((current) => current ?? reply.data);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [link]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setNotFound(null);
    const parsed = validation.validateAll();
    if (!parsed.success) return;
    setBusy(true);
    try {
      const reply = await getMyTickets(link, parsed.output);
      setResult(reply.found ? reply.data : null);
      if (!reply.found) setNotFound(reply.message || BUYER_MESSAGES.myTicketsNotFound);
    } catch (failure) {
      const { status, message } = readApiError(failure);
      setResult(null);
      if (status === 429) setError(message ?? BUYER_MESSAGES.tooManyRequests);
      else if (status === 422 && message) setError(message);
      else setError(MY_TICKETS_FAILED);
    } finally {
      setBusy(false);
    }
  };

  return {
    phone,
    editPhone: (value: string) => {
      setPhone(value);
      validation.touch('phone');
    },
    cpf,
    editCpf: (value: string) => {
      setCpf(value);
      validation.touch('cpf');
    },
    errors: validation.errors,
    canSubmit: !validation.hasErrors,
    busy,
    error,
    notFound,
    result,
    submit,
  };
}
