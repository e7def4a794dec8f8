/**
 * The e-mail confirmation dialog's states (spec section 4 "E-mail verification (profile)"): send the code, then
 * type it; a new code may be asked for once the resend countdown (EMAIL_CODE_RESEND_SECONDS) is over.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { isHttpError, readApiError } from '@rifaria/shared/api-client';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_RESEND_SECONDS } from '@rifaria/shared/constants';
import { EMAIL_CODE_MESSAGES } from '@rifaria/shared/schemas';
import type { User } from '@rifaria/shared/types';
import { sendVerificationCode, verifyEmailCode } from '../api/email-verification';
import { useSecondsLeft } from './use-seconds-left';

export type EmailCodeStep = 'send' | 'code';

export interface EmailCodeNotice {
  severity: 'success' | 'info';
  text: string;
}

/** Lets the hook put the caret back in the first box after a wrong code cleared them. */
export interface CodeFocus {
  focus: (index: number) => void;
}

export const emptyCode = (): string[] => Array.from({ length: EMAIL_CODE_LENGTH }, () => '');

/** The `retry-after` of a 429 in seconds (the resend countdown when none is given). */
function retryAfterSeconds(error: unknown): number {
  const header = isHttpError(error) ? error.response.headers.get('retry-after') : null;
  const seconds = header && /^\d{1,6}$/.test(header) ? Number(header) : EMAIL_CODE_RESEND_SECONDS;
  return Math.max(1, seconds);
}

export interface UseEmailCodeOptions {
  /** The link in the e-mail (or the dashboard) already sent a code: open at the code step. */
  startAtCode: boolean;
  onVerified: (user: User, message: string) => void;
  boxes: RefObject<CodeFocus | null>;
}

export function useEmailCode({ startAtCode, onVerified, boxes }: UseEmailCodeOptions) {
  const [step, setStep] = useState<EmailCodeStep>(startAtCode ? 'code' : 'send');
  const [digits, setDigits] = useState(emptyCode);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [notice, setNotice] = useState<EmailCodeNotice | null>(null);
  // Opened from the link, when the code went out is unknown: resending is allowed at once (the server says wait).
  const [resendAt, setResendAt] = useState<number | null>(null);
  const secondsLeft = useSecondsLeft(resendAt);
  const refocus = useRef(false);

  // After a wrong code the boxes are cleared, and enabled again once the answer is in: then the caret goes back.
  useEffect(() => {
    if (!verifying && refocus.current) {
      refocus.current = false;
      boxes.current?.focus(0);
    }
  }, [verifying, boxes]);

  const send = async () => {
    setSending(true);
    setSendError(null);
    try {
      const reply = await sendVerificationCode();
      setStep('code');
      setDigits(emptyCode());
      setCodeError(null);
      setNotice({ severity: 'success', text: reply.message ?? EMAIL_CODE_MESSAGES.sent });
      setResendAt(Date.now() + EMAIL_CODE_RESEND_SECONDS * 1_000);
    } catch (error) {
      const info = readApiError(error);
      if (info.status === 429) {
        // A code went out moments ago (another tab, the dashboard): that one is typed here, a new one comes later.
        setStep('code');
        if (info.message) setNotice({ severity: 'info', text: info.message });
        setResendAt(Date.now() + retryAfterSeconds(error) * 1_000);
      } else {
        // 422: the e-mail is already verified (said as the server says it); anything else, the spec's text.
        setSendError(info.status === 422 && info.message ? info.message : EMAIL_CODE_MESSAGES.sendFailed);
      }
    } finally {
      setSending(false);
    }
  };

  /**
   * A code already sent (the dashboard's modal, another tab) is typed without sending a new one. When it went out
   * is unknown here, so no countdown: 'Reenviar código' is allowed at once and a 429 brings the server's wait.
   */
  const skipToCode = () => {
    setStep('code');
    setSendError(null);
  };

  const changeDigits = (next: string[]) => {
    setDigits(next);
    setCodeError(null);
  };

  const code = digits.join('');
  const complete = code.length === EMAIL_CODE_LENGTH;

  const verify = async () => {
    if (!complete || verifying) return;
    setVerifying(true);
    setCodeError(null);
    try {
      const reply = await verifyEmailCode(code);
      onVerified(reply.user, reply.message || EMAIL_CODE_MESSAGES.verified);
    } catch (error) {
      const info = readApiError(error);
      if (info.status === 422) {
        // Wrong, expired or tried too often: the server's text for the code (else the spec's), and a fresh start.
        setCodeError(info.errors?.code?.[0] ?? info.message ?? EMAIL_CODE_MESSAGES.invalid);
        setDigits(emptyCode());
        refocus.current = true;
      } else {
        setCodeError(info.status === 429 && info.message ? info.message : EMAIL_CODE_MESSAGES.verifyFailed);
      }
    } finally {
      setVerifying(false);
    }
  };

  return {
    step,
    digits,
    changeDigits,
    complete,
    sending,
    verifying,
    sendError,
    codeError,
    notice,
    secondsLeft,
    send,
    skipToCode,
    verify,
  };
}
