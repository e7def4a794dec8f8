import { ensureFirstOperator } from '../../../src/admin/first-operator';
import { loadConfig } from '../../../src/config';
import { setupApp } from '../../helper';

/** Issue 32: the first operator, from OPERATOR_EMAIL / OPERATOR_PASSWORD or the demo's, only while there is none. */

const t = setupApp();

describe('OPERATOR_EMAIL and OPERATOR_PASSWORD', () => {
  it("should be the demo's operator with DEMO_DATA, and none without either", () => {
    expect(loadConfig({}).firstOperator).toEqual({
      name: 'Operador Demo',
      email: 'operador@rifaria.com.br',
      password: 'Rifaria123',
      demo: true,
    });
    expect(loadConfig({ DEMO_DATA: 'off' }).firstOperator).toBeNull();
    expect(
      loadConfig({ DEMO_DATA: 'off', OPERATOR_EMAIL: 'Operacoes@Rifaria.com.br', OPERATOR_PASSWORD: 'Operacoes2026' })
        .firstOperator,
    ).toEqual({ name: 'Operador', email: 'operacoes@rifaria.com.br', password: 'Operacoes2026', demo: false });
  });

  it('should refuse a password outside the sign-up rules, an e-mail that is none, and one without the other', () => {
    expect(() => loadConfig({ OPERATOR_EMAIL: 'op@rifaria.com.br', OPERATOR_PASSWORD: 'fraca' })).toThrow(
      /OPERATOR_PASSWORD does not follow the sign-up rules/,
    );
    expect(() => loadConfig({ OPERATOR_EMAIL: 'operador', OPERATOR_PASSWORD: 'Operacoes2026' })).toThrow(
      /OPERATOR_EMAIL must be an e-mail address/,
    );
    expect(() => loadConfig({ OPERATOR_EMAIL: 'op@rifaria.com.br' })).toThrow(
      /OPERATOR_EMAIL and OPERATOR_PASSWORD go together/,
    );
    expect(() => loadConfig({ OPERATOR_PASSWORD: 'Operacoes2026' })).toThrow(/go together/);
  });
});

describe('the first operator at boot', () => {
  it('should be created while there is no operator, once, and then sign in with its password', async () => {
    const account = { name: 'Operador', email: 'primeira@rifaria.test', password: 'Primeira123', demo: false };
    expect(await t.app.db.selectFrom('operators').select('id').execute()).toEqual([]);
    expect(await ensureFirstOperator(t.app, account)).toBe(
      'first operator: primeira@rifaria.test (OPERATOR_EMAIL), then the authenticator code',
    );
    expect(await ensureFirstOperator(t.app, account)).toContain('primeira@rifaria.test');
    // Another e-mail later: there is an operator already, nobody else is created.
    await ensureFirstOperator(t.app, { ...account, email: 'segunda@rifaria.test' });
    const rows = await t.app.db.selectFrom('operators').select(['email', 'invited_by']).execute();
    expect(rows).toEqual([{ email: 'primeira@rifaria.test', invited_by: null }]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: account.email, password: account.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().totp_setup).toBeDefined();
  });

  it("should announce the demo's credentials in the demo, and how to make one otherwise", async () => {
    const demo = loadConfig({}).firstOperator;
    expect(await ensureFirstOperator(t.app, demo)).toBe(
      'operador@rifaria.com.br / Rifaria123, then the authenticator code',
    );
    expect(await ensureFirstOperator(t.app, null)).toBe(
      'set OPERATOR_EMAIL and OPERATOR_PASSWORD to create the first operator',
    );
  });
});
