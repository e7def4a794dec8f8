import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { TICKET_POOL_KEY_VERSION, type TicketPoolKeys } from './keys';
import { domainBitsFor, PERMUTATION_ALGORITHM, PERMUTATION_ROUNDS, TicketPermutation } from './permutation';

type Db = Kysely<Database> | Transaction<Database>;

/** The stored state of a campaign's pool (campaign_ticket_pools). */
export interface TicketPoolRow {
  campaign_id: string;
  total: number;
  algorithm: string;
  domain_bits: number;
  rounds: number;
  key_version: number;
  next_index: string;
}

/** The columns permutationOf() reads, for a query that names campaign_ticket_pools `p`. */
export const POOL_PERMUTATION_COLUMNS = [
  'p.campaign_id',
  'p.total',
  'p.algorithm',
  'p.domain_bits',
  'p.rounds',
  'p.key_version',
] as const;

/**
 * Ticket pools: creation at publish (ONE row, whatever the number of tickets) and the permutation of a pool.
 * Allocation (leasing blocks of next_index under FOR UPDATE, reusing released numbers first) belongs to the
 * purchases issue and is described in api/README.md, "Ticket pool".
 */
export class TicketPools {
  constructor(private readonly keys: TicketPoolKeys) {}

  /** Inserts the pool of a campaign being published (call inside the publishing transaction). */
  async create(db: Db, campaignId: string, total: number): Promise<void> {
    await db
      .insertInto('campaign_ticket_pools')
      .values({
        campaign_id: campaignId,
        total,
        algorithm: PERMUTATION_ALGORITHM,
        domain_bits: domainBitsFor(total),
        rounds: PERMUTATION_ROUNDS,
        key_version: TICKET_POOL_KEY_VERSION,
        next_index: 0,
      })
      .execute();
  }

  async find(db: Db, campaignId: string): Promise<TicketPoolRow | undefined> {
    return db.selectFrom('campaign_ticket_pools').selectAll().where('campaign_id', '=', campaignId).executeTakeFirst();
  }

  /** The permutation of a stored pool: its parameters come from the row, its key from the secret. */
  permutationOf(
    pool: Pick<TicketPoolRow, 'campaign_id' | 'total' | 'algorithm' | 'domain_bits' | 'rounds' | 'key_version'>,
  ): TicketPermutation {
    if (pool.algorithm !== PERMUTATION_ALGORITHM) throw new Error(`Unknown ticket pool algorithm ${pool.algorithm}`);
    return new TicketPermutation({
      total: pool.total,
      domainBits: pool.domain_bits,
      roundKeys: this.keys.roundKeys(pool.campaign_id, pool.key_version, pool.rounds),
    });
  }
}
