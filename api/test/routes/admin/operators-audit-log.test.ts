import { sql } from 'kysely';
import { recordAudit } from '../../../src/admin/audit';
import { setupApp } from '../../helper';
import { signInOperator, type SignedInOperator } from '../../support/operators';

/** Issue 32: GET /api/admin/audit-log, newest first, filtered and paged; nothing changes the log. */

const t = setupApp();

const read = (op: SignedInOperator, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/admin/audit-log${query}`, headers: op.headers });

/** A row as if written at `at` (the log is append-only: the time is set on insert, never changed). */
async function writtenAt(at: string, entry: Parameters<typeof recordAudit>[1]) {
  await t.app.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL timezone = 'UTC'`.execute(trx);
    await trx
      .insertInto('audit_log')
      .values({
        created_at: at,
        operator_id: entry.operatorId,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
      } as never)
      .execute();
  });
}

describe('GET /api/admin/audit-log', () => {
  it('should list who did what to what, before and after, from where, newest first', async () => {
    const op = await signInOperator(t.app, { name: 'Aurora Auditora' });
    const suspension = {
      before: { status: 'Ativa' },
      after: { status: 'Suspensa', reason: 'golpe' },
      address: '203.0.113.7',
    };
    await recordAudit(t.app.db, {
      operatorId: op.operatorId,
      action: 'campaign.suspend',
      ...{ targetType: 'campaign', targetId: '41' },
      ...suspension,
    });
    await recordAudit(t.app.db, { operatorId: null, action: 'draw.auto', targetType: 'campaign', targetId: '42' });
    const page = await read(op, '?target_type=campaign');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.json()).toEqual({
      items: [
        {
          id: expect.stringMatching(/^\d+$/),
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          operator: null,
          action: 'draw.auto',
          target_type: 'campaign',
          target_id: '42',
          before: null,
          after: null,
          address: null,
        },
        {
          id: expect.stringMatching(/^\d+$/),
          created_at: expect.any(String),
          operator: { id: op.operatorId, name: 'Aurora Auditora' },
          ...{ action: 'campaign.suspend', target_type: 'campaign', target_id: '41' },
          ...suspension,
        },
      ],
      total: 2,
      page: 1,
      per_page: 50,
    });
  });

  it('should filter by action, operator, target and São Paulo days, and page', async () => {
    const op = await signInOperator(t.app);
    const other = await signInOperator(t.app);
    const entry = { targetType: 'purchase', action: 'purchase.refund' };
    // 23:30 in São Paulo on the 9th is 02:30 UTC on the 10th.
    await writtenAt('2026-03-10T02:30:00Z', { ...entry, operatorId: op.operatorId, targetId: 'a' });
    await writtenAt('2026-03-10T03:30:00Z', { ...entry, operatorId: op.operatorId, targetId: 'b' });
    await writtenAt('2026-03-11T12:00:00Z', { ...entry, operatorId: other.operatorId, targetId: 'c' });
    await writtenAt('2026-03-12T12:00:00Z', {
      ...entry,
      action: 'purchase.resend',
      operatorId: op.operatorId,
      targetId: 'd',
    });
    const targets = async (query: string) =>
      (await read(op, `?target_type=purchase&${query}`))
        .json()
        .items.map((item: { target_id: string }) => item.target_id);

    expect(await targets('action=purchase.refund')).toEqual(['c', 'b', 'a']);
    expect(await targets(`operator_id=${other.operatorId}`)).toEqual(['c']);
    expect(await targets('target_id=b')).toEqual(['b']);
    expect(await targets('from=2026-03-10&to=2026-03-11')).toEqual(['c', 'b']);
    expect(await targets('to=2026-03-09')).toEqual(['a']);
    expect(await targets('from=2026-03-12')).toEqual(['d']);

    const second = (await read(op, '?target_type=purchase&per_page=3&page=2')).json();
    expect(second).toEqual(expect.objectContaining({ total: 4, page: 2, per_page: 3 }));
    expect(second.items.map((item: { target_id: string }) => item.target_id)).toEqual(['a']);
  });

  it('should refuse malformed filters with 422', async () => {
    const op = await signInOperator(t.app);
    for (const query of [
      '?from=2026-02-30',
      '?to=ontem',
      '?operator_id=abc',
      '?per_page=500',
      '?page=0',
      `?action=${'a'.repeat(101)}`,
    ]) {
      expect({ query, status: (await read(op, query)).statusCode }).toEqual({ query, status: 422 });
    }
  });

  it('should have no route that changes the log', () => {
    const routes = t.routes.filter((route) => route.url.startsWith('/api/admin/audit-log'));
    expect(routes.flatMap((route) => [route.method].flat()).sort()).toEqual(['GET', 'HEAD']);
  });
});
