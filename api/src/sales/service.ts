import type { SalesReply } from '@rifaria/shared/types';
import type { Kysely } from 'kysely';
import type { BuyerCpfCipher } from '../buyers/cpf';
import type { Database } from '../db/schema';
import { findOwnedCampaign, listSales, type SalesListOptions, type SalesQuery } from './listing';
import { foldSalesDeltas } from './stats';
import { salesCsv } from './export';

const FOLD_BATCH = 10_000;

/** The organiser's sales of one campaign (GET /api/campaigns/{id}/sales): owner-scoped, filtered, sorted, paged. */
export class SalesService {
  constructor(
    private readonly db: Kysely<Database>,
    /** Buyer CPFs are decrypted only to be masked. */
    private readonly cipher: () => BuyerCpfCipher,
  ) {}

  /** null when the campaign is not this organiser's (or not a campaign at all). */
  async list(
    userId: string,
    campaignId: string,
    query: SalesQuery,
    options: SalesListOptions = {},
  ): Promise<Omit<SalesReply, 'success' | 'message'> | null> {
    const campaign = await findOwnedCampaign(this.db, userId, campaignId);
    return campaign ? listSales(this.db, this.cipher(), campaign, query, options) : null;
  }

  /** The CSV of every sale the filters keep, as a stream of text chunks; null when the campaign is not theirs. */
  async csv(
    userId: string,
    campaignId: string,
    query: Omit<SalesQuery, 'page' | 'perPage'>,
  ): Promise<AsyncGenerator<string> | null> {
    const campaign = await findOwnedCampaign(this.db, userId, campaignId);
    return campaign ? salesCsv(this.db, this.cipher(), campaign, query) : null;
  }

  /** Moves the appended sales deltas into the campaigns' totals, a batch at a time (a worker step). */
  async foldTotals(): Promise<void> {
    // Each batch is its own short statement; a bounded number per tick, so a write storm never holds the worker.
    for (let batch = 0; batch < 10; batch += 1) {
      if ((await foldSalesDeltas(this.db, FOLD_BATCH)) < FOLD_BATCH) return;
    }
  }
}
