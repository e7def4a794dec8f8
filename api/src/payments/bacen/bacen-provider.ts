import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type PixConfig } from '../../config';
import { buildBrCode, centsToDecimalString, decimalStringToCents } from '../br-code';
import {
  PixKeyLookupUnavailable,
  PixProviderError,
  PixTransferNotSent,
  PixWebhookRejected,
  type CreatePixChargeInput,
  type PixCharge,
  type PixChargeStatus,
  type PixKeyOwner,
  type PixProvider,
  type PixReceived,
  type PixReceivedPayment,
  type PixRefund,
  type PixTransfer,
  type PixTransferStatus,
  type PixWebhookNotice,
  type RefundInput,
  type SendPixInput,
  type WebhookCredentials,
  type WebhookRequest,
} from '../pix-provider';
import { BacenHttpClient, resolveBacenConfig, type HttpResponse, type ResolvedBacenConfig } from './client';
import { parsePixWebhookBody } from './webhook';

/**
 * A PSP implementing the BACEN "API Pix" standard (bacen/pix-api, paths prefixed with /v2 as PSPs do):
 * Efí, Sicoob, Banco do Brasil, Inter, Itaú... See design/integrations.md section 2 and api/README.md.
 *
 * Sending Pix (the wallet's "Transferir") is NOT part of the BACEN standard, which only covers receiving.
 * It is implemented with Efí's widely used extension `PUT /v3/gn/pix/{idEnvio}` (and
 * `GET /v2/gn/pix/enviados/id-envio/{idEnvio}`), enabled only by PIX_BACEN_EFI_PIX_SEND=true. With another
 * PSP, sendPix throws PixTransferNotSent (nothing reached the PSP, so TransfersService fails the transfer and
 * reverses its debit at once) and getTransfer PixProviderError, until an adapter for that PSP's payment API is
 * written.
 */

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const ID_35 = /^[a-zA-Z0-9]{1,35}$/;
const E2E_ID = /^[a-zA-Z0-9]{32}$/;
const CHARGE_STATUSES: readonly PixChargeStatus[] = [
  'ATIVA',
  'CONCLUIDA',
  'REMOVIDA_PELO_USUARIO_RECEBEDOR',
  'REMOVIDA_PELO_PSP',
];
const TRANSFER_STATUSES: readonly PixTransferStatus[] = ['EM_PROCESSAMENTO', 'REALIZADO', 'NAO_REALIZADO'];
/** GET /pix's page size (the API Pix allows up to 1000) and how many pages one period may take. */
const PIX_PAGE_SIZE = 1000;
const MAX_PIX_PAGES = 1000;
const DICT_LOOKUP_UNAVAILABLE = 'the BACEN API Pix offers its clients no DICT lookup (see README, "Pix providers")';
const EFI_PIX_SEND_DISABLED =
  'Pix sending is not part of the BACEN API Pix; set PIX_BACEN_EFI_PIX_SEND=true for Efí (see README)';

export interface BacenPixProviderOptions {
  config: PixConfig;
  log: FastifyBaseLogger;
  /** Clock for the token cache (tests). */
  now?: () => number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The PSP's own words (API Pix errors are RFC 7807: title/detail), for the logs, never for end users. */
function describe(response: HttpResponse): string {
  if (isObject(response.body)) {
    const { title, detail, nome, mensagem } = response.body;
    const text = [title, detail, nome, mensagem].filter((part) => typeof part === 'string').join(': ');
    if (text) return text.slice(0, 300);
  }
  return typeof response.body === 'string' ? response.body.slice(0, 300) : '';
}

function fail(operation: string, response: HttpResponse): never {
  const detail = describe(response);
  throw new PixProviderError(
    `PSP ${operation} failed with HTTP ${response.status}${detail ? ` (${detail})` : ''}`,
    response.status,
  );
}

function unexpected(operation: string, what: string): never {
  throw new PixProviderError(`PSP ${operation}: unexpected response (${what})`, 502);
}

function moneyField(value: unknown, operation: string, what: string): number {
  const cents = typeof value === 'string' && /^\d{1,10}\.\d{2}$/.test(value) ? decimalStringToCents(value) : null;
  if (cents === null) unexpected(operation, `${what} is not an amount`);
  return cents;
}

function dateField(value: unknown, operation: string, what: string): Date {
  const date = typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) unexpected(operation, `${what} is not a date`);
  return date;
}

