import { BACKGROUND_PROCESSING_TICKET_THRESHOLD, CAMPAIGN_STATUS_ID } from '@rifaria/shared/constants';
import {
  AMENDMENT_MESSAGES,
  amendmentText,
  CAMPAIGN_MESSAGES,
  type CreateCampaignInput,
  type UpdateCampaignInput,
} from '@rifaria/shared/schemas';
import type { Campaign, CampaignListReply, CampaignStatusId, DrawType, PublicCampaign } from '@rifaria/shared/types';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/schema';
import { HttpError, fieldError } from '../lib/errors';
import { campaignSalesChart, campaignStats } from '../sales/stats';
import { newStorageKey, type FileStorage, type StoredFile } from '../storage';
import type { TicketPools } from '../tickets';
import { commitmentOf, newSeed } from '../draws/algorithm';
import type { Notifier } from '../whatsapp/notifier';
import { amendmentsOf, hasReservations, presentAmendment, type AmendmentRow } from '../draws/amendments';
import type { SalesCloser } from '../draws/service';
import { CAMPAIGN_API_MESSAGES } from './messages';
import {
  BANNER_KEY_PREFIX,
  CAMPAIGN_COLUMNS,
  presentCampaign,
  type AwardRecord,
  type CampaignRecord,
} from './presenter';
import { findPublicCampaign, publicCampaign } from './public-page';
import { firstFreeLink, slugify } from './slug';
import { isUniqueViolation } from '../db/errors';
import type { OrganiserMail } from '../mail/organiser-mail';
import { claimLeased, leaseOver } from '../db/leases';
import {
  BANNER_VARIANT_NAMES,
  BannerImageError,
  contentTypeOfVariant,
  encodeBanner,
  isBannerVariantName,
  variantStorageKey,
  type EncodedBanner,
  type RecordedVariant,
} from './banner-images';
import { centsToReais, reaisToCents } from '@rifaria/shared/money';

/** Days of the panel's bar chart. */
export const SALES_CHART_DAYS = 14;

/** An uploaded banner's key: a UUID per upload (a replaced banner gets a new one). */
const BANNER_FILE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Banners the backfill encodes per worker tick (a few seconds each), and how long its claim on one lasts. */
const BANNER_BACKFILL_BATCH = 2;
const BANNER_BACKFILL_LEASE_SECONDS = 600;

/** What the campaign row records of an encoded banner (migration 019). */
function bannerColumns(encoded: EncodedBanner) {
  const recorded: RecordedVariant[] = encoded.variants.map(({ name, width, height, bytes }) => ({
    name,
    width,
    height,
    bytes,
  }));
  return { banner_width: encoded.width, banner_height: encoded.height, banner_variants: JSON.stringify(recorded) };
}

/** The columns of "no uploaded banner" (an external URL or none), which the 019 CHECK requires together. */
const NO_UPLOADED_BANNER = {
  banner_storage_key: null,
  banner_width: null,
  banner_height: null,
  banner_variants: null,
  banner_variants_claimed_at: null,
} as const;

const notFound = () => new HttpError(404, CAMPAIGN_MESSAGES.notFound);
const fixFields = (field: string, message: string) => fieldError(field, message, CAMPAIGN_MESSAGES.fixFields);

/** PUT body: the shared update schema plus the external banner URL of the 'Aparência' tab. */
export type CampaignUpdate = UpdateCampaignInput & { banner_url?: string | null };

/**
 * The organiser's campaigns. Every method takes the session's user id and answers 404 for someone else's
 * campaign (the same reply as for a missing one, so ids of other organisers cannot be probed).
 * Status changes are guarded UPDATEs (`WHERE status_id = …`): of two concurrent publish/cancel calls exactly one
 * matches the row, and nothing ever moves a campaign out of Cancelada.
 */
