import { decimalStringToCents } from '../br-code';
import { PixWebhookRejected, type PixWebhookNotice } from '../pix-provider';

/**
 * The body of an API Pix webhook call (`POST {webhookUrl}/pix`), design/integrations.md section 2:
 * `{"pix":[{"endToEndId","txid","valor":"110.00","horario","infoPagador"?, "devolucoes"?}]}`, several
 * payments per call. Shared by the BACEN adapter and the sandbox, which sends exactly this shape.
 *
 * Validation is strict on what the platform relies on and ignores the rest (PSPs add fields), and a
 * single malformed entry rejects the whole call: the PSP then retries it, rather than the platform silently
 * acting on half of it. Money is parsed as text ("110.00" → 11000), never through a float.
 */

const E2E_ID = /^[a-zA-Z0-9]{32}$/;
/** cob txids are 26-35; static-code payments carry 1-25 (or none). */
const TXID = /^[a-zA-Z0-9]{1,35}$/;
/** API Pix money: \d{1,10}\.\d{2}. */
const MONEY = /^\d{1,10}\.\d{2}$/;
/** RFC 3339 with a time zone (the API Pix's date-time). */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export interface PixWebhookBody {
  pix: Array<{ endToEndId: string; txid?: string; valor: string; horario: string; infoPagador?: string }>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * True for the body Efí (and others) POST once when a webhook URL is registered, to check it answers 200.
 * It carries no payment, so it is acknowledged and yields no notice.
 */
export function isWebhookRegistrationTest(body: unknown): boolean {
  return isObject(body) && body.evento === 'teste_webhook' && !('pix' in body);
}

export function parsePixWebhookBody(body: unknown): PixWebhookNotice[] {
  if (isWebhookRegistrationTest(body)) return [];
  if (!isObject(body) || !Array.isArray(body.pix)) throw new PixWebhookRejected('webhook body has no pix[] array');
  if (body.pix.length === 0) throw new PixWebhookRejected('webhook pix[] is empty');
  if (body.pix.length > 1000) throw new PixWebhookRejected('webhook pix[] has too many entries');
  return body.pix.map((entry, index) => {
    const where = `pix[${index}]`;
    if (!isObject(entry)) throw new PixWebhookRejected(`${where} is not an object`);
    const { endToEndId, txid, valor, horario } = entry;
    if (typeof endToEndId !== 'string' || !E2E_ID.test(endToEndId)) {
      throw new PixWebhookRejected(`${where}.endToEndId must be 32 alphanumerics`);
    }
    if (txid !== undefined && txid !== null && (typeof txid !== 'string' || !TXID.test(txid))) {
      throw new PixWebhookRejected(`${where}.txid must be 1-35 alphanumerics`);
    }
    if (typeof valor !== 'string' || !MONEY.test(valor)) {
      throw new PixWebhookRejected(`${where}.valor must be a decimal string like "110.00"`);
    }
    const amountCents = decimalStringToCents(valor);
    if (amountCents === null || amountCents <= 0) throw new PixWebhookRejected(`${where}.valor must be positive`);
    if (typeof horario !== 'string' || !RFC3339.test(horario) || Number.isNaN(Date.parse(horario))) {
      throw new PixWebhookRejected(`${where}.horario must be an RFC 3339 date-time`);
    }
    return {
      endToEndId,
      txid: typeof txid === 'string' ? txid : null,
      amountCents,
      paidAt: new Date(horario),
    };
  });
}
