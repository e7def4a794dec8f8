import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import app, { serverOptions } from '../../../src/app';
import { loggerOptions } from '../../../src/lib/logger';
import { bearer, createTestDatabase, logCapture, testConfig, type TestDatabase, uniqueEmail } from '../../helper';
import { lastCodeSentTo } from '../../support/buyer-codes';
import { cpfFromBase, TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { insertCampaign } from '../../support/campaigns';

/**
 * The API's logs never carry tokens, verification codes, passwords, CPFs, e-mail addresses or buyers' phones.
 * The app is built with server.ts's logger options at level debug, writing to memory; a whole first day is played
 * through it (sign-up, a wrong and a right password, the e-mail code, a password reset, a buyer, "Meus números"), then the log
 * is searched for every secret that went through.
 */
describe('what reaches the log', () => {
  const { lines, stream } = logCapture();
  let database: TestDatabase;
  let fastify: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = testConfig({ buyerData: { secret: TEST_BUYER_DATA_SECRET }, logLevel: 'debug' });
    fastify = Fastify({ ...serverOptions(config), logger: { ...loggerOptions(config), stream } });
    await fastify.register(app, { config, db: database.handle.db, databaseKind: database.handle.kind });
    await fastify.ready();
  });
  afterAll(async () => {
    await fastify.close();
    await database.dispose();
  });

  it('should keep every secret of a first day out of the log, while still logging each request', async () => {
    const email = uniqueEmail('segredo');
    const password = 'SenhaSecreta987';
    const registration = { name: 'Ana Segredo', email, password, password_confirmation: password };
    const register = () => fastify.inject({ method: 'POST', url: '/api/auth/register', payload: registration });
    expect((await register()).statusCode).toBe(201);
    expect((await register()).statusCode).toBe(422);
    const wrong = await fastify.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'SenhaErrada123' },
    });
    expect(wrong.statusCode).toBe(401);
    const login = await fastify.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(login.statusCode).toBe(200);
    const token = login.json<{ access_token: string }>().access_token;
    expect((await fastify.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);

    const sent = await fastify.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: bearer(token),
    });
    expect(sent.statusCode).toBe(200);
    const mail = await database.handle.db
      .selectFrom('mail_outbox')
      .select('body_text')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    const verificationCode = /^ *(\d{6})$/m.exec(mail.body_text)![1]!;
    const verified = await fastify.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      headers: bearer(token),
      payload: { code: verificationCode },
    });
    expect(verified.statusCode).toBe(200);
    // 'Esqueci minha senha', then the reset through the e-mailed link.
    const forgot = await fastify.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(forgot.statusCode).toBe(200);
    const resetMail = await database.handle.db
      .selectFrom('mail_outbox')
      .select('body_text')
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const resetToken = /redefinir-senha\?token=([A-Za-z0-9_-]+)/.exec(resetMail.body_text)![1]!;
    const newPassword = 'SenhaNova4321';
    const reset = await fastify.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: newPassword, password_confirmation: newPassword },
    });
    expect(reset.statusCode).toBe(200);

    const campaign = await insertCampaign(database.handle.db);
    const { link } = await database.handle.db
      .selectFrom('campaigns')
      .select('link')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    const cpf = cpfFromBase('529982247');
    const phone = '11976543210';
    const buyerEmail = 'comprador.secreto@example.com';
    const buyer = await fastify.inject({
      method: 'POST',
      url: '/public/buyers',
      payload: { name: 'Comprador Secreto', phone, cpf, email: buyerEmail },
    });
    expect(buyer.statusCode).toBe(201);
    expect((await fastify.inject({ method: 'GET', url: `/public/buyers/check/${phone}` })).statusCode).toBe(200);
    const mine = await fastify.inject({
      method: 'GET',
      url: `/public/campaigns/${link}/my-tickets?phone=${phone}&cpf=${cpf}`,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ success: true, found: false, data: null });
    const formattedCpf = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const badCpf = await fastify.inject({
      method: 'POST',
      url: '/public/buyers',
      payload: { name: 'Outro', phone: '11976543211', cpf: formattedCpf, email: buyerEmail },
    });
    expect(badCpf.statusCode).toBe(422);
    // 'Trocar de telefone': a code, a wrong code (warn line), then the right one (info line with the masked phones).
    const newPhone = '21976543219';
    const requested = await fastify.inject({
      method: 'POST',
      url: '/public/buyers/change-phone/code',
      payload: { cpf: formattedCpf, phone: newPhone },
    });
    expect(requested.statusCode).toBe(200);
    const phoneCode = (await lastCodeSentTo(database.handle.db, newPhone))!;
    const changePhone = (code: string) =>
      fastify.inject({
        method: 'POST',
        url: '/public/buyers/change-phone',
        payload: { cpf: formattedCpf, phone: newPhone, code },
      });
    expect((await changePhone(phoneCode === '000000' ? '000001' : '000000')).statusCode).toBe(422);
    expect((await changePhone(phoneCode)).statusCode).toBe(200);

    const log = lines.join('');
    expect(log).toContain('"msg":"incoming request"');
    expect(log).toContain('"url":"/api/auth/verify-email"');
    const events = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.find((line) => line.event === 'buyer_phone_change_refused')).toMatchObject({ level: 40 });
    expect(events.find((line) => line.event === 'buyer_phone_change_changed')).toMatchObject({
      level: 30,
      from: '(11) *****-3210',
      to: '(21) *****-3219',
    });
    const secrets = [
      email,
      password,
      'SenhaErrada123',
      token,
      verificationCode,
      resetToken,
      newPassword,
      cpf,
      formattedCpf,
      phone,
      newPhone,
      phoneCode,
    ];
    for (const secret of [...secrets, buyerEmail]) {
      expect({ secret, found: log.includes(secret) }).toEqual({ secret, found: false });
    }
  });

  it("should redact PostgreSQL's error detail, which repeats the offending values", () => {
    const captured: string[] = [];
    const logger = pino(
      { ...loggerOptions({ logLevel: 'info', production: true }) },
      { write: (line: string) => void captured.push(line) },
    );
    const error = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      detail: 'Key (email)=(vazou@example.com) already exists.',
    });
    logger.error({ err: error, user: { email: 'vazou@example.com', cpf: '52998224725' } }, 'failed');
    const line = captured.join('');
    expect(line).toContain('users_email_key');
    expect(line).not.toContain('vazou@example.com');
    expect(line).not.toContain('52998224725');
  });
});
