/**
 * LGPD requests of a buyer (issue 32): from 'Meus números', a copy of their data or its deletion, confirmed by a
 * 6-digit code sent to their WhatsApp (and e-mail), then answered by an operator. One schema per call, used by
 * mf-public and by the API; the operators' queue replies are typed here too.
 */
import * as v from 'valibot';
import { buyerCodeField, buyerCpfField, buyerPhoneField } from './buyer';

export const PRIVACY_REQUEST_KINDS = ['export', 'deletion'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];
/** unconfirmed (code sent) → pending (the operators' queue) → done. Only pending and done are listed. */
export const PRIVACY_REQUEST_STATUSES = ['pending', 'done'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

export const PRIVACY_MESSAGES = {
  kindInvalid: 'Escolha o que deseja pedir.',
  /** The same answer whether or not phone and CPF are a buyer's: the reply is no oracle of who is a buyer. */
  codeSent:
    'Se o telefone e o CPF forem de um comprador, enviamos um código de 6 dígitos por WhatsApp (e por e-mail, se houver um cadastrado).',
  codeInvalid: 'Código inválido ou expirado. Confira o código, ou faça um novo pedido.',
  confirmed: 'Pedido confirmado. A equipe da Rifaria responde em até 15 dias.',
  requestNotFound: 'Pedido não encontrado.',
  notPending: 'Este pedido não está aguardando atendimento.',
  wrongKind: 'Esta ação não corresponde ao tipo do pedido.',
} as const;

/** A request's id: 22 base64url characters (128 random bits), never a sequence. */
export const privacyRequestIdField = v.pipe(
  v.string(PRIVACY_MESSAGES.requestNotFound),
  v.maxLength(64, PRIVACY_MESSAGES.requestNotFound),
  v.regex(/^[A-Za-z0-9_-]{22}$/, PRIVACY_MESSAGES.requestNotFound),
);
export const privacyRequestParamsSchema = v.object({ id: privacyRequestIdField });

/** Body of POST /public/privacy-requests. */
export const privacyRequestSchema = v.object({
  phone: buyerPhoneField,
  cpf: buyerCpfField,
  kind: v.picklist(PRIVACY_REQUEST_KINDS, PRIVACY_MESSAGES.kindInvalid),
});
export type PrivacyRequestInput = v.InferOutput<typeof privacyRequestSchema>;

/** Body of POST /public/privacy-requests/{id}/confirm. */
export const privacyConfirmSchema = v.object({ code: buyerCodeField });
export type PrivacyConfirmInput = v.InferOutput<typeof privacyConfirmSchema>;

/** Query of GET /api/admin/privacy-requests (pending by default). */
export const privacyQueueQuerySchema = v.object({
  status: v.optional(v.picklist(PRIVACY_REQUEST_STATUSES, PRIVACY_MESSAGES.notPending), 'pending'),
});

/** POST /public/privacy-requests's data: the id the code confirms. */
export interface PrivacyRequestCreated {
  id: string;
}

/** One request of the operators' queue: the buyer masked (the export file has the rest). */
export interface AdminPrivacyRequest {
  id: string;
  kind: PrivacyRequestKind;
  status: PrivacyRequestStatus;
  created_at: string;
  confirmed_at: string | null;
  done_at: string | null;
  buyer: { id: string; name: string; phone: string; cpf: string; anonymised: boolean };
}

export interface AdminPrivacyQueue {
  items: AdminPrivacyRequest[];
  total: number;
}
