import { randomBytes } from 'node:crypto';
import { BUYER_CODE_TTL_MINUTES } from '@rifaria/shared/constants';
import type {
  AdminPrivacyQueue,
  PrivacyRequestInput,
  PrivacyRequestKind,
  PrivacyRequestStatus,
} from '@rifaria/shared/schemas';
import { sql, type Kysely } from 'kysely';
import type { AuditEntry } from '../admin/audit';
import type { Database, Executor } from '../db/schema';
import { maskBuyerPhone } from '../lib/masks';
import { anonymiseBuyer, ERASED_MAIL, ERASED_WHATSAPP } from './anonymise';
import type { BuyerCpfCipher } from './cpf';
import type { BuyerMessenger } from './notices';
import { consumeBuyerCode, issueBuyerCode } from './phone-codes';
import { buildPrivacyExport, type PrivacyExportFile } from './privacy-export';
import type { BuyersService } from './service';

/**
 * A buyer's LGPD requests (issue 32), 059_privacy_requests:
 * 1. POST /public/privacy-requests {phone, cpf, kind}: a request row (its id answers, whoever asked), and when phone
 *    and CPF are a buyer's, a 6-digit buyer code (buyers/phone-codes.ts) by WhatsApp and, if they gave one, e-mail.
 * 2. POST /public/privacy-requests/{id}/confirm {code}: the code turns the request 'pending', the operators' queue.
 * 3. The operator exports (a JSON file, also e-mailed to the buyer) or executes the deletion (buyers/anonymise.ts),
 *    each recorded in the audit log in the same transaction; the buyer is told.
 * The worker erases buyers BUYER_DATA_RETENTION_DAYS after their campaigns ended (`retentionPass`).
 */

/** An e-mail in the caller's transaction, once per key (mail_outbox.dedupe_key); wired in plugins/app/services.ts. */
export type BuyerMailer = (
  db: Executor,
  mail: { to: string; subject: string; text: string; dedupeKey: string },
) => Promise<unknown>;

/** The audit log's writer (admin/audit.ts recordAudit), called in the action's transaction. */
export type AuditWriter = (db: Executor, entry: AuditEntry) => Promise<void>;

/** Who acts on a request: the operator and their address. */
export interface PrivacyActor {
  operatorId: string;
  address: string;
}

interface LockedRequest {
  id: string;
  kind: PrivacyRequestKind;
  status: 'unconfirmed' | 'pending' | 'done';
  buyer_id: string;
  created_at: Date;
  confirmed_at: Date | null;
}

export type PrivacyAction<T> = { outcome: 'not_found' | 'wrong_kind' | 'not_pending' } | { outcome: 'done'; value: T };

const KIND_TEXT: Record<PrivacyRequestKind, string> = {
  export: 'receber uma cópia dos seus dados',
  deletion: 'apagar os seus dados',
};

export const PRIVACY_NOTICES = {
  code: (kind: PrivacyRequestKind, code: string) =>
    [
      `Rifaria: seu código para confirmar o pedido de ${KIND_TEXT[kind]} é ${code}. Vale por ${BUYER_CODE_TTL_MINUTES} minutos.`,
      'Se não foi você que pediu, ignore esta mensagem. Não compartilhe este código com ninguém.',
    ].join('\n'),
  codeSubject: 'Rifaria: código para confirmar o seu pedido',
  exported: (byMail: boolean) =>
    `Rifaria: o seu pedido de cópia dos seus dados foi atendido. ${
      byMail ? 'Enviamos o arquivo para o seu e-mail.' : 'A equipe da Rifaria vai entregar o arquivo a você.'
    }`,
  exportSubject: 'Rifaria: a cópia dos seus dados',
  exportMail: (file: PrivacyExportFile) =>
    [
      'Olá! Como você pediu, segue a cópia de todos os dados que a Rifaria tem sobre você, no formato JSON.',
      '',
      JSON.stringify(file, null, 2),
    ].join('\n'),
  deleted:
    'Rifaria: como você pediu, seus dados de comprador foram apagados. Suas compras continuam registradas, sem seus dados, para a contabilidade.',
  deletedSubject: 'Rifaria: seus dados foram apagados',
} as const;