export class CampaignsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly pools: TicketPools,
    private readonly storage: FileStorage,
    /** Public links (full_url) are built on this origin (lib/public-origin.ts linkOriginOf). */
    private readonly origin: string,
    private readonly log: FastifyBaseLogger,
    /** Sends an amendment to the buyers with a paid purchase (issue 30). */
    private readonly notifier: Notifier,
    /** The organiser's 'campanha publicada' e-mail, in the publish transaction, once per campaign (issue 30). */
    private readonly mail: OrganiserMail,
    /** A cancelled campaign's Pendente purchases are cancelled with it (the purchases domain, as at the draw). */
    private readonly sales: SalesCloser = { closeAtDraw: async () => [], cancelCharges: async () => undefined },
  ) {}

  /**
   * An uploaded banner by the key in its URL (/media/banners/<key>), or null. Only keys the server could have
   * generated reach the storage (no path tricks, no other prefixes).
   */
  async bannerFile(key: string): Promise<StoredFile | null> {
    return BANNER_FILE_KEY.test(key) ? this.storage.get(`${BANNER_KEY_PREFIX}/${key}`) : null;
  }

  /**
   * A variant of an uploaded banner by its URL (/media/banners/<key>/<variant>), or null. The storage key is built
   * from the whitelisted name, never from the raw parameter; the content type comes from the name too.
   */
  async bannerVariantFile(key: string, variant: string): Promise<StoredFile | null> {
    if (!BANNER_FILE_KEY.test(key) || variant.length > 16 || !isBannerVariantName(variant)) return null;
    const file = await this.storage.get(variantStorageKey(`${BANNER_KEY_PREFIX}/${key}`, variant));
    return file ? { data: file.data, contentType: contentTypeOfVariant(variant) } : null;
  }

  /** The public page of a published or finished campaign by its link, or null (drafts, cancelled, unknown). */
  async publicPage(link: string, origin: string): Promise<PublicCampaign | null> {
    const record = await findPublicCampaign(this.db, link);
    return record ? publicCampaign(this.db, record, origin) : null;
  }

  async drawTypes(): Promise<DrawType[]> {
    return this.db.selectFrom('campaign_draw_types').select(['id', 'description']).orderBy('id').execute();
  }

  private records(db: Executor) {
    return db
      .selectFrom('campaigns as c')
      .innerJoin('campaign_draw_types as dt', 'dt.id', 'c.draw_type_id')
      .leftJoin('user_wallets as w', 'w.id', 'c.user_wallet_id')
      .leftJoin('wallet_types as wt', 'wt.id', 'w.wallet_type_id')
      .select([
        ...CAMPAIGN_COLUMNS,
        'c.user_id',
        'c.user_wallet_id',
        'c.published_at',
        'c.created_at',
        'c.updated_at',
        'w.account_number as wallet_account_number',
        'wt.name as wallet_type_name',
      ]);
  }

  private async findOwn(db: Executor, userId: string, campaignId: string): Promise<CampaignRecord | undefined> {
    if (!/^\d{1,18}$/.test(campaignId)) return undefined;
    return this.records(db).where('c.id', '=', campaignId).where('c.user_id', '=', userId).executeTakeFirst();
  }

  private async awardsOf(db: Executor, campaignIds: string[]): Promise<AwardRecord[]> {
    if (campaignIds.length === 0) return [];
    return db
      .selectFrom('campaign_awards')
      .select(['campaign_id', 'position', 'description', 'value_cents'])
      .where('campaign_id', 'in', campaignIds)
      .orderBy('campaign_id')
      .orderBy('position')
      .execute();
  }

  /** `whole`: GET /api/campaigns/{id}: also the sales chart, whether numbers were reserved, and the amendments. */
  private async present(record: CampaignRecord, whole = false): Promise<Campaign> {
    const [awards, stats, chart, reserved, amendments] = await Promise.all([
      this.awardsOf(this.db, [record.id]),
      campaignStats(this.db, [{ id: record.id, total_tickets: record.total_tickets }]),
      whole ? campaignSalesChart(this.db, record.id, SALES_CHART_DAYS) : Promise.resolve(undefined),
      whole ? hasReservations(this.db, record.id) : Promise.resolve(undefined),
      whole ? amendmentsOf(this.db, record.id) : Promise.resolve(undefined),
    ]);
    const campaign = presentCampaign(record, awards, stats.get(record.id)!, this.origin, chart);
    return whole ? { ...campaign, has_reservations: reserved!, amendments: amendments! } : campaign;
  }

  async list(userId: string, status?: CampaignStatusId): Promise<Omit<CampaignListReply, 'success'>> {
    let query = this.records(this.db).where('c.user_id', '=', userId);
    // Cancelled campaigns leave "Minhas Campanhas"; they are listed only when asked for explicitly.
    query =
      status === undefined
        ? query.where('c.status_id', '<>', CAMPAIGN_STATUS_ID.cancelled)
        : query.where('c.status_id', '=', status);
    const records = await query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').execute();

    // The counters cover every campaign of the organiser, whatever the filter.
    const all = await this.db
      .selectFrom('campaigns')
      .select(['id', 'status_id', 'total_tickets'])
      .where('user_id', '=', userId)
      .execute();
    const [awards, stats] = await Promise.all([
      this.awardsOf(
        this.db,
        records.map((r) => r.id),
      ),
      campaignStats(this.db, all),
    ]);
    let totalRaisedCents = 0;
    for (const s of stats.values()) totalRaisedCents += reaisToCents(s.total_revenue);
    return {
      data: records.map((record) => presentCampaign(record, awards, stats.get(record.id)!, this.origin)),
      summary: {
        active_count: all.filter((c) => c.status_id === CAMPAIGN_STATUS_ID.published).length,
        draft_count: all.filter((c) => c.status_id === CAMPAIGN_STATUS_ID.draft).length,
        total_raised: centsToReais(totalRaisedCents),
      },
    };
  }

  async get(userId: string, campaignId: string): Promise<Campaign> {
    const record = await this.findOwn(this.db, userId, campaignId);
    if (!record) throw notFound();
    return this.present(record, true);
  }

  /** The wallet must be the user's own and active; otherwise the wizard's wallet message on user_wallet_id. */
  private async assertOwnActiveWallet(db: Executor, userId: string, walletId: number): Promise<void> {
    const wallet = await db
      .selectFrom('user_wallets')
      .select('id')
      .where('id', '=', String(walletId))
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (!wallet) throw fixFields('user_wallet_id', CAMPAIGN_MESSAGES.walletRequired);
  }

  private async assertDrawType(db: Executor, drawTypeId: number): Promise<void> {
    const found = await db
      .selectFrom('campaign_draw_types')
      .select('id')
      .where('id', '=', drawTypeId)
      .executeTakeFirst();
    if (!found) throw fixFields('draw_type_id', CAMPAIGN_API_MESSAGES.drawTypeNotFound);
  }

  private async freeLink(db: Executor, name: string): Promise<string> {
    const base = slugify(name);
    const taken = await db
      .selectFrom('campaigns')
      .select('link')
      .where((eb) => eb.or([eb('link', '=', base), eb('link', 'like', `${base}-%`)]))
      .execute();
    return firstFreeLink(
      base,
      taken.map((row) => row.link),
    );
  }

  async create(userId: string, input: CreateCampaignInput): Promise<Campaign> {
    await this.assertDrawType(this.db, input.draw_type_id);
    await this.assertOwnActiveWallet(this.db, userId, input.user_wallet_id);
    // Two campaigns created at once with the same name may pick the same link: the UNIQUE constraint refuses
    // the second, which then picks again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        const id = await this.db.transaction().execute(async (trx) => {
          const link = await this.freeLink(trx, input.name);
          const row = await trx
            .insertInto('campaigns')
            .values({
              user_id: userId,
              user_wallet_id: String(input.user_wallet_id),
              draw_type_id: input.draw_type_id,
              status_id: CAMPAIGN_STATUS_ID.draft,
              name: input.name,
              link,
              total_tickets: input.total_tickets,
              ticket_price_cents: input.ticket_price,
              rules: input.rules,
              draw_at: input.draw_datetime,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await this.insertAwards(trx, row.id, input.awards);
          return row.id;
        });
        return this.get(userId, id);
      } catch (error) {
        if (attempt < 5 && isUniqueViolation(error, 'campaigns_link_key')) continue;
        throw error;
      }
    }
  }

  private async insertAwards(
    db: Executor,
    campaignId: string,
    awards: { description: string; value: number | null }[],
  ): Promise<void> {
    if (awards.length === 0) return;
    await db
      .insertInto('campaign_awards')
      .values(
        awards.map((award, index) => ({
          campaign_id: campaignId,
          position: index + 1,
          description: award.description,
          value_cents: award.value,
        })),
      )
      .execute();
  }

  async update(userId: string, campaignId: string, input: CampaignUpdate): Promise<Campaign> {
    let removedBannerKey: string | null = null;
    await this.db.transaction().execute(async (trx) => {
      // Row lock: an update cannot interleave with a publish/cancel of the same campaign.
      const current = await trx
        .selectFrom('campaigns')
        .select([
          'id',
          'status_id',
          'draw_type_id',
          'banner_storage_key',
          'ticket_price_cents',
          'rules',
          'draw_at',
          'name',
          'link',
          'user_id',
        ])
        .where('id', '=', /^\d{1,18}$/.test(campaignId) ? campaignId : '0')
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw notFound();
      if (current.status_id === CAMPAIGN_STATUS_ID.cancelled || current.status_id === CAMPAIGN_STATUS_ID.finished) {
        throw new HttpError(422, CAMPAIGN_API_MESSAGES.notEditable);
      }
      if (input.total_tickets !== undefined && current.status_id !== CAMPAIGN_STATUS_ID.draft) {
        throw fixFields('total_tickets', CAMPAIGN_MESSAGES.totalTicketsLocked);
      }
      if (input.draw_type_id !== undefined) await this.assertDrawType(trx, input.draw_type_id);
      // The draw rule is published with the campaign: it cannot change once buyers may have read it.
      if (
        input.draw_type_id !== undefined &&
        input.draw_type_id !== current.draw_type_id &&
        current.status_id !== CAMPAIGN_STATUS_ID.draft
      ) {
        throw fixFields('draw_type_id', CAMPAIGN_API_MESSAGES.drawTypeLocked);
      }
      if (input.user_wallet_id !== undefined) await this.assertOwnActiveWallet(trx, userId, input.user_wallet_id);

      const drawAt = input.draw_datetime !== undefined ? input.draw_datetime : input.draw_date;
      const amendment = await this.amendmentOf(trx, current, input, drawAt);
      const changes: Record<string, unknown> = {};
      if (input.name !== undefined) changes.name = input.name;
      if (drawAt !== undefined) changes.draw_at = drawAt;
      if (input.rules !== undefined) changes.rules = input.rules;
      if (input.ticket_price !== undefined) changes.ticket_price_cents = input.ticket_price;
      if (input.total_tickets !== undefined) changes.total_tickets = input.total_tickets;
      if (input.draw_type_id !== undefined) changes.draw_type_id = input.draw_type_id;
      if (input.user_wallet_id !== undefined) changes.user_wallet_id = String(input.user_wallet_id);
      if (input.banner_url !== undefined) {
        // An external URL (or null) replaces an uploaded file; the file is deleted once this commits.
        Object.assign(changes, NO_UPLOADED_BANNER, { banner_url: input.banner_url });
        removedBannerKey = current.banner_storage_key;
      }
      await trx
        .updateTable('campaigns')
        .set({ ...changes, updated_at: sql<Date>`now()` })
        .where('id', '=', current.id)
        .execute();
      if (input.awards !== undefined) {
        await trx.deleteFrom('campaign_awards').where('campaign_id', '=', current.id).execute();
        await this.insertAwards(trx, current.id, input.awards);
      }
      if (amendment) {
        const row = await trx
          .insertInto('campaign_amendments')
          .values({ campaign_id: current.id, ...amendment })
          .returning(['id', 'campaign_id', 'created_at', 'note', 'rules_after', 'draw_at_before', 'draw_at_after'])
          .executeTakeFirstOrThrow();
        await this.notifier.amendmentPublished(trx, {
          id: row.id,
          campaignId: current.id,
          userId: current.user_id,
          campaignName: input.name ?? current.name,
          link: current.link,
          sentence: amendmentText(presentAmendment(row as AmendmentRow)),
        });
      }
    });
    if (removedBannerKey) await this.deleteBannerFiles(removedBannerKey);
    return this.get(userId, campaignId);
  }

  /**
   * Issue 30: what an update of a campaign whose numbers were reserved may change. Price and prizes: nothing (422 on
   * the field). Rules and draw date: only with `amendment` (what changed, for the buyers), the draw only later, never
   * removed. Returns the amendment to store, or null when nothing of the kind changed or nothing was reserved.
   */
  private async amendmentOf(
    trx: Executor,
    current: { id: string; status_id: number; ticket_price_cents: string; rules: string; draw_at: Date | null },
    input: CampaignUpdate,
    drawAt: Date | null | undefined,
  ): Promise<{
    note: string;
    rules_before: string | null;
    rules_after: string | null;
    draw_at_before: Date | null;
    draw_at_after: Date | null;
  } | null> {
    if (current.status_id === CAMPAIGN_STATUS_ID.draft || !(await hasReservations(trx, current.id))) return null;
    if (input.ticket_price !== undefined && String(input.ticket_price) !== String(current.ticket_price_cents)) {
      throw fixFields('ticket_price', AMENDMENT_MESSAGES.priceLocked);
    }
    if (input.awards !== undefined) {
      const stored = await trx
        .selectFrom('campaign_awards')
        .select(['description', 'value_cents'])
        .where('campaign_id', '=', current.id)
        .orderBy('position')
        .execute();
      const same =
        stored.length === input.awards.length &&
        stored.every(
          (award, index) =>
            award.description === input.awards![index]!.description &&
            (award.value_cents === null ? null : String(award.value_cents)) ===
              (input.awards![index]!.value === null ? null : String(input.awards![index]!.value)),
        );
      if (!same) throw fixFields('awards', AMENDMENT_MESSAGES.awardsLocked);
    }
    const rulesChanged = input.rules !== undefined && input.rules !== current.rules;
    const drawChanged = drawAt !== undefined && (drawAt?.getTime() ?? null) !== (current.draw_at?.getTime() ?? null);
    if (
      drawChanged &&
      (drawAt === null || (current.draw_at !== null && drawAt.getTime() < current.draw_at.getTime()))
    ) {
      throw fixFields(
        input.draw_datetime !== undefined ? 'draw_datetime' : 'draw_date',
        AMENDMENT_MESSAGES.drawDateOnlyLater,
      );
    }
    if (!rulesChanged && !drawChanged) return null;
    if (input.amendment === undefined) throw fixFields('amendment', AMENDMENT_MESSAGES.noteRequired);
    return {
      note: input.amendment,
      rules_before: rulesChanged ? current.rules : null,
      rules_after: rulesChanged ? input.rules! : null,
      draw_at_before: drawChanged ? current.draw_at : null,
      draw_at_after: drawChanged ? drawAt! : null,
    };
  }

  /**
   * Draft → Publicada. Instant for any size: one pool row (the permutation's parameters and counter) and the
   * guarded status UPDATE in one transaction; no row per ticket (numbers become rows only when sold).
   */
  async publish(userId: string, campaignId: string): Promise<Campaign & { processing: boolean }> {
    await this.db.transaction().execute(async (trx) => {
      const current = await this.findOwn(trx, userId, campaignId);
      if (!current) throw notFound();
      if (current.status_id === CAMPAIGN_STATUS_ID.published)
        throw new HttpError(422, CAMPAIGN_MESSAGES.alreadyPublished);
      if (current.status_id === CAMPAIGN_STATUS_ID.cancelled) {
        throw new HttpError(422, CAMPAIGN_API_MESSAGES.cancelledNotPublishable);
      }
      if (current.status_id === CAMPAIGN_STATUS_ID.finished) {
        throw new HttpError(422, CAMPAIGN_API_MESSAGES.finishedNotPublishable);
      }
      const wallet = await trx
        .selectFrom('user_wallets')
        .select('id')
        .where('id', '=', current.user_wallet_id)
        .where('user_id', '=', userId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (!wallet) throw new HttpError(422, CAMPAIGN_API_MESSAGES.walletInactiveForPublish);

      const seed = newSeed();
      const published = await trx
        .updateTable('campaigns')
        .set({
          status_id: CAMPAIGN_STATUS_ID.published,
          published_at: sql<Date>`now()`,
          updated_at: sql<Date>`now()`,
          // The draw's seed and its public commitment ('Sorteio Rifaria'), fixed before the first sale.
          draw_seed: seed,
          draw_commitment: commitmentOf(seed),
        })
        .where('id', '=', current.id)
        .where('status_id', '=', CAMPAIGN_STATUS_ID.draft)
        .returning(['id', 'total_tickets'])
        .executeTakeFirst();
      // Lost the race to a concurrent publish or cancel: report what the campaign became.
      if (!published) throw await this.lostRace(trx, current.id);
      await this.pools.create(trx, published.id, published.total_tickets);
      await this.mail.campaignPublished(trx, published.id);
    });
    const campaign = await this.get(userId, campaignId);
    return { ...campaign, processing: campaign.total_tickets > BACKGROUND_PROCESSING_TICKET_THRESHOLD };
  }

  private async lostRace(db: Executor, campaignId: string): Promise<HttpError> {
    const now = await db.selectFrom('campaigns').select('status_id').where('id', '=', campaignId).executeTakeFirst();
    if (now?.status_id === CAMPAIGN_STATUS_ID.published) return new HttpError(422, CAMPAIGN_MESSAGES.alreadyPublished);
    return new HttpError(422, CAMPAIGN_API_MESSAGES.cancelledNotPublishable);
  }

  /**
   * Draft or Publicada, not drawn → Cancelada; never undone. Since issue 32 a campaign with sales can be cancelled
   * too: its Pendente purchases are cancelled here, and every Pago one is refunded by the worker
   * (purchases/sale-refunds.ts: out of 'Futuro', back to the buyer through the PSP).
   */
  async cancel(userId: string, campaignId: string, reason: string | null): Promise<Campaign> {
    const current = await this.findOwn(this.db, userId, campaignId);
    if (!current) throw new HttpError(404, CAMPAIGN_MESSAGES.cancelNotFound);
    if (current.status_id !== CAMPAIGN_STATUS_ID.draft && current.status_id !== CAMPAIGN_STATUS_ID.published) {
      throw new HttpError(422, CAMPAIGN_MESSAGES.cancelNotAllowed);
    }
    const closed = await this.db.transaction().execute(async (trx) => {
      const cancelled = await trx
        .updateTable('campaigns')
        .set({
          status_id: CAMPAIGN_STATUS_ID.cancelled,
          cancel_reason: reason,
          cancelled_at: sql<Date>`now()`,
          cancelled_by: 'organiser',
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', current.id)
        .where('status_id', 'in', [CAMPAIGN_STATUS_ID.draft, CAMPAIGN_STATUS_ID.published])
        .where('drawn_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!cancelled) throw new HttpError(422, CAMPAIGN_MESSAGES.cancelNotAllowed);
      return this.sales.closeAtDraw(trx, current.id);
    });
    await this.sales.cancelCharges(closed);
    return this.get(userId, campaignId);
  }

  /**
   * Decodes the upload (a PNG or JPEG by its magic bytes, checked by the caller) into its variants, stores the
   * original and the variants, then points the campaign at them; the previous banner's files are deleted after the
   * commit. A corrupt or oversized image is a 422 on the `banner` field, before anything is stored.
   */
  async replaceBanner(userId: string, campaignId: string, data: Buffer, contentType: string): Promise<Campaign> {
    const current = await this.findOwn(this.db, userId, campaignId);
    if (!current) throw notFound();
    if (current.status_id === CAMPAIGN_STATUS_ID.cancelled || current.status_id === CAMPAIGN_STATUS_ID.finished) {
      throw new HttpError(422, CAMPAIGN_API_MESSAGES.notEditable);
    }
    const encoded = await this.encodeUpload(data);
    const key = newStorageKey(BANNER_KEY_PREFIX);
    let previous: string | null;
    try {
      await this.storage.put(key, data, contentType);
      await this.putVariants(key, encoded);
      previous = await this.db.transaction().execute(async (trx) => {
        const locked = await trx
          .selectFrom('campaigns')
          .select('banner_storage_key')
          .where('id', '=', current.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('campaigns')
          .set({
            ...NO_UPLOADED_BANNER,
            banner_storage_key: key,
            banner_url: null,
            ...bannerColumns(encoded),
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', current.id)
          .execute();
        return locked.banner_storage_key;
      });
    } catch (error) {
      await this.deleteBannerFiles(key); // not committed: the new files would be orphans
      throw error;
    }
    if (previous) await this.deleteBannerFiles(previous);
    return this.get(userId, campaignId);
  }

  private async encodeUpload(data: Buffer): Promise<EncodedBanner> {
    try {
      return await encodeBanner(data);
    } catch (error) {
      if (!(error instanceof BannerImageError)) throw error;
      const message =
        error.reason === 'too-large' ? CAMPAIGN_API_MESSAGES.bannerTooLarge : CAMPAIGN_API_MESSAGES.bannerUnreadable;
      throw fixFields('banner', message);
    }
  }

  private async putVariants(key: string, encoded: EncodedBanner): Promise<void> {
    await Promise.all(
      encoded.variants.map((variant) =>
        this.storage.put(variantStorageKey(key, variant.name), variant.data, variant.contentType),
      ),
    );
  }

  /**
   * The worker's 'campaign-banner-variants' step: makes the variants of banners uploaded before they existed
   * (migration 019), a few per tick. Each is claimed under a lease (several API processes share the work), encoded
   * outside any transaction, then recorded only if the campaign still has that banner; otherwise its new files are
   * deleted. An original that is missing or unreadable is recorded as "no variants" ([]), so it is not retried and
   * the page keeps showing it as it is.
   */
  async backfillBannerVariants(limit = BANNER_BACKFILL_BATCH): Promise<{ processed: number }> {
    const claimed = await claimLeased(this.db, 'campaigns', 'banner_variants_claimed_at', (trx) =>
      trx
        .selectFrom('campaigns')
        .select(['id', 'banner_storage_key'])
        .where('banner_storage_key', 'is not', null)
        .where('banner_variants', 'is', null)
        .where(leaseOver('banner_variants_claimed_at', BANNER_BACKFILL_LEASE_SECONDS))
        .orderBy('id')
        .limit(limit),
    );
    for (const row of claimed) await this.backfillOne(row.id, row.banner_storage_key!);
    return { processed: claimed.length };
  }

  private async backfillOne(campaignId: string, key: string): Promise<void> {
    const original = await this.storage.get(key);
    let encoded: EncodedBanner | null = null;
    if (!original) {
      this.log.warn({ campaignId, key }, 'banner variants: the original file is missing');
    } else {
      try {
        encoded = await encodeBanner(original.data);
      } catch (error) {
        if (!(error instanceof BannerImageError)) throw error;
        this.log.warn({ campaignId, key, reason: error.reason }, 'banner variants: the original cannot be decoded');
      }
    }
    if (encoded) await this.putVariants(key, encoded);
    const recorded = await this.db
      .updateTable('campaigns')
      .set({
        ...(encoded ? bannerColumns(encoded) : { banner_variants: '[]' }),
        banner_variants_claimed_at: null,
      })
      .where('id', '=', campaignId)
      .where('banner_storage_key', '=', key)
      .where('banner_variants', 'is', null)
      .executeTakeFirst();
    if (Number(recorded.numUpdatedRows) > 0 || !encoded) return;
    // Not recorded: the banner was replaced or removed meanwhile (its files are orphans now, unless a replace already
    // deleted them), or another process whose lease ran out recorded the same files, which must stay.
    const still = await this.db
      .selectFrom('campaigns')
      .select('id')
      .where('id', '=', campaignId)
      .where('banner_storage_key', '=', key)
      .executeTakeFirst();
    if (!still) await this.deleteBannerFiles(key);
  }

  /** The original and every possible variant of a banner (the names are a fixed list: nothing to look up). */
  private async deleteBannerFiles(key: string): Promise<void> {
    await Promise.all(
      [key, ...BANNER_VARIANT_NAMES.map((name) => variantStorageKey(key, name))].map((k) => this.deleteFile(k)),
    );
  }

  /** A leftover file costs disk space only, so a failed delete is logged rather than failing the request. */
  private async deleteFile(key: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (error) {
      this.log.warn({ err: error, key }, 'could not delete a replaced banner');
    }
  }
}
