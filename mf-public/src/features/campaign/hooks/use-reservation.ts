/**
 * The reservation modal's state: its step, what the buyer typed, the known buyer, the errors, and the two
 * submissions (check the phone; register the buyer if new, then create the purchase and go to the checkout).
 *
 * One Idempotency-Key per submission: a retry after an answer that may have created the purchase (network failure,
 * time-out, 5xx) or a double click sends the same key, and gets the same purchase.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { newIdempotencyKey, readApiError } from '@rifaria/shared/api-client';
import { PIX_PAYMENT_METHOD_ID } from '@rifaria/shared/constants';
import { onlyDigits } from '@rifaria/shared/format';
import { paths } from '@rifaria/shared/paths';
import {
  BUYER_MESSAGES,
  buyerPhoneSchema,
  buyerSchema,
  firstErrors,
  termsSchema,
  type PurchaseRequest,
} from '@rifaria/shared/schemas';
import type { PublicBuyer } from '@rifaria/shared/types';
import { useDebouncedValidation } from '@rifaria/shared/ui';
import { checkBuyer } from '../api/check-buyer';
import { createBuyer } from '../api/create-buyer';
import { createPurchase } from '../api/create-purchase';

export type ReservationStep = 'phone' | 'buyer' | 'change-phone';

export const BUYER_FIELDS = ['name', 'cpf', 'email'] as const;
export type BuyerField = (typeof BUYER_FIELDS)[number];

export function useReservation({ open, link, quantity }: { open: boolean; link: string; quantity: number }) {
  const navigate = useNavigate();
  const [step, setStep] = useState<ReservationStep>('phone');
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [cpf, setCpf] = useState('');
  const [email, setEmail] = useState('');
  /** 'Li e aceito o regulamento e declaro ter 18 anos ou mais' (issue 30), asked of every buyer at step 2. */
  const [termsAccepted, setTermsAccepted] = useState(false);
  /** The known buyer (masked), from the phone check, our own POST /public/buyers or a phone change. */
  const [buyer, setBuyer] = useState<PublicBuyer | null>(null);
  /** Shown instead of 'Encontramos seu cadastro' after the buyer moved their registration to this phone. */
  const [phoneMovedNote, setPhoneMovedNote] = useState<string | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  // Read when a purchase answers: the Back button may have closed the modal meanwhile.
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);

  const phoneValidation = useDebouncedValidation(buyerPhoneSchema, { phone });
  const buyerValidation = useDebouncedValidation(buyerSchema, { name, phone, cpf, email });
  const termsValidation = useDebouncedValidation(termsSchema, { terms_accepted: termsAccepted });

  const run = async (work: () => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const checkPhone = (event: FormEvent) => {
    event.preventDefault();
    setPhoneError(null);
    const result = phoneValidation.validateAll();
    if (!result.success) return;
    void run(async () => {
      try {
        // null: a new buyer (a normal answer, not an error).
        setBuyer(await checkBuyer(result.output.phone));
      } catch (error) {
        const failure = readApiError(error);
        setPhoneError(
          failure.status === 429
            ? (failure.message ?? BUYER_MESSAGES.tooManyRequests)
            : BUYER_MESSAGES.phoneCheckFailed,
        );
        return;
      }
      setPhoneMovedNote(null);
      setFormError(null);
      setServerErrors({});
      setStep('buyer');
    });
  };

  const reserve = async (phoneDigits: string) => {
    const body: PurchaseRequest = {
      buyer_phone: phoneDigits,
      campaign_link: link,
      total_tickets: quantity,
      payment_method_id: PIX_PAYMENT_METHOD_ID,
      terms_accepted: true,
    };
    const fingerprint = JSON.stringify(body);
    if (!attempt.current || attempt.current.body !== fingerprint) {
      attempt.current = { key: newIdempotencyKey(), body: fingerprint };
    }
    try {
      const created = await createPurchase(body, attempt.current.key);
      // In place of the modal's own history entry: Back from the checkout is the campaign page.
      navigate(paths.checkout.getHref(created.purchase_hash), { replace: openRef.current });
    } catch (error) {
      const failure = readApiError(error);
      if (failure.kind === 'http' && failure.status !== undefined && failure.status < 500) {
        // The server answered and refused: nothing was created, the next click is a new request.
        attempt.current = null;
        const fieldMessages = Object.values(failure.errors ? firstErrors(failure.errors) : {});
        setFormError(failure.message ?? fieldMessages[0] ?? BUYER_MESSAGES.purchaseFailed);
        return;
      }
      // No answer, or a server failure: the purchase may exist. A retry reuses the key and gets it back.
      setFormError(BUYER_MESSAGES.checkoutFailed);
    }
  };

  const registerBuyer = async (): Promise<boolean> => {
    const result = buyerValidation.validateAll();
    if (!result.success) return false;
    try {
      setBuyer(await createBuyer(result.output));
      return true;
    } catch (error) {
      const failure = readApiError(error);
      if (failure.status === 422 && failure.errors) {
        const errors = firstErrors(failure.errors);
        const onFields: Record<string, string> = {};
        for (const field of BUYER_FIELDS) if (errors[field]) onFields[field] = errors[field];
        setServerErrors(onFields);
        const elsewhere = Object.entries(errors).find(
          ([field]) => !(BUYER_FIELDS as readonly string[]).includes(field),
        );
        if (elsewhere) setFormError(elsewhere[1]);
        else if (Object.keys(onFields).length === 0) setFormError(failure.message ?? BUYER_MESSAGES.purchaseFailed);
        return false;
      }
      if (failure.status === 429) setFormError(failure.message ?? BUYER_MESSAGES.tooManyRequests);
      else if (failure.kind === 'http' && failure.status !== undefined && failure.status < 500 && failure.message) {
        setFormError(failure.message);
      } else setFormError(BUYER_MESSAGES.checkoutFailed);
      return false;
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    // Asked of everyone, and checked first: a new buyer is not registered until they accept.
    const terms = termsValidation.validateAll();
    if (!buyer) buyerValidation.validateAll();
    if (!terms.success) return;
    void run(async () => {
      if (!buyer) {
        setServerErrors({});
        if (!(await registerBuyer())) return;
      }
      await reserve(onlyDigits(phone));
    });
  };

  const back = () => {
    if (step === 'change-phone') {
      setStep('buyer');
      return;
    }
    setStep('phone');
    setFormError(null);
    setServerErrors({});
    setBuyer(null);
    setPhoneMovedNote(null);
    buyerValidation.reset();
  };

  const phoneMoved = (moved: PublicBuyer, message: string) => {
    setBuyer(moved);
    setPhoneMovedNote(message);
    setServerErrors({});
    setFormError(null);
    setStep('buyer');
  };

  const editPhone = (value: string) => {
    setPhone(value);
    setPhoneError(null);
    phoneValidation.touch('phone');
  };

  const setters: Record<BuyerField, (value: string) => void> = { name: setName, cpf: setCpf, email: setEmail };
  const editField = (field: BuyerField, value: string) => {
    setters[field](value);
    buyerValidation.touch(field);
    if (serverErrors[field]) setServerErrors(({ [field]: _removed, ...rest }) => rest);
  };
  const fieldError = (field: BuyerField) => serverErrors[field] ?? buyerValidation.errors[field];
  const editTerms = (accepted: boolean) => {
    setTermsAccepted(accepted);
    termsValidation.touch('terms_accepted');
  };

  return {
    step,
    busy,
    run,
    phone,
    phoneError: phoneError ?? phoneValidation.errors.phone,
    editPhone,
    checkPhone,
    canCheckPhone: !phoneValidation.hasErrors,
    values: { name, cpf, email },
    editField,
    fieldError,
    buyer,
    phoneMovedNote,
    termsAccepted,
    editTerms,
    termsError: termsValidation.errors.terms_accepted,
    formError,
    cpfTaken: serverErrors.cpf === BUYER_MESSAGES.cpfTaken,
    canSubmit:
      !termsValidation.hasErrors &&
      (Boolean(buyer) || (!buyerValidation.hasErrors && Object.keys(serverErrors).length === 0)),
    submit,
    back,
    changePhone: () => setStep('change-phone'),
    phoneMoved,
  };
}

export type Reservation = ReturnType<typeof useReservation>;