/** Unconfirmed requests are dropped after a day; a deletion's notice rows are erased once delivered or after 7 days. */
const UNCONFIRMED_TTL_HOURS = 24;
const NOTICE_TTL_DAYS = 7;
const RETENTION_BATCH = 50;

export class PrivacyService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly buyers: BuyersService,
    private readonly cipher: () => BuyerCpfCipher,
    private readonly send: BuyerMessenger,
    private readonly mail: BuyerMailer,
    private readonly audit: AuditWriter,
    /** BUYER_DATA_RETENTION_DAYS. */
    private readonly retentionDays: number,
  ) {}

  /** Step 1: the request's id, and the buyer a code went to (null: nobody matched, or the buyer's code limit). */
  async request(input: PrivacyRequestInput, ip: string): Promise<{ id: string; buyerId: string | null }> {
    const id = randomBytes(16).toString('base64url');
    const buyer = await this.buyers.findByPhoneAndCpf(input.phone, input.cpf);
    const cipher = this.cipher();
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('privacy_requests')
        .values({ id, kind: input.kind, buyer_id: buyer?.id ?? null })
        .execute();
      if (!buyer) return { id, buyerId: null };
      const live = await trx
        .selectFrom('buyers')
        .select(['phone', 'email'])
        .where('id', '=', buyer.id)
        .where('anonymised_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!live) return { id, buyerId: null };
      const target = { purpose: `privacy_${input.kind}` as const, buyerId: buyer.id, phone: live.phone };
      const issued = await issueBuyerCode(trx, cipher.codeKey, target, ip);
      if (!issued) return { id, buyerId: null };
      const text = PRIVACY_NOTICES.code(input.kind, issued.code);
      const dedupeKey = `buyer_code:${issued.id}`;
      await this.send(trx, { phone: live.phone, text, kind: 'buyer_code', dedupeKey });
      if (live.email) await this.mail(trx, { to: live.email, subject: PRIVACY_NOTICES.codeSubject, text, dedupeKey });
      return { id, buyerId: buyer.id };
    });
  }

  /** Step 2: true when the code confirmed the request (a wrong code counts a try and answers false). */
  async confirm(id: string, code: string): Promise<boolean> {
    const cipher = this.cipher();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('privacy_requests as r')
        .innerJoin('buyers as b', 'b.id', 'r.buyer_id')
        .select(['r.kind', 'r.buyer_id', 'b.phone'])
        .where('r.id', '=', id)
        .where('r.status', '=', 'unconfirmed')
        .where('b.anonymised_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!row?.buyer_id) return false;
      const target = { purpose: `privacy_${row.kind}` as const, buyerId: row.buyer_id, phone: row.phone };
      if (!(await consumeBuyerCode(trx, cipher.codeKey, target, code))) return false;
      await trx
        .updateTable('privacy_requests')
        .set({ status: 'pending', confirmed_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
      return true;
    });
  }

  /** The operators' queue: pending requests oldest first, done ones newest first (200 at most). */
  async queue(status: PrivacyRequestStatus): Promise<AdminPrivacyQueue> {
    const cipher = this.cipher();
    const base = this.db
      .selectFrom('privacy_requests as r')
      .innerJoin('buyers as b', 'b.id', 'r.buyer_id')
      .where('r.status', '=', status);
    const rows = await base
      .select([
        'r.id',
        'r.kind',
        'r.created_at',
        'r.confirmed_at',
        'r.done_at',
        'b.id as buyer_id',
        'b.name',
        'b.phone',
        'b.cpf_encrypted',
        'b.cpf_key_id',
        'b.anonymised_at',
      ])
      .orderBy(status === 'pending' ? 'r.confirmed_at' : 'r.done_at', status === 'pending' ? 'asc' : 'desc')
      .orderBy('r.id')
      .limit(200)
      .execute();
    const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
    return {
      items: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        status,
        created_at: row.created_at.toISOString(),
        confirmed_at: row.confirmed_at?.toISOString() ?? null,
        done_at: row.done_at?.toISOString() ?? null,
        buyer: {
          id: row.buyer_id,
          name: row.name,
          phone: maskBuyerPhone(row.phone),
          cpf: cipher.masked(row.cpf_encrypted, row.cpf_key_id),
          anonymised: row.anonymised_at !== null,
        },
      })),
      total,
    };
  }

  /** A confirmed request, locked, or why not. */
  private async lockRequest(trx: Executor, id: string, kind: PrivacyRequestKind, allowDone: boolean) {
    const row = await trx
      .selectFrom('privacy_requests')
      .select(['id', 'kind', 'status', 'buyer_id', 'created_at', 'confirmed_at'])
      .where('id', '=', id)
      .where('status', '<>', 'unconfirmed')
      .forUpdate()
      .executeTakeFirst();
    if (!row?.buyer_id) return { outcome: 'not_found' as const };
    if (row.kind !== kind) return { outcome: 'wrong_kind' as const };
    if (row.status === 'done' && !allowDone) return { outcome: 'not_pending' as const };
    return { outcome: 'found' as const, row: { ...row, buyer_id: row.buyer_id } };
  }

  /**
   * The export file of an export request (again after it is done, for the operator's download). The first time, the
   * request is done, the file is e-mailed to the buyer (if they gave an e-mail), they are told by WhatsApp, and the
   * audit log says privacy.export; every download is audited.
   */
  async export(id: string, actor: PrivacyActor): Promise<PrivacyAction<{ file: PrivacyExportFile }>> {
    const cipher = this.cipher();
    return this.act(id, 'export', actor, async (trx, row) => {
      const file = await buildPrivacyExport(trx, cipher, row);
      if (row.status === 'pending') {
        await markDone(trx, id);
        const dedupeKey = `privacy_exported:${id}`;
        const { email, phone } = file.buyer;
        if (email) {
          const text = PRIVACY_NOTICES.exportMail(file);
          await this.mail(trx, { to: email, subject: PRIVACY_NOTICES.exportSubject, text, dedupeKey });
        }
        await this.send(trx, {
          phone,
          text: PRIVACY_NOTICES.exported(email !== null),
          kind: 'buyer_notice',
          dedupeKey,
        });
      }
      return {
        value: { file },
        before: { status: row.status, buyer_id: row.buyer_id },
        after: { status: 'done', buyer_id: row.buyer_id, purchases: file.purchases.length },
      };
    });
  }

  /**
   * Executes a deletion request: the buyer is erased (buyers/anonymise.ts), told by WhatsApp and e-mail (those
   * rows are erased in turn once delivered: `eraseDeliveredNotices`), the request done, privacy.delete audited.
   */
  async execute(id: string, actor: PrivacyActor): Promise<PrivacyAction<{ buyerId: string }>> {
    const cipher = this.cipher();
    return this.act(id, 'deletion', actor, async (trx, row) => {
      const contact = await trx
        .selectFrom('buyers')
        .select(['phone', 'email', 'anonymised_at'])
        .where('id', '=', row.buyer_id)
        .executeTakeFirstOrThrow();
      const erased = await anonymiseBuyer(trx, cipher, row.buyer_id);
      await markDone(trx, id);
      if (erased) {
        // Written after the erasure, so they survive it until delivered.
        const dedupeKey = `privacy_deleted:${id}`;
        const text = PRIVACY_NOTICES.deleted;
        await this.send(trx, { phone: contact.phone, text, kind: 'buyer_notice', dedupeKey });
        if (contact.email) {
          await this.mail(trx, { to: contact.email, subject: PRIVACY_NOTICES.deletedSubject, text, dedupeKey });
        }
      }
      return {
        value: { buyerId: row.buyer_id },
        before: { status: 'pending', buyer_id: row.buyer_id, anonymised: contact.anonymised_at !== null },
        after: { status: 'done', buyer_id: row.buyer_id, anonymised: true },
      };
    });
  }

  /**
   * An operator's action on a confirmed request of `kind`, in one transaction with the request locked, audited as
   * privacy.export or privacy.delete (ids and statuses only). A done export may be downloaded again; a done deletion
   * is not executed twice.
   */
  private act<T>(
    id: string,
    kind: PrivacyRequestKind,
    actor: PrivacyActor,
    work: (trx: Executor, row: LockedRequest) => Promise<{ value: T; before: unknown; after: unknown }>,
  ): Promise<PrivacyAction<T>> {
    return this.db.transaction().execute(async (trx): Promise<PrivacyAction<T>> => {
      const found = await this.lockRequest(trx, id, kind, kind === 'export');
      if (found.outcome !== 'found') return found;
      const { value, before, after } = await work(trx, found.row);
      await this.audit(trx, {
        operatorId: actor.operatorId,
        action: kind === 'export' ? 'privacy.export' : 'privacy.delete',
        targetType: 'privacy_request',
        targetId: id,
        before,
        after,
        address: actor.address,
      });
      return { outcome: 'done', value };
    });
  }

  /**
   * Worker: buyers whose every campaign was drawn or cancelled more than BUYER_DATA_RETENTION_DAYS ago, who bought
   * nothing since and registered before that, are erased (a batch per pass; privacy.retention audited as the system).
   */
  async retentionPass(): Promise<number> {
    const cipher = this.cipher();
    const days = this.retentionDays;
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: string }>`
        SELECT b.id FROM buyers b
        WHERE b.anonymised_at IS NULL
          AND b.created_at < now() - make_interval(days => ${days})
          AND NOT EXISTS (
            SELECT 1 FROM purchases p JOIN campaigns c ON c.id = p.campaign_id
            WHERE p.buyer_id = b.id
              AND (p.purchased_at >= now() - make_interval(days => ${days})
                   OR coalesce(c.drawn_at, c.cancelled_at) IS NULL
                   OR coalesce(c.drawn_at, c.cancelled_at) >= now() - make_interval(days => ${days})))
        ORDER BY b.id
        LIMIT ${RETENTION_BATCH}
        FOR UPDATE OF b SKIP LOCKED`.execute(trx);
      let erased = 0;
      for (const { id } of rows) {
        if (!(await anonymiseBuyer(trx, cipher, id))) continue;
        erased += 1;
        await this.audit(trx, {
          operatorId: null,
          action: 'privacy.retention',
          targetType: 'buyer',
          targetId: String(id),
          after: { anonymised: true, retention_days: days },
        });
      }
      return erased;
    });
  }

  /**
   * Worker: a deletion's last messages went to the phone and e-mail just erased; once delivered (or failed, or after
   * NOTICE_TTL_DAYS) their rows are erased too. Also drops requests left unconfirmed for a day.
   */
  async eraseDeliveredNotices(): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await sql`
        DELETE FROM privacy_requests
        WHERE status = 'unconfirmed' AND created_at < now() - make_interval(hours => ${UNCONFIRMED_TTL_HOURS})`.execute(
        trx,
      );
      const { rows } = await sql<{ id: string }>`
        SELECT r.id FROM privacy_requests r
        WHERE r.kind = 'deletion' AND r.status = 'done' AND r.notices_erased_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM whatsapp_outbox w
                          WHERE w.dedupe_key = 'privacy_deleted:' || r.id AND w.status = 'pending'
                            AND w.created_at > now() - make_interval(days => ${NOTICE_TTL_DAYS}))
          AND NOT EXISTS (SELECT 1 FROM mail_outbox m
                          WHERE m.dedupe_key = 'privacy_deleted:' || r.id AND m.sent_at IS NULL AND m.failed_at IS NULL
                            AND m.created_at > now() - make_interval(days => ${NOTICE_TTL_DAYS}))
        ORDER BY r.done_at
        LIMIT ${RETENTION_BATCH}
        FOR UPDATE OF r SKIP LOCKED`.execute(trx);
      if (rows.length === 0) return 0;
      const keys = rows.map((row) => `privacy_deleted:${row.id}`);
      await eraseNoticeRows(trx, keys);
      await trx
        .updateTable('privacy_requests')
        .set({ notices_erased_at: sql<Date>`now()` })
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
      return rows.length;
    });
  }
}

const markDone = (trx: Executor, id: string) =>
  trx
    .updateTable('privacy_requests')
    .set({ status: 'done', done_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();

async function eraseNoticeRows(trx: Executor, keys: string[]): Promise<void> {
  await trx.updateTable('whatsapp_outbox').set(ERASED_WHATSAPP).where('dedupe_key', 'in', keys).execute();
  await trx.updateTable('mail_outbox').set(ERASED_MAIL).where('dedupe_key', 'in', keys).execute();
}
