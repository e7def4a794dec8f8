/**
 * What the platform needs from a WhatsApp provider, per instance (named at the provider by its `provider_name`):
 * create it (with our webhook), connect (the QR code to scan), read its connection state, log the phone out, delete
 * it, and send a text. Two implementations: `EvolutionGateway` (Evolution API v2, WHATSAPP_PROVIDER=evolution) and
 * `SandboxGateway` (the embedded default).
 *
 * Failures are three errors the service answers differently: the provider could not be asked
 * (`WhatsAppUnavailableError`: network, timeout, 5xx, a reply that makes no sense → 503), the instance does not exist
 * there (`WhatsAppInstanceMissingError`: created again on 'Conectar'), or the provider refused the request
 * (`WhatsAppRejectedError`: e.g. a number that is not on WhatsApp).
 */

/** Evolution's states: `open` (connected), `connecting` (waiting for the QR to be scanned), `close`. */
export type ProviderState = 'open' | 'connecting' | 'close';

export interface CreateInstanceInput {
  /** The instance's name at the provider. */
  name: string;
  /** The instance's own token at the provider (it comes back as the `apikey` of the webhook envelopes). */
  token: string;
  /** Where the provider reports connection changes and new QR codes. */
  webhookUrl: string;
}

export type ConnectResult = { state: 'open' } | { state: 'connecting'; qrCode: string | null };

export interface WhatsAppGateway {
  readonly name: 'sandbox' | 'evolution';
  /** Creates the instance and starts its connection: the first QR code when the provider already has one. */
  createInstance(input: CreateInstanceInput): Promise<{ qrCode: string | null }>;
  /**
   * Deletes the instance of that name (left at the provider by an earlier attempt) and creates it again, as
   * createInstance; `WhatsAppNameInUseError` when the name stays taken.
   */
  recreateInstance(input: CreateInstanceInput): Promise<{ qrCode: string | null }>;
  /** Starts (or continues) the connection: the QR code to scan, or `open` when already connected. */
  connect(name: string): Promise<ConnectResult>;
  connectionState(name: string): Promise<ProviderState>;
  /** Logs the phone out; the instance stays (a later connect shows a new QR). Not connected is not an error. */
  logout(name: string): Promise<void>;
  /** Deletes the instance; one that does not exist is not an error. */
  deleteInstance(name: string): Promise<void>;
  /** `number`: digits with the country code (55 + DDD + number). */
  sendText(name: string, number: string, text: string): Promise<void>;
}

/** The provider could not be asked, or answered something unusable. `message` is for the logs only. */
export class WhatsAppUnavailableError extends Error {
  override name = 'WhatsAppUnavailableError';
}

/** The instance does not exist at the provider (deleted there, or a provider that lost its data). */
export class WhatsAppInstanceMissingError extends Error {
  override name = 'WhatsAppInstanceMissingError';
}

/** The provider refused the request (4xx): `status` and the provider's words, for the logs. */
export class WhatsAppRejectedError extends Error {
  override name = 'WhatsAppRejectedError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The name is taken at the provider (Evolution: 403 on create). */
export class WhatsAppNameInUseError extends WhatsAppRejectedError {
  override name = 'WhatsAppNameInUseError';
}

/** A QR image larger than this is not a QR code (Evolution's PNGs are ~10–30 KB in base64). */
export const QR_CODE_MAX_LENGTH = 256 * 1024;
const DATA_URL_PREFIX = /^data:image\/(png|jpeg|webp);base64,/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * A provider's QR image as a data URL the page can show in an <img>: Evolution's `base64` comes with or without the
 * `data:image/png;base64,` prefix. Anything that is not base64 of a PNG, JPEG or WebP (an SVG could carry script) is
 * refused: null.
 */
export function qrCodeAsDataUrl(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > QR_CODE_MAX_LENGTH) return null;
  const text = raw.trim();
  const prefix = DATA_URL_PREFIX.exec(text);
  const payload = (prefix ? text.slice(prefix[0].length) : text).replace(/\s+/g, '');
  if (payload.length === 0 || !BASE64.test(payload)) return null;
  return `data:image/${prefix?.[1] ?? 'png'};base64,${payload}`;
}

/**
 * A Brazilian phone as WhatsApp addresses it: 55 + DDD + number, digits only. Accepts DDD + number (10 or 11 digits,
 * how the platform stores phones) or the same already prefixed with 55; null for anything else.
 */
export function whatsappNumberOf(phone: string | null | undefined): string | null {
  if (!phone || phone.length > 40) return null;
  const digits = phone.replace(/\D+/g, '');
  if (digits.length === 10 || digits.length === 11) return `55${digits}`;
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) return digits;
  return null;
}
