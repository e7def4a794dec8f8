import { sql } from 'kysely';
import { recordAudit } from '../../../src/admin/audit';
import { OPERATOR_SESSION_COOKIE } from '../../../src/lib/operator-session';
import { API_MESSAGES } from '../../../src/lib/messages';
import { bearer, registerUser, rejectionOf, setupApp } from '../../helper';
import { signInOperator } from '../../support/operators';

/**
 * Issue 32: `config: { admin: true }` routes answer only a live operator session; anything else gets exactly the 404
 * of a route that does not exist. And the audit log is append-only.
 */

const t = setupApp();

/** Headers that differ between any two answers (the clock); the rest must be equal. */
const comparable = (headers: Record<string, unknown>) => {
  const { date: _date, ...rest } = headers;
  return rest;
};

async function unknownRoute(method: 'GET' | 'POST', headers: Record<string, string> = {}) {
  return t.app.inject({ method, url: '/api/admin/no-such-screen', headers });
}

describe('operator authentication (config.admin)', () => {
  it('should give the operator of a live session to GET /api/admin/me, by bearer or by cookie', async () => {
    const op = await signInOperator(t.app, { name: 'Otávio Operador' });
    const byBearer = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: op.headers });
    expect(byBearer.statusCode).toBe(200);
    expect(byBearer.json()).toEqual({ id: op.operatorId, name: 'Otávio Operador', email: op.email });
    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      cookies: { [OPERATOR_SESSION_COOKIE]: op.token },
    });
    expect(byCookie.json()).toEqual(byBearer.json());
  });

  it('should answer anyone else exactly as a route that does not exist (body and headers)', async () => {
    const organiser = await registerUser(t.app);
    const expired = await signInOperator(t.app);
    await t.app.db
      .updateTable('operator_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('operator_id', '=', expired.operatorId)
      .execute();
    const revoked = await signInOperator(t.app);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: revoked.headers })).statusCode,
    ).toBe(200);
    const callers: [string, Record<string, string>][] = [
      ['no token', {}],
      ["an organiser's token", bearer(organiser.token)],
      ["an organiser's token in the admin cookie", { cookie: `${OPERATOR_SESSION_COOKIE}=${organiser.token}` }],
      ["an organiser's cookie", { cookie: `rifaria_session=${organiser.token}` }],
      ['an unknown token', bearer('x'.repeat(43))],
      ['a malformed header', { authorization: 'Basic Zm9vOmJhcg==' }],
      ['an expired operator session', expired.headers],
      ['a revoked operator session', revoked.headers],
    ];
    for (const method of ['GET', 'POST'] as const) {
      const url = method === 'GET' ? '/api/admin/me' : '/api/admin/logout';
      for (const [name, headers] of callers) {
        const [response, unknown] = [await t.app.inject({ method, url, headers }), await unknownRoute(method, headers)];
        expect({ name, url, status: response.statusCode, body: response.json() }).toEqual({
          name,
          url,
          status: 404,
          body: { success: false, message: API_MESSAGES.routeNotFound },
        });
        expect({ name, url, headers: comparable(response.headers) }).toEqual({
          name,
          url,
          headers: comparable(unknown.headers),
        });
        expect(response.body).toBe(unknown.body);
      }
    }
  });

  it('should refuse a cookie-authenticated POST without X-Requested-With or from another origin, as for organisers', async () => {
    const op = await signInOperator(t.app);
    const cookies = { [OPERATOR_SESSION_COOKIE]: op.token };
    const logout = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/admin/logout', cookies, headers });
    const bare = await logout({});
    expect(bare.statusCode).toBe(403);
    expect(bare.json().message).toBe(API_MESSAGES.crossSiteRefused);
    expect((await logout({ 'x-requested-with': 'rifaria', origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await logout({ 'x-requested-with': 'rifaria', origin: 'http://rifaria.test' })).statusCode).toBe(200);
  });
});

describe('the audit log', () => {
  it('should be written in the transaction of the action: a rolled-back action leaves no row', async () => {
    const op = await signInOperator(t.app);
    await rejectionOf(
      t.app.db.transaction().execute(async (trx) => {
        await recordAudit(trx, {
          operatorId: op.operatorId,
          action: 'test.rolled_back',
          targetType: 'test',
          targetId: '1',
        });
        throw new Error('the action failed');
      }),
    );
    const change = { before: { status: 'a' }, after: { status: 'b' }, address: '203.0.113.9' };
    const entry = { operatorId: op.operatorId, action: 'test.committed', targetType: 'test', targetId: '2' };
    await t.app.db.transaction().execute((trx) => recordAudit(trx, { ...entry, ...change }));
    const rows = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', 'in', ['test.rolled_back', 'test.committed'])
      .execute();
    const target = { target_type: 'test', target_id: '2' };
    expect(rows).toEqual([
      expect.objectContaining({ operator_id: op.operatorId, action: 'test.committed', ...target, ...change }),
    ]);
  });

  it('should refuse UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    await recordAudit(t.app.db, { operatorId: null, action: 'test.append_only', targetType: 'test', targetId: '3' });
    const update = await rejectionOf(
      t.app.db
        .updateTable('audit_log')
        .set({ address: 'x' } as never)
        .where('action', '=', 'test.append_only')
        .execute(),
    );
    expect(update.message).toMatch(/audit_log is append-only: UPDATE refused/);
    const remove = await rejectionOf(
      t.app.db.deleteFrom('audit_log').where('action', '=', 'test.append_only').execute(),
    );
    expect(remove.message).toMatch(/audit_log is append-only: DELETE refused/);
    const truncate = await rejectionOf(sql`TRUNCATE audit_log`.execute(t.app.db));
    expect(truncate.message).toMatch(/audit_log is append-only: TRUNCATE refused/);
    const left = await t.app.db.selectFrom('audit_log').select('id').where('action', '=', 'test.append_only').execute();
    expect(left).toHaveLength(1);
  });
});