export class BacenPixProvider implements PixProvider {
  readonly name = 'bacen' as const;
  private readonly http: BacenHttpClient;
  private readonly settings: ResolvedBacenConfig;

  constructor(private readonly options: BacenPixProviderOptions) {
    const { config } = options;
    if (!config.pixKey) {
      throw new ConfigError('PIX_PROVIDER=bacen needs PIX_KEY (the platform Pix key registered at the PSP)');
    }
    if (config.pixKey.length > 77) throw new ConfigError('PIX_KEY is longer than 77 characters');
    this.settings = resolveBacenConfig(config.bacen);
    this.http = new BacenHttpClient(this.settings, options.now);
  }

  close(): void {
    this.http.close();
  }

  async createCharge(input: CreatePixChargeInput): Promise<PixCharge> {
    const operation = 'PUT /cob';
    if (!TXID.test(input.txid)) throw new PixProviderError('txid must be 26-35 alphanumerics', 400);
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw new PixProviderError('amount must be a positive integer of centavos', 400);
    }
    const body: Record<string, unknown> = {
      calendario: { expiracao: input.expiresInSeconds },
      valor: { original: centsToDecimalString(input.amountCents) },
      chave: this.options.config.pixKey,
    };
    if (input.payer) {
      const document = input.payer.cpf
        ? { cpf: input.payer.cpf }
        : input.payer.cnpj
          ? { cnpj: input.payer.cnpj }
          : null;
      // The API Pix requires cpf or cnpj together with nome; a name alone is not a valid devedor.
      if (document) body.devedor = { ...document, nome: input.payer.name.slice(0, 200) };
    }
    if (input.description) body.solicitacaoPagador = input.description.slice(0, 140);

