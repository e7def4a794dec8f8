/**
 * Public buyer flow (spec section 5 "Reservation", section 8 "Public pages"): the reservation modal's two steps and
 * the public purchasing calls. One schema per form, used by mf-public and by the API (/public/*).
 */
import * as v from 'valibot';
import {
  BUYER_CODE_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  PIX_PAYMENT_METHOD_ID,
  RESERVATION_QUANTITY_MAX,
} from '../constants';
import { cpfFieldWith, emailField, requiredString } from './auth';
import { BUYER_MESSAGES } from './buyer-messages';
import { DOCUMENT_INPUT_MAX_LENGTH, isValidPhone, onlyDigits } from './documents';

/** Phone as typed or masked; out: digits only, 10–11 digits with an existing DDD. */
export const buyerPhoneField = v.pipe(
  v.optional(v.string(BUYER_MESSAGES.phoneMin), ''),
  v.maxLength(DOCUMENT_INPUT_MAX_LENGTH, BUYER_MESSAGES.phoneInvalid),
  v.transform(onlyDigits),
  v.minLength(PHONE_MIN_DIGITS, BUYER_MESSAGES.phoneMin),
  v.maxLength(PHONE_MAX_DIGITS, BUYER_MESSAGES.phoneInvalid),
  v.check(isValidPhone, BUYER_MESSAGES.phoneInvalid),
);

export const buyerCpfField = cpfFieldWith(BUYER_MESSAGES);

/** Reservation step 1 'Finalizar Reserva'. */
export const buyerPhoneSchema = v.object({ phone: buyerPhoneField });
export type BuyerPhoneInput = v.InferOutput<typeof buyerPhoneSchema>;

/** Reservation step 2 'Dados do Comprador' = body of POST /public/buyers. E-mail optional ('' or null → null). */
export const buyerSchema = v.object({
  name: v.pipe(requiredString(BUYER_MESSAGES.nameRequired), v.maxLength(120, BUYER_MESSAGES.nameTooLong)),
  phone: buyerPhoneField,
  cpf: buyerCpfField,
  email: v.pipe(
    v.optional(v.nullable(v.string(BUYER_MESSAGES.emailInvalid)), null),
    v.transform((value) => (value ?? '').trim()),
    v.check((value) => value === '' || v.is(emailField, value), BUYER_MESSAGES.emailInvalid),
    v.transform((value) => (value === '' ? null : value.toLowerCase())),
  ),
});
export type BuyerInput = v.InferOutput<typeof buyerSchema>;

/** "Meus números": a buyer proves who they are with phone AND CPF. */
export const myTicketsSchema = v.object({ phone: buyerPhoneField, cpf: buyerCpfField });
export type MyTicketsInput = v.InferOutput<typeof myTicketsSchema>;

/** The 6-digit WhatsApp code a buyer's phone proves possession with. */
export const buyerCodeField = v.pipe(
  requiredString(BUYER_MESSAGES.codeDigits),
  v.maxLength(DOCUMENT_INPUT_MAX_LENGTH, BUYER_MESSAGES.codeDigits),
  v.transform(onlyDigits),
  v.length(BUYER_CODE_LENGTH, BUYER_MESSAGES.codeDigits),
);

/**
 * 'Trocar de telefone', first call = body of POST /public/buyers/change-phone/code: the registered CPF and the new
 * phone; a code goes by WhatsApp to the new phone (and to the old one).
 */
export const changePhoneCodeSchema = v.object({ cpf: buyerCpfField, phone: buyerPhoneField });
export type ChangePhoneCodeInput = v.InferOutput<typeof changePhoneCodeSchema>;

/** 'Trocar de telefone', second call = body of POST /public/buyers/change-phone: the same plus the code received. */
export const changePhoneSchema = v.object({ cpf: buyerCpfField, phone: buyerPhoneField, code: buyerCodeField });
export type ChangePhoneInput = v.InferOutput<typeof changePhoneSchema>;

/** Body of POST /public/buyers/change-phone/undo: the token of the link sent to the old phone. */
export const undoPhoneChangeSchema = v.object({
  token: v.pipe(
    requiredString(BUYER_MESSAGES.undoTokenInvalid),
    v.maxLength(100, BUYER_MESSAGES.undoTokenInvalid),
    v.regex(/^[A-Za-z0-9_-]{43}$/, BUYER_MESSAGES.undoTokenInvalid),
  ),
});
export type UndoPhoneChangeInput = v.InferOutput<typeof undoPhoneChangeSchema>;

/**
 * 'Li e aceito o regulamento e declaro ter 18 anos ou mais' (issue 30): ticked, or no reservation. The reservation
 * form validates its checkbox with this field (termsSchema) and the API the request with purchaseRequestSchema.
 */
export const termsAcceptedField = v.literal(true, BUYER_MESSAGES.termsRequired);
export const termsSchema = v.object({ terms_accepted: termsAcceptedField });

/** Body of POST /public/purchases (the `Idempotency-Key` header makes a retried click return the same purchase). */
export const purchaseRequestSchema = v.object({
  buyer_phone: buyerPhoneField,
  campaign_link: v.pipe(
    requiredString(BUYER_MESSAGES.campaignRequired),
    v.maxLength(200, BUYER_MESSAGES.campaignRequired),
  ),
  total_tickets: v.pipe(
    v.number(BUYER_MESSAGES.quantityMin),
    v.integer(BUYER_MESSAGES.quantityMin),
    v.minValue(1, BUYER_MESSAGES.quantityMin),
    v.maxValue(RESERVATION_QUANTITY_MAX, BUYER_MESSAGES.quantityMax),
  ),
  payment_method_id: v.optional(v.literal(PIX_PAYMENT_METHOD_ID, BUYER_MESSAGES.paymentMethod), PIX_PAYMENT_METHOD_ID),
  terms_accepted: termsAcceptedField,
});
export type PurchaseRequest = v.InferOutput<typeof purchaseRequestSchema>;
