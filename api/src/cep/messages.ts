import { ADDRESS_MESSAGES } from '@rifaria/shared/schemas';

export const CEP_MESSAGES = {
  notFound: ADDRESS_MESSAGES.cepNotFound,
  /** A lookup failure, not the CEP's: the form shows this text without marking the CEP invalid. */
  unavailable: ADDRESS_MESSAGES.cepLookupFailed,
} as const;
