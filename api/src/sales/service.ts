import type { SalesReply } from '@rifaria/shared/types';
import type { Kysely } from 'kysely';
import type { BuyerCpfCipher } from '../buyers/cpf';
import type { Database } from '../db/schema';
import { findOwnedCampaign, listSales, saleNumbers, type SalesListOptions, type SalesQuery } from './listing';
import { foldSalesDeltas } from './stats';
import { salesCsv, type SalesExportQuery } from './export';
import { salesPdf, salesPdfCampaign } from './pdf';

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
  async csv(userId: string, campaignId: string, query: SalesExportQuery): Promise<AsyncGenerator<string> | null> {
    const campaign = await findOwnedCampaign(this.db, userId, campaignId);
    return campaign ? salesCsv(this.db, this.cipher(), campaign, query) : null;
  }

  /**
   * The PDF of every sale the filters keep, as a stream of byte chunks; null when the campaign is not theirs. The
   * header's link is on `origin` (lib/public-origin.ts).
   */
  async pdf(
    userId: string,
    campaignId: string,
    query: SalesExportQuery,
    origin: string,
  ): Promise<AsyncGenerator<Buffer> | null> {
    const campaign = await findOwnedCampaign(this.db, userId, campaignId);
    if (!campaign) return null;
    return salesPdf(this.db, this.cipher(), await salesPdfCampaign(this.db, campaign, origin), query);
  }

  /** Every number of one sale (the table's '+N'); null when the campaign is not theirs or has no such sale. */
  async numbers(userId: string, campaignId: string, saleId: string): Promise<string[] | null> {
    const campaign = await findOwnedCampaign(this.db, userId, campaignId);
    return campaign ? saleNumbers(this.db, campaign, saleId) : null;
  }

  /** Moves the appended sales deltas into the campaigns' totals, a batch at a time (a worker step). */
  async foldTotals(): Promise<void> {
    // Each batch is its own short statement; a bounded number per tick, so a write storm never holds the worker.
    for (let batch = 0; batch < 10; batch += 1) {
      if ((await foldSalesDeltas(this.db, FOLD_BATCH)) < FOLD_BATCH) return;
    }
  }
}
