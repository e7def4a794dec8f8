import { BUYER_CODE_TTL_MINUTES, PHONE_CHANGE_UNDO_DAYS } from '@rifaria/shared/constants';
import type { Executor } from '../db/schema';

/**
 * The platform's own WhatsApp messages to buyers (phone codes, phone-change notices): fixed pt-BR texts with no
 * organiser's words in them, sent by the platform's sender (WHATSAPP_PLATFORM_INSTANCE), never an organiser's.
 */

export interface BuyerMessage {
  /** Digits: DDD + number. */
  phone: string;
  text: string;
  kind: 'buyer_code' | 'buyer_notice';
  /** One message per key (the outbox's dedupe_key). */
  dedupeKey: string;
}

/** Writes a message into the WhatsApp outbox in the caller's transaction (wired in plugins/app/services.ts). */
export type BuyerMessenger = (db: Executor, message: BuyerMessage) => Promise<unknown>;

export const BUYER_NOTICES = {
  changeCodeToNew: (code: string) =>
    `Rifaria: seu código para passar seu cadastro de comprador para este telefone é ${code}. Vale por ${BUYER_CODE_TTL_MINUTES} minutos. Não compartilhe este código com ninguém.`,
  changeCodeToOld: (code: string, newPhone: string) =>
    [
      `Rifaria: pediram para passar o seu cadastro de comprador para o telefone ${newPhone}.`,
      `Se foi você, o código é ${code} (vale por ${BUYER_CODE_TTL_MINUTES} minutos).`,
      'Se não foi você, não faça nada: sem o código, nada muda. Não compartilhe este código com ninguém.',
    ].join('\n'),
  changedToOld: (newPhone: string, undoUrl: string) =>
    [
      `Rifaria: o seu cadastro de comprador foi passado para o telefone ${newPhone}.`,
      `Se não foi você, desfaça a troca em até ${PHONE_CHANGE_UNDO_DAYS} dias por este link: ${undoUrl}`,
    ].join('\n'),
  lookupCode: (code: string) =>
    `Rifaria: seu código para ver seus números é ${code}. Vale por ${BUYER_CODE_TTL_MINUTES} minutos. Não compartilhe este código com ninguém.`,
} as const;
