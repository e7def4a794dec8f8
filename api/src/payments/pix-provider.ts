/**
 * The Pix payment service provider (PSP) behind one interface. Two implementations:
 *  - `sandbox` (embedded default, offline, deterministic): charges kept in our database, a valid BR Code,
 *    and a "pay" action that then calls our webhook exactly as a PSP would;
 *  - `bacen`: the BACEN "API Pix" standard (OAuth2 client credentials over mTLS, /v2/cob, webhook /pix),
 *    implemented by Efí, Sicoob, BB, Inter, Itaú...
 * Money is integer centavos here; adapters convert to the wire's "37.00" strings.
 */

/** API Pix charge status (cob). */
export type PixChargeStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

export interface PixPayer {
  name: string;
  /** Digits only. One of cpf/cnpj when the payer is identified. */
  cpf?: string;
  cnpj?: string;
}

export interface CreatePixChargeInput {
  /** Ours, [a-zA-Z0-9]{26,35}: the key that ties the PSP charge to our record (idempotent on the PSP side). */
  txid: string;
  amountCents: number;
  /** calendario.expiracao, seconds from creation. */
  expiresInSeconds: number;
  payer?: PixPayer;
  /** solicitacaoPagador, shown to the payer; at most 140 characters. */
  description?: string;
}

/** A Pix payment received for a charge (the cob's `pix[]` entries). */
export interface PixReceivedPayment {
  /** 32 alphanumerics, unique per Pix. */
  endToEndId: string;
  amountCents: number;
  paidAt: Date;
}

export interface PixCharge {
  txid: string;
  status: PixChargeStatus;
  amountCents: number;
  createdAt: Date;
  expiresInSeconds: number;
  /** pixCopiaECola: the BR Code string (also what the QR image encodes). */
  copyPasteCode: string;
  /** Payments received for this charge; empty until paid. */
  payments: PixReceivedPayment[];
}

/** One entry of a webhook call: a hint that a Pix arrived, to be confirmed with getCharge(txid). */
export interface PixWebhookNotice {
  endToEndId: string;
  txid: string | null;
  amountCents: number;
  paidAt: Date;
}

/** A Pix the PSP received into the platform's account (GET /pix): what the daily reconciliation compares. */
export type PixReceived = PixWebhookNotice;

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  /** True when the TLS layer (or the proxy in front, per configuration) verified the PSP's client certificate. */
  clientCertificateVerified: boolean;
}

/** What authenticating a webhook call looks at: never its body (checked before the body is read or stored). */
export type WebhookCredentials = Omit<WebhookRequest, 'body'>;

export type PixTransferStatus = 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';

export interface SendPixInput {
  /** Ours and stable across retries: the PSP must not pay twice for the same id. */
  idempotencyKey: string;
  amountCents: number;
  /** Canonical key (see normalizePixKey in @rifaria/shared/schemas). */
  pixKey: string;
  description?: string;
}

export interface PixTransfer {
  idempotencyKey: string;
  status: PixTransferStatus;
  endToEndId: string | null;
  /** Why the PSP refused, when status is NAO_REALIZADO. */
  failureReason: string | null;
}

/** A Pix key's holder as the PSP's directory (DICT) answers it: what the payer confirms before sending. */
export interface PixKeyOwner {
  /** The holder's name (a person's full name, or a company's legal name). */
  name: string;
  /** Already masked for a person ('***.456.789-**', as DICT shows it); a company's CNPJ in full. */
  document: string;
  documentType: 'cpf' | 'cnpj';
  /** The holder's institution and its ISPB (8 digits). */
  bankName: string;
  ispb: string;
}

/** What to look up: the key in canonical form and its type (normalizePixKey). */
export interface PixKeyQuery {
  type: 'cpf' | 'cnpj' | 'email' | 'phone' | 'evp';
  key: string;
}

export interface RefundInput {
  endToEndId: string;
  /** Ours, alphanumeric 1-35, stable across retries. */
  refundId: string;
  amountCents: number;
}

export interface PixRefund {
  refundId: string;
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
}

export interface PixProvider {
  readonly name: 'sandbox' | 'bacen';
  /** PUT /cob/{txid}: creates (or returns the existing) immediate charge. */
  createCharge(input: CreatePixChargeInput): Promise<PixCharge>;
  /** GET /cob/{txid}: null when the PSP does not know the txid. */
  getCharge(txid: string): Promise<PixCharge | null>;
  /** PATCH /cob/{txid} status REMOVIDA_PELO_USUARIO_RECEBEDOR. */
  cancelCharge(txid: string): Promise<void>;
  /**
   * Checks the call's authenticity (client certificate / configured secret) from its headers and TLS state
   * alone, so a call that is not from the PSP is refused before its body is read or anything is stored.
   * Throws PixWebhookRejected when it is not from the PSP.
   */
  authenticateWebhook(request: WebhookCredentials): void;
  /**
   * Checks the call's authenticity (as authenticateWebhook) and parses its body.
   * Throws PixWebhookRejected when it is not from the PSP or not in the expected shape.
   */
  parseWebhook(request: WebhookRequest): PixWebhookNotice[];
  /**
   * Pix out of the platform account to a key (the wallet's 'Transferir'). Throws PixTransferNotSent when it is
   * certain the PSP was not asked to pay (the caller may then undo the debit), PixProviderError when unknown.
   */
  sendPix(input: SendPixInput): Promise<PixTransfer>;
  /** Current state of a transfer sent with sendPix. */
  getTransfer(idempotencyKey: string): Promise<PixTransfer | null>;
  /** PUT /pix/{e2eid}/devolucao/{id}: returns money to the payer (late payments that cannot be honoured). */
  refund(input: RefundInput): Promise<PixRefund>;
  /**
   * The key's holder before a transfer (a DICT lookup through the PSP): null when the key is not registered.
   * Throws PixKeyLookupUnavailable when this PSP offers no lookup to its clients (the transfer can still be sent,
   * without the recipient shown first), PixProviderError when the PSP could not answer.
   */
  lookupKey(query: PixKeyQuery): Promise<PixKeyOwner | null>;
  /** GET /pix?inicio&fim, every page: the Pix received in [from, to) (the reconciliation of a day). */
  listReceived(period: { from: Date; to: Date }): Promise<PixReceived[]>;
}

export class PixWebhookRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PixWebhookRejected';
  }
}

/** A PSP call that failed (network, 4xx/5xx): the caller decides whether to retry. */
export class PixProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PixProviderError';
  }
}

/**
 * sendPix refused before any request reached the PSP (this PSP cannot send Pix, or the input cannot be sent):
 * no Pix exists for this idempotency key, so the transfer can be failed and its debit reversed at once.
 * Any other error leaves the outcome unknown (the transfer stays processing and is re-checked).
 */
export class PixTransferNotSent extends PixProviderError {
  constructor(message: string, status?: number) {
    super(message, status);
    this.name = 'PixTransferNotSent';
  }
}

/** This PSP offers its clients no DICT lookup: the recipient cannot be shown before the transfer. */
export class PixKeyLookupUnavailable extends PixProviderError {
  constructor(message: string) {
    super(message);
    this.name = 'PixKeyLookupUnavailable';
  }
}
