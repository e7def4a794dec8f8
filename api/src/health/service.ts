import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../db';
import type { Database } from '../db/schema';

/**
 * How long the check waits for the database. A load balancer gives up on a probe after a few seconds and would
 * read a database that accepts connections but never answers as a hung API: answer 503 well before that. The
 * query itself is left to the pool's own timeouts; the next probe asks again, so the check recovers by itself.
 */
export const HEALTH_DATABASE_TIMEOUT_MS = 1_500;

async function withinTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /api/health: whether the database answers, within HEALTH_DATABASE_TIMEOUT_MS. */
export class HealthService {
  constructor(
    private readonly db: Kysely<Database>,
    readonly databaseKind: DatabaseKind,
  ) {}

  async checkDatabase(): Promise<void> {
    await withinTimeout(sql`SELECT 1`.execute(this.db), HEALTH_DATABASE_TIMEOUT_MS);
  }
}
