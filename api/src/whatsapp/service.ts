import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  WHATSAPP_MAX_INSTANCES,
  WHATSAPP_MESSAGES,
  whatsappTestText,
  type WhatsAppInstanceInput,
} from '@rifaria/shared/schemas';
import type { WhatsAppInstance, WhatsAppMessage } from '@rifaria/shared/types';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '../db/errors';
import { fieldError, HttpError } from '../lib/errors';
import { keyedHash } from '../lib/tokens';
import {
  qrCodeAsDataUrl,
  whatsappNumberOf,
  WhatsAppInstanceMissingError,
  WhatsAppNameInUseError,
  WhatsAppRejectedError,
  WhatsAppUnavailableError,
  type ConnectResult,
  type WhatsAppGateway,
} from './gateway';
import { WHATSAPP_API_MESSAGES } from './messages';
import { presentInstance, presentMessage } from './presenter';
import type { InstanceRow, WhatsAppRepository } from './repository';

/** Messages per page of GET /whatsapp/messages. */
export const MESSAGES_PAGE_SIZE = 50;
/** A connecting instance's state is asked at most this often (the QR dialog polls every ~2 s, the worker too). */
const POLL_MIN_AGE_SECONDS = 2;
/** A QR older than this is asked for again (Evolution renews it every 20–60 s; its webhook usually comes first). */
const QR_REFRESH_SECONDS = 30;
/** 'close' right after a connection started can be the provider getting ready: believed only after this. */
const CLOSE_GRACE_SECONDS = 20;
/** A QR nobody scanned in this long is given up: the instance goes back to 'Desconectado' (Conectar again). */
export const CONNECT_GIVE_UP_SECONDS = 5 * 60;
/** Connecting instances one worker pass asks about. */
const POLL_BATCH = 50;
/**
 * A read (the list, the QR dialog's poll) waits this long at most for the provider's answer, then replies with what
 * it knows; the question finishes in the background (a slow provider must not hold the screen for its timeout).
 */
const READ_REFRESH_WAIT_MS = 3000;

const notFound = () => new HttpError(404, WHATSAPP_MESSAGES.notFound);
const unavailable = () => new HttpError(503, WHATSAPP_MESSAGES.unavailable);

