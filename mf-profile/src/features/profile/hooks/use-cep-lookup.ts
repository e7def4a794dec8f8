/**
 * The CEP auto-fill (spec section 5 "Address"): once the field holds 8 digits, GET /api/cep/{cep} and hand the
 * address to `onFound`. The latest CEP wins; the saved address's CEP is not looked up again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { readApiError } from '@rifaria/shared/api-client';
import { CEP_DIGITS } from '@rifaria/shared/constants';
import { onlyDigits } from '@rifaria/shared/format';
import { cepLookupFailure } from '@rifaria/shared/schemas';
import type { CepAddress } from '@rifaria/shared/types';
import { getCep } from '../api/address';

export interface CepLookup {
  loading: boolean;
  /** 'CEP não encontrado ou inválido' (a 404): the CEP is wrong, the field is marked invalid. */
  error: string | null;
  /** The lookup failed (services down, offline): said under the field, which stays valid (issue 30). */
  notice: string | null;
  /** Call with every new value of the CEP field. */
  change: (value: string) => void;
  /**
   * A CEP whose address is already in the form (the saved one): typing it again does not look it up, and a failed
   * lookup's message goes (the address was filled by hand and saved).
   */
  remember: (value: string) => void;
}

const IDLE = { loading: false, error: null, notice: null };

export function useCepLookup(onFound: (address: CepAddress) => void): CepLookup {
  const [state, setState] = useState<Pick<CepLookup, 'loading' | 'error' | 'notice'>>(IDLE);
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
      setState(IDLE);
      return;
    }
    if (digits === last.current) return;
    last.current = digits;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ ...IDLE, loading: true });
    getCep(digits, controller.signal).then(
      (address) => {
        if (controller.signal.aborted) return;
        onFoundRef.current(address);
        setState(IDLE);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // 404 → the spec's text on the field; 503 or no answer → the lookup failed. The fields stay editable.
        setState({ loading: false, ...cepLookupFailure(readApiError(error).status) });
      },
    );
  }, []);

  const remember = useCallback((value: string) => {
    inFlight.current?.abort();
    last.current = onlyDigits(value);
    setState(IDLE);
  }, []);

  return { ...state, change, remember };
}