    const response = await this.http.call('PUT', `/v2/cob/${input.txid}`, body);
    if (response.status === 200 || response.status === 201) return this.toCharge(response.body, operation);
    if (response.status === 409) {
      // txid already used (a retry after a lost response): the existing cob is the answer if it is the same charge.
      const existing = await this.getCharge(input.txid);
      if (existing && existing.amountCents === input.amountCents) return existing;
    }
    fail(operation, response);
  }

  async getCharge(txid: string): Promise<PixCharge | null> {
    if (!TXID.test(txid)) throw new PixProviderError('txid must be 26-35 alphanumerics', 400);
    const response = await this.http.call('GET', `/v2/cob/${txid}`);
    if (response.status === 404) return null;
    if (response.status !== 200) fail('GET /cob', response);
    return this.toCharge(response.body, 'GET /cob');
  }

  async cancelCharge(txid: string): Promise<void> {
    if (!TXID.test(txid)) throw new PixProviderError('txid must be 26-35 alphanumerics', 400);
    const response = await this.http.call('PATCH', `/v2/cob/${txid}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    if (response.status !== 200) fail('PATCH /cob', response);
  }

  authenticateWebhook(request: WebhookCredentials): void {
    // The API Pix authenticates webhook calls with mTLS only (the PSP's client certificate); a call the TLS
    // layer or the proxy did not verify may come from anyone who knows the URL.
    if (this.options.config.webhookRequireMtls && !this.clientCertificateVerified(request)) {
      throw new PixWebhookRejected('webhook call without a verified PSP client certificate');
    }
  }

  parseWebhook(request: WebhookRequest): PixWebhookNotice[] {
    this.authenticateWebhook(request);
    return parsePixWebhookBody(request.body);
  }

  async sendPix(input: SendPixInput): Promise<PixTransfer> {
    // Everything refused before the PUT is certain not to have paid anything (PixTransferNotSent).
    if (!this.settings.efiPixSend) throw new PixTransferNotSent(EFI_PIX_SEND_DISABLED);
    if (!ID_35.test(input.idempotencyKey)) {
      throw new PixTransferNotSent('idempotencyKey (idEnvio) must be 1-35 alphanumerics', 400);
    }
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
      throw new PixTransferNotSent('amount must be a positive integer of centavos', 400);
    }
    const body: Record<string, unknown> = {
      valor: centsToDecimalString(input.amountCents),
      pagador: {
        chave: this.options.config.pixKey,
        ...(input.description ? { infoPagador: input.description.slice(0, 140) } : {}),
      },
      favorecido: { chave: input.pixKey },
    };
    // idEnvio in the path makes the call idempotent at the PSP: a retry never pays twice.
    const response = await this.http.call('PUT', `/v3/gn/pix/${input.idempotencyKey}`, body);
    if (response.status === 200 || response.status === 201) {
      return this.toTransfer(input.idempotencyKey, response.body, 'PUT /gn/pix');
    }
    if (response.status === 409) {
      const existing = await this.getTransfer(input.idempotencyKey);
      if (existing) return existing;
    }
    fail('PUT /gn/pix', response);
  }

  async getTransfer(idempotencyKey: string): Promise<PixTransfer | null> {
    this.requireEfiPixSend();
    if (!ID_35.test(idempotencyKey)) throw new PixProviderError('idEnvio must be 1-35 alphanumerics', 400);
    const response = await this.http.call('GET', `/v2/gn/pix/enviados/id-envio/${idempotencyKey}`);
    if (response.status === 404) return null;
    if (response.status !== 200) fail('GET /gn/pix/enviados', response);
    return this.toTransfer(idempotencyKey, response.body, 'GET /gn/pix/enviados');
  }

  /**
   * The BACEN API Pix (bacen/pix-api v2.9.0) has no DICT lookup: DICT is reached only by the PSP itself, as a
   * direct participant, when it initiates a payment, and the standard gives its clients no call to read a key's
   * holder. So none is made: the transfer is confirmed with the key, its type and the amount, and the recipient
   * the PSP paid is what its payment API reports afterwards. A PSP-specific lookup needs its own adapter.
   */
  lookupKey(): Promise<PixKeyOwner | null> {
    return Promise.reject(new PixKeyLookupUnavailable(DICT_LOOKUP_UNAVAILABLE));
  }

  async refund(input: RefundInput): Promise<PixRefund> {
    if (!E2E_ID.test(input.endToEndId)) throw new PixProviderError('endToEndId must be 32 alphanumerics', 400);
    if (!ID_35.test(input.refundId)) throw new PixProviderError('refund id must be 1-35 alphanumerics', 400);
    const response = await this.http.call('PUT', `/v2/pix/${input.endToEndId}/devolucao/${input.refundId}`, {
      valor: centsToDecimalString(input.amountCents),
    });
    if (response.status !== 200 && response.status !== 201) fail('PUT /pix/devolucao', response);
    const body = response.body;
    const status = isObject(body) ? body.status : undefined;
    if (status !== 'EM_PROCESSAMENTO' && status !== 'DEVOLVIDO' && status !== 'NAO_REALIZADO') {
      unexpected('PUT /pix/devolucao', 'status');
    }
    return { refundId: input.refundId, status };
  }

  /**
   * GET /pix?inicio&fim, page after page (paginacao.paginaAtual from 0 until quantidadeDePaginas): each Pix received,
   * parsed as strictly as a webhook's entries.
   */
  async listReceived(period: { from: Date; to: Date }): Promise<PixReceived[]> {
    const operation = 'GET /pix';
    const received: PixReceived[] = [];
    for (let page = 0; page < MAX_PIX_PAGES; page += 1) {
      const query = new URLSearchParams({
        inicio: period.from.toISOString(),
        fim: period.to.toISOString(),
        'paginacao.paginaAtual': String(page),
        'paginacao.itensPorPagina': String(PIX_PAGE_SIZE),
      });
      const response = await this.http.call('GET', `/v2/pix?${query.toString()}`);
      if (response.status !== 200) fail(operation, response);
      const body = response.body;
      if (!isObject(body) || !Array.isArray(body.pix)) unexpected(operation, 'pix[]');
      if (body.pix.length > 0) {
        try {
          received.push(...parsePixWebhookBody({ pix: body.pix }));
        } catch (error) {
          unexpected(operation, error instanceof Error ? error.message : 'pix[]');
        }
      }
      const paging = isObject(body.parametros) && isObject(body.parametros.paginacao) ? body.parametros.paginacao : {};
      const pages = typeof paging.quantidadeDePaginas === 'number' ? paging.quantidadeDePaginas : 1;
      if (page + 1 >= pages) return received;
    }
    unexpected(operation, `more than ${MAX_PIX_PAGES} pages`);
  }

  /** Verified at this process's TLS layer, or by the proxy in front when its header is configured. */
  private clientCertificateVerified(request: WebhookCredentials): boolean {
    if (request.clientCertificateVerified) return true;
    const headerName = this.options.config.webhookClientVerifyHeader;
    if (!headerName) return false;
    const value = request.headers[headerName];
    return (Array.isArray(value) ? value[0] : value) === 'SUCCESS';
  }

  private requireEfiPixSend(): void {
    if (!this.settings.efiPixSend) throw new PixProviderError(EFI_PIX_SEND_DISABLED);
  }

  private toCharge(body: unknown, operation: string): PixCharge {
    if (!isObject(body)) unexpected(operation, 'body is not an object');
    const { txid, status, calendario, valor, pix } = body;
    if (typeof txid !== 'string') unexpected(operation, 'txid');
    if (typeof status !== 'string' || !CHARGE_STATUSES.includes(status as PixChargeStatus)) {
      unexpected(operation, 'status');
    }
    if (!isObject(calendario) || !isObject(valor)) unexpected(operation, 'calendario/valor');
    const payments: PixReceivedPayment[] = Array.isArray(pix)
      ? pix.map((entry, index) => {
          if (!isObject(entry) || typeof entry.endToEndId !== 'string') unexpected(operation, `pix[${index}]`);
          return {
            endToEndId: entry.endToEndId,
            amountCents: moneyField(entry.valor, operation, `pix[${index}].valor`),
            paidAt: dateField(entry.horario, operation, `pix[${index}].horario`),
          };
        })
      : [];
    const expiresInSeconds = typeof calendario.expiracao === 'number' ? calendario.expiracao : 86_400;
    return {
      txid,
      status: status as PixChargeStatus,
      amountCents: moneyField(valor.original, operation, 'valor.original'),
      createdAt: dateField(calendario.criacao, operation, 'calendario.criacao'),
      expiresInSeconds,
      copyPasteCode: this.copyPasteCode(body),
      payments,
    };
  }

  /**
   * pixCopiaECola as the PSP returns it. Some PSPs omit it from the cob and only give the location; then the
   * dynamic BR Code is built here from that location (it is what the PSP's own code would contain).
   */
  private copyPasteCode(body: Record<string, unknown>): string {
    if (typeof body.pixCopiaECola === 'string' && body.pixCopiaECola) return body.pixCopiaECola;
    const loc = isObject(body.loc) ? body.loc.location : undefined;
    const location = typeof body.location === 'string' ? body.location : typeof loc === 'string' ? loc : null;
    if (!location) return '';
    return buildBrCode({
      kind: 'dynamic',
      location,
      merchantName: this.options.config.merchantName,
      merchantCity: this.options.config.merchantCity,
    });
  }

  private toTransfer(idempotencyKey: string, body: unknown, operation: string): PixTransfer {
    if (!isObject(body)) unexpected(operation, 'body is not an object');
    const status = body.status;
    if (typeof status !== 'string' || !TRANSFER_STATUSES.includes(status as PixTransferStatus)) {
      unexpected(operation, 'status');
    }
    const e2e =
      typeof body.e2eId === 'string' ? body.e2eId : typeof body.endToEndId === 'string' ? body.endToEndId : null;
    const reason =
      status === 'NAO_REALIZADO'
        ? typeof body.motivo === 'string'
          ? body.motivo
          : 'Transferência não realizada pelo banco.'
        : null;
    return { idempotencyKey, status: status as PixTransferStatus, endToEndId: e2e, failureReason: reason };
  }
}