/** Constant-time comparison of a presented secret with the expected one (different lengths: false). */
function sameSecret(presented: string, expected: string): boolean {
  const a = Buffer.from(presented, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

const boundedString = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : null;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface EvolutionWebhookCall {
  /** The `apikey` header, when the provider sends one (a default Evolution does not). */
  headerKey: unknown;
  /** The `token` query parameter of the URL registered for the instance (webhookToken). */
  urlToken: unknown;
  /** The `secret` query parameter of URLs registered before the token: the instance's own secret. */
  urlSecret: unknown;
  body: unknown;
}

export interface WhatsAppServiceOptions {
  /** EVOLUTION_API_KEY: a webhook call carrying it as its `apikey` is authentic whatever the instance. */
  globalKey: string | undefined;
  /** Keys the webhook URLs' tokens: derived from BUYER_DATA_SECRET, resolved on first use. */
  webhookKey: () => Buffer;
  /** EVOLUTION_INSTANCE_PREFIX: starts every name this deployment gives an instance at the provider. */
  instancePrefix: string;
}

/**
 * The organiser's WhatsApp instances (/whatsapp): every call is scoped to the signed-in organiser (another's instance
 * is 404), talks to the provider through the gateway (503 when it cannot be reached) and keeps the instance's row in
 * step with what the provider says: on each call, on its webhook (POST /webhooks/evolution), and on polls while an
 * instance is connecting, in case a webhook is lost. An instance that connects becomes the default when the organiser
 * has none; automatic messages go out through the default one (sender.ts).
 */
export class WhatsAppService {
  constructor(
    private readonly repository: WhatsAppRepository,
    readonly gateway: WhatsAppGateway,
    private readonly log: FastifyBaseLogger,
    private readonly options: WhatsAppServiceOptions,
  ) {}

  /**
   * The webhook URL registered for an instance: the link origin (lib/public-origin.ts linkOriginOf) + the instance's token, an
   * HMAC of its name at the provider. Never the instance's own key (webhook_secret, its `token` at Evolution, which
   * lets one call Evolution about it): URLs end up in proxies' logs.
   */
  private webhookUrl(origin: string, providerName: string): string {
    return `${origin}/webhooks/evolution?token=${this.webhookToken(providerName)}`;
  }

  /** A name this deployment gives instances at the provider (EVOLUTION_INSTANCE_PREFIX). */
  private ours(providerName: string): boolean {
    return providerName.startsWith(`${this.options.instancePrefix}-`);
  }

  private webhookToken(providerName: string): string {
    return keyedHash(this.options.webhookKey(), providerName).toString('base64url');
  }

  /** The organiser's instances; those connecting are asked about first (a webhook may have been lost). */
  async list(userId: string): Promise<WhatsAppInstance[]> {
    const rows = await this.repository.listInstances(userId);
    const connecting = rows.filter((row) => row.status === 'connecting');
    if (connecting.length === 0) return rows.map(presentInstance);
    await this.refreshForRead(connecting.map((row) => row.id));
    return (await this.repository.listInstances(userId)).map(presentInstance);
  }

  /** One instance (what the QR dialog polls): while connecting, the provider is asked first. */
  async get(userId: string, id: string): Promise<WhatsAppInstance> {
    const row = await this.own(userId, id);
    if (row.status !== 'connecting') return presentInstance(row);
    await this.refreshForRead([row.id]);
    return presentInstance(await this.own(userId, id));
  }

  /** Asks about these connecting instances, waiting READ_REFRESH_WAIT_MS at most (see there). */
  private async refreshForRead(ids: string[]): Promise<void> {
    const polls = Promise.all(ids.map((id) => this.pollOne(id))).catch((error: unknown) => {
      this.log.warn({ err: error }, 'whatsapp connection state not refreshed');
    });
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, READ_REFRESH_WAIT_MS);
      timer.unref();
    });
    await Promise.race([polls, waited]);
    clearTimeout(timer);
  }

  /**
   * Creates the instance and starts its connection at once (status 'connecting', its QR in the reply when the
   * provider already has one). The row is written first, so the name is taken (unique per organiser, any case)
   * before the provider is asked; when the provider cannot be reached the row goes again and the answer is 503.
   */
  async create(userId: string, input: WhatsAppInstanceInput, origin: string): Promise<WhatsAppInstance> {
    if ((await this.repository.countInstances(userId)) >= WHATSAPP_MAX_INSTANCES) {
      throw fieldError('instance_name', WHATSAPP_API_MESSAGES.tooMany, WHATSAPP_API_MESSAGES.tooMany);
    }
    const secret = randomBytes(24).toString('base64url');
    let row: InstanceRow;
    try {
      row = await this.repository.insertConnecting({
        userId,
        instanceName: input.instance_name,
        providerName: `${this.options.instancePrefix}-${userId}-${input.instance_name}`,
        phoneNumber: input.phone_number,
        webhookSecret: secret,
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw fieldError('instance_name', WHATSAPP_MESSAGES.nameTaken, WHATSAPP_MESSAGES.nameTaken);
      }
      throw error;
    }
    try {
      const result = await this.startConnection(row, origin);
      if (result.state === 'open') await this.repository.markConnected(row);
      else await this.repository.markConnecting(row.id, result.qrCode);
    } catch (error) {
      await this.repository.deleteInstance(row.id);
      throw this.providerFailure(error, 'create', WHATSAPP_MESSAGES.createFailed);
    }
    return presentInstance(await this.own(userId, row.id));
  }

  /** 'Conectar': a new QR (the instance is created again at the provider when it vanished there). */
  async connect(userId: string, id: string, origin: string): Promise<WhatsAppInstance> {
    const row = await this.own(userId, id);
    if (row.status === 'connected') throw new HttpError(422, WHATSAPP_MESSAGES.alreadyConnected);
    try {
      let result: ConnectResult;
      try {
        result =
          row.status === 'error'
            ? await this.startConnection(row, origin)
            : await this.gateway.connect(row.provider_name);
      } catch (error) {
        if (!(error instanceof WhatsAppInstanceMissingError)) throw error;
        result = await this.startConnection(row, origin);
      }
      if (result.state === 'open') await this.repository.markConnected(row);
      else await this.repository.markConnecting(row.id, result.qrCode);
    } catch (error) {
      throw this.providerFailure(error, 'connect', WHATSAPP_MESSAGES.createFailed);
    }
    return presentInstance(await this.own(userId, id));
  }

  /** 'Desconectar': the phone is logged out; the instance stays (Conectar shows a new QR). */
  async disconnect(userId: string, id: string): Promise<WhatsAppInstance> {
    const row = await this.own(userId, id);
    if (row.status !== 'disconnected') {
      try {
        await this.gateway.logout(row.provider_name);
      } catch (error) {
        if (!(error instanceof WhatsAppInstanceMissingError)) {
          throw this.providerFailure(error, 'logout', WHATSAPP_MESSAGES.unavailable);
        }
      }
      await this.repository.markStatus(row.id, 'disconnected');
    }
    return presentInstance(await this.own(userId, id));
  }

  /** 'Padrão': the automatic messages go out through this one (it must be connected). */
  async setDefault(userId: string, id: string): Promise<WhatsAppInstance> {
    const row = await this.own(userId, id);
    if (row.status !== 'connected') {
      throw new HttpError(422, WHATSAPP_MESSAGES.notConnectedDefault);
    }
    if (!row.is_default) await this.repository.setDefault(userId, row.id);
    return presentInstance(await this.own(userId, id));
  }

  /** Deletes it at the provider (logged out first), then here; a default that goes hands over to a connected one. */
  async remove(userId: string, id: string): Promise<void> {
    const row = await this.own(userId, id);
    try {
      if (row.status === 'connected' || row.status === 'connecting') await this.gateway.logout(row.provider_name);
      await this.gateway.deleteInstance(row.provider_name);
    } catch (error) {
      if (!(error instanceof WhatsAppInstanceMissingError)) {
        throw this.providerFailure(error, 'delete', WHATSAPP_MESSAGES.unavailable);
      }
    }
    await this.repository.deleteInstance(row.id);
    if (row.is_default) await this.repository.promoteDefault(userId);
  }

  /**
   * The test modal: a real message now, through the gateway (not the outbox), recorded in the message log. The text
   * is the server's (whatsappTestText) and the number the instance's own: the organiser chooses neither, so the
   * platform relays nothing of theirs to anyone (issue 29 item 7; the route limits how often).
   */
  async sendTest(userId: string, id: string): Promise<void> {
    const row = await this.own(userId, id);
    if (row.status !== 'connected') throw new HttpError(422, WHATSAPP_MESSAGES.testNotConnected);
    const toPhone = whatsappNumberOf(row.phone_number);
    // The column holds DDD + number (10 or 11 digits, checked by the table): always a number.
    if (!toPhone) throw new Error(`whatsapp instance ${row.id} has no usable phone number`);
    const text = whatsappTestText(row.instance_name);
    let failure: unknown = null;
    try {
      await this.gateway.sendText(row.provider_name, toPhone, text);
    } catch (error) {
      failure = error;
    }
    await this.repository.recordTest({
      userId,
      toPhone,
      text,
      kind: 'test',
      dedupeKey: `test:${randomUUID()}`,
      instanceId: row.id,
      error: failure === null ? null : String((failure as Error).message ?? failure),
    });
    if (failure !== null) throw this.providerFailure(failure, 'sendText', WHATSAPP_MESSAGES.testFailed);
  }

  /** GET /whatsapp/messages: the organiser's outbox, newest first, MESSAGES_PAGE_SIZE per page. */
  async messages(userId: string, page: number): Promise<WhatsAppMessage[]> {
    const rows = await this.repository.listMessages(userId, MESSAGES_PAGE_SIZE, (page - 1) * MESSAGES_PAGE_SIZE);
    return rows.map(presentMessage);
  }

  /**
   * POST /webhooks/evolution. Authentic (authenticWebhook) by the URL's token, the global key, or (URLs registered
   * before the token) the instance's own secret. `connection.update` moves the status, `qrcode.updated` stores the
   * new QR; anything else (and instances we do not know) is acknowledged and ignored.
   */
  async handleWebhook(call: EvolutionWebhookCall): Promise<'handled' | 'ignored' | 'unauthorized'> {
    const envelope = isObject(call.body) ? call.body : {};
    const data = isObject(envelope.data) ? envelope.data : {};
    const instanceName = boundedString(envelope.instance, 100) ?? boundedString(data.instance, 100);
    if (!(await this.authenticWebhook(call, envelope.apikey, instanceName))) return 'unauthorized';
    // Another environment's instance (or a row named under an earlier prefix): not ours to follow.
    const row =
      instanceName && this.ours(instanceName) ? await this.repository.findByProviderName(instanceName) : undefined;
    if (!row) return 'ignored';

    const event = (boundedString(envelope.event, 64) ?? '').toLowerCase().replace(/_/g, '.');
    if (event === 'connection.update') {
      const state = data.state;
      if (state === 'open') {
        await this.repository.markConnected(row);
      } else if (state === 'connecting') {
        if (row.status !== 'connecting') await this.repository.markConnecting(row.id, null);
      } else if (state === 'close') {
        // Right after a connection started, 'close' can be the provider getting ready: the poll decides later.
        if (row.status === 'connecting' && (await this.secondsSince(row.connecting_since)) < CLOSE_GRACE_SECONDS) {
          return 'ignored';
        }
        // A connected phone that drops for another reason than a logout (401) is being reconnected by Evolution:
        // 'connecting' until it says open again (the worker polls connecting instances).
        if (row.status === 'connected' && data.statusReason !== 401) await this.repository.markConnecting(row.id, null);
        else await this.repository.markStatus(row.id, 'disconnected');
      } else {
        return 'ignored';
      }
      return 'handled';
    }
    if (event === 'qrcode.updated') {
      const qrcode = isObject(data.qrcode) ? data.qrcode : data;
      const qrCode = qrCodeAsDataUrl(qrcode.base64);
      if (qrCode && (await this.repository.storeQrCode(row.id, qrCode))) return 'handled';
      return 'ignored';
    }
    return 'ignored';
  }

  /**
   * Whether a webhook call comes from the provider, decided without the database when it can be, every comparison in
   * constant time: EVOLUTION_API_KEY as the `apikey` (header or envelope) is enough; else a URL with a `token` is
   * decided by it alone (the HMAC of the instance named in the body: a wrong or missing one is refused before any
   * lookup); else, for URLs registered before the token, the instance's own secret as the `apikey` or the URL's
   * `secret` (its row is read to compare). Nothing presented: refused.
   */
  private async authenticWebhook(
    call: EvolutionWebhookCall,
    envelopeKey: unknown,
    instanceName: string | null,
  ): Promise<boolean> {
    const keys = [call.headerKey, envelopeKey]
      .map((value) => boundedString(value, 200))
      .filter((value): value is string => value !== null);
    const globalKey = this.options.globalKey;
    if (globalKey !== undefined && keys.some((key) => sameSecret(key, globalKey))) return true;
    if (call.urlToken !== undefined) {
      const token = boundedString(call.urlToken, 200);
      return token !== null && instanceName !== null && sameSecret(token, this.webhookToken(instanceName));
    }
    const secret = boundedString(call.urlSecret, 200);
    const presented = secret === null ? keys : [...keys, secret];
    if (presented.length === 0 || instanceName === null || !this.ours(instanceName)) return false;
    const row = await this.repository.findByProviderName(instanceName);
    return row !== undefined && presented.some((key) => sameSecret(key, row.webhook_secret));
  }

  /**
   * Worker step 'whatsapp-connections': asks the provider about the instances still connecting (a lost webhook),
   * renews their QR, and gives up on those nobody scanned in CONNECT_GIVE_UP_SECONDS.
   */
  async pollConnecting(): Promise<number> {
    const rows = await this.repository.claimConnecting({ limit: POLL_BATCH, minAgeSeconds: 5 });
    if (rows.length === 0) return 0;
    const now = await this.repository.now();
    for (const row of rows) await this.refresh(row, now);
    return rows.length;
  }

  /** One connecting instance, unless another poll asked within POLL_MIN_AGE_SECONDS. */
  private async pollOne(id: string): Promise<void> {
    const [row] = await this.repository.claimConnecting({ limit: 1, minAgeSeconds: POLL_MIN_AGE_SECONDS, id });
    if (row) await this.refresh(row, await this.repository.now());
  }

  private async refresh(row: InstanceRow, now: Date): Promise<void> {
    const ageSeconds = (since: Date | null) => (since ? (now.getTime() - since.getTime()) / 1000 : Infinity);
    try {
      const state = await this.gateway.connectionState(row.provider_name);
      if (state === 'open') {
        await this.repository.markConnected(row);
        return;
      }
      const attemptAge = ageSeconds(row.connecting_since);
      if (attemptAge >= CONNECT_GIVE_UP_SECONDS || (state === 'close' && attemptAge >= CLOSE_GRACE_SECONDS)) {
        if (await this.repository.markStatus(row.id, 'disconnected', true)) {
          await this.gateway.logout(row.provider_name).catch(() => undefined);
        }
        return;
      }
      if (row.qr_code === null || ageSeconds(row.qr_updated_at) >= QR_REFRESH_SECONDS) {
        const result = await this.gateway.connect(row.provider_name);
        if (result.state === 'open') await this.repository.markConnected(row);
        else if (result.qrCode) await this.repository.storeQrCode(row.id, result.qrCode);
      }
    } catch (error) {
      if (error instanceof WhatsAppInstanceMissingError) {
        await this.repository.markStatus(row.id, 'error', true);
        return;
      }
      // The next poll tries again; the reply of a GET must not fail because the provider is slow.
      this.log.warn({ err: error, instanceId: row.id }, 'whatsapp connection state not refreshed');
    }
  }

  /**
   * Creates the instance at the provider (a name left there by an earlier attempt is deleted and taken again: it
   * is ours, '<EVOLUTION_INSTANCE_PREFIX>-<user id>-…') and returns the QR; asks connect when the creation brought
   * none. A name without the prefix (a row from before the prefix changed) is never taken back: under the old prefix
   * it may now be another environment's.
   */
  private async startConnection(row: InstanceRow, origin: string): Promise<ConnectResult> {
    const input = {
      name: row.provider_name,
      token: row.webhook_secret,
      webhookUrl: this.webhookUrl(origin, row.provider_name),
    };
    let created: { qrCode: string | null };
    try {
      created = await this.gateway.createInstance(input);
    } catch (error) {
      if (!(error instanceof WhatsAppNameInUseError) || !this.ours(row.provider_name)) throw error;
      created = await this.gateway.recreateInstance(input);
    }
    if (created.qrCode) return { state: 'connecting', qrCode: created.qrCode };
    return this.gateway.connect(row.provider_name);
  }

  private async secondsSince(since: Date | null): Promise<number> {
    return since ? ((await this.repository.now()).getTime() - since.getTime()) / 1000 : Infinity;
  }

  private async own(userId: string, id: string): Promise<InstanceRow> {
    const row = await this.repository.findOwn(userId, id);
    if (!row) throw notFound();
    return row;
  }

  /** The provider's failure as the organiser's answer: 503 when it cannot be reached, else 422 with `refused`. */
  private providerFailure(error: unknown, call: string, refused: string): Error {
    if (error instanceof HttpError) return error;
    // The provider's words, except on sendText, whose reply may quote the number.
    const detail = {
      error: (error as Error).name,
      call,
      ...(call === 'sendText' ? {} : { detail: (error as Error).message }),
    };
    if (error instanceof WhatsAppUnavailableError) {
      this.log.warn(detail, 'whatsapp provider unavailable');
      return unavailable();
    }
    if (error instanceof WhatsAppRejectedError || error instanceof WhatsAppInstanceMissingError) {
      this.log.warn(detail, 'whatsapp provider refused');
      return new HttpError(422, refused);
    }
    return error instanceof Error ? error : new Error(String(error));
  }
}
