/**
 * The CEP auto-fill (spec section 5 "Address"): once the field holds 8 digits, GET /api/cep/{cep} and hand the
 * address to `onFound`. The latest CEP wins; the saved address's CEP is not looked up again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { readApiError } from '@rifaria/shared/api-client';
import { CEP_DIGITS } from '@rifaria/shared/constants';
import { onlyDigits } from '@rifaria/shared/format';
import { ADDRESS_MESSAGES } from '@rifaria/shared/schemas';
import { getCep, type CepAddress } from '../api/address';

export interface CepLookup {
  loading: boolean;
  /** 'CEP não encontrado ou inválido', or the server's text when the lookup services are down. */
  error: string | null;
  /** Call with every new value of the CEP field. */
  change: (value: string) => void;
  /**
   * A CEP whose address is already in the form (the saved one): typing it again does not look it up, and a failed
   * lookup's message goes (the address was filled by hand and saved).
   */
  remember: (value: string) => void;
}

export function useCepLookup(onFound: (address: CepAddress) => void): CepLookup {
  const [state, setState] = useState<{ loading: boolean; error: string | null }>({ loading: false, error: null });
  const last = useRef('');
  const inFlight = useRef<AbortController | null>(null);
  const onFoundRef = useRef(onFound);
  onFoundRef.current = onFound;

  useEffect(() => () => inFlight.current?.abort(), []);

  const change = useCallback((value: string) => {
    const digits = onlyDigits(value);
    if (digits.length < CEP_DIGITS) {
      inFlight.current?.abort();
      last.current = '';
      setState({ loading: false, error: null });
      return;
    }
    if (digits === last.current) return;
    last.current = digits;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ loading: true, error: null });
    getCep(digits, controller.signal).then(
      (address) => {
        if (controller.signal.aborted) return;
        onFoundRef.current(address);
        setState({ loading: false, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const info = readApiError(error);
        // 404 → the spec's text; 503 → the server's 'preencha manualmente'. The fields stay editable either way.
        const message = info.status === 404 || !info.message ? ADDRESS_MESSAGES.cepNotFound : info.message;
        setState({ loading: false, error: message });
      },
    );
  }, []);

  const remember = useCallback((value: string) => {
    inFlight.current?.abort();
    last.current = onlyDigits(value);
    setState({ loading: false, error: null });
  }, []);

  return { ...state, change, remember };
}
