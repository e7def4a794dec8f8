import { sql } from 'kysely';
import { EMAIL_CODE_MESSAGES, PROFILE_MESSAGES } from '@rifaria/shared/schemas';
import { api, registerUser, setupApp, setupAppBeside, uniqueEmail, type RegisteredUser } from '../../helper';
import { TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { accountCodes, mailsTo as mailsToAddress } from '../../support/account-codes';
import { refusal } from '@rifaria/shared/testing/fixtures';

const t = setupApp({ config: { buyerData: { secret: TEST_BUYER_DATA_SECRET } } });

const send = (user: RegisteredUser) => api(t.app).post('/api/auth/send-verification-email', user);
const verify = (user: RegisteredUser, code: unknown) => api(t.app).post('/api/auth/verify-email', user, { code });
const me = async (user: RegisteredUser) => (await api(t.app).get('/api/auth/me', user)).json().user;

const mailsTo = (email: string) => mailsToAddress(t.database.db, email);

/** The code of the latest e-mail to `email` (the line that is only the six digits). */
async function lastCode(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  const match = /^ *(\d{6})$/m.exec(mail?.body_text ?? '');
  if (!match?.[1]) throw new Error('no code in the e-mail');
  return match[1];
}

/** The user's e-mail codes; `age` moves them back in time. */
const { of: codesOf, age } = accountCodes(() => t.database.db, 'email_verification_codes');

/** Another code than `code` (a wrong guess). */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const codeError = (message: string) => ({ success: false, message, errors: { code: [message] } });

describe('POST /api/auth/send-verification-email', () => {
  it('should require a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email' })).statusCode).toBe(401);
  });

  it('should mail a pt-BR 6-digit code with the link that opens the dialog, storing only a keyed hash', async () => {
    const user = await registerUser(t.app, { name: 'Fernanda Alves' });
    const response = await send(user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: EMAIL_CODE_MESSAGES.sent });

    const [mail] = await mailsTo(user.email);
    expect(mail).toMatchObject({ subject: 'Seu código de verificação da Rifaria', sent_at: null, failed_at: null });
    const code = await lastCode(user.email);
    expect(mail!.body_text).toContain('Olá, Fernanda!');
    expect(mail!.body_text).toContain('O código vale por 10 minutos.');
    expect(mail!.body_text).toContain('http://rifaria.test/perfil?verificar-email=1');
    expect(mail!.body_html).toContain(`>${code}</span>`);
    expect(mail!.body_html).toContain('href="http://rifaria.test/perfil?verificar-email=1"');
    expect(mail!.body_html).toContain('<html lang="pt-BR">');

    const [stored] = await codesOf(user);
    expect(stored).toMatchObject({ email: user.email, attempts: 0, used_at: null });
    expect(stored!.code_hash).toHaveLength(32);
    // Neither the code nor its plain SHA-256 (reversed at once by trying the 10^6 codes) is stored.
    const plain = await sql<{ h: Buffer }>`SELECT sha256(convert_to(${code}, 'UTF8')) AS h`.execute(t.database.db);
    expect(stored!.code_hash.equals(plain.rows[0]!.h)).toBe(false);
    expect(stored!.code_hash.toString('hex')).not.toContain(Buffer.from(code).toString('hex'));
    // Valid for 10 minutes.
    const ttl = stored!.expires_at.getTime() - stored!.created_at.getTime();
    expect(ttl).toBe(10 * 60 * 1000);
  });

  it('should send one code per 30 seconds (429 with retry-after), per user', async () => {
    const user = await registerUser(t.app);
    expect((await send(user)).statusCode).toBe(200);
    const again = await send(user);
    expect(again.statusCode).toBe(429);
    const wait = Number(again.headers['retry-after']);
    expect(wait).toBeGreaterThan(25);
    expect(wait).toBeLessThanOrEqual(30);
    expect(again.json()).toEqual(refusal(`Aguarde ${wait} segundos para pedir um novo código.`));
    expect(await mailsTo(user.email)).toHaveLength(1);
    // Another user is not affected.
    expect((await send(await registerUser(t.app))).statusCode).toBe(200);
    // 30 seconds later a new code goes, and the previous one stops working.
    const first = await lastCode(user.email);
    await age(user, 30);
    expect((await send(user)).statusCode).toBe(200);
    const second = await lastCode(user.email);
    expect(await mailsTo(user.email)).toHaveLength(2);
    if (first !== second) expect((await verify(user, first)).json()).toEqual(codeError(EMAIL_CODE_MESSAGES.invalid));
    expect((await verify(user, second)).statusCode).toBe(200);
  });

  it('should send at most 10 codes a day to one user', async () => {
    const user = await registerUser(t.app);
    for (let i = 0; i < 10; i += 1) {
      expect((await send(user)).statusCode).toBe(200);
      await age(user, 31);
    }
    const refused = await send(user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Você pediu muitos códigos nas últimas 24 horas. Tente novamente mais tarde.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
  });

  it('should refuse an already verified e-mail', async () => {
    const user = await registerUser(t.app);
    await send(user);
    expect((await verify(user, await lastCode(user.email))).statusCode).toBe(200);
    const again = await send(user);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(refusal(EMAIL_CODE_MESSAGES.alreadyVerified));
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});

describe('POST /api/auth/verify-email', () => {
  it('should require a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { code: '123456' } });
    expect(response.statusCode).toBe(401);
  });

  it.each([[''], ['12345'], ['1234567'], ['12a456'], [123456], [' 1 2 3 ']])(
    'should answer 422 on code for %j',
    async (code) => {
      const user = await registerUser(t.app);
      const response = await verify(user, code);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ code: [EMAIL_CODE_MESSAGES.codeDigits] });
    },
  );

  it('should verify the e-mail with the right code, once, and lock the e-mail in the profile', async () => {
    const user = await registerUser(t.app);
    await send(user);
    const code = await lastCode(user.email);

    const response = await verify(user, code);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: EMAIL_CODE_MESSAGES.verified });
    expect(body.user).toMatchObject({ id: user.id, email: user.email, email_verified_at: expect.any(String) });
    expect((await me(user)).email_verified_at).toBe(body.user.email_verified_at);
    expect((await codesOf(user))[0]!.used_at).toEqual(expect.any(Date));

    const again = await verify(user, code);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(refusal(EMAIL_CODE_MESSAGES.alreadyVerified));

    const profile = await api(t.app).put('/api/auth/profile', user, {
      name: 'Nome Novo',
      email: uniqueEmail(),
      cpf: '52998224725',
      phone: '11987654321',
    });
    expect(profile.json().errors).toEqual({ email: [PROFILE_MESSAGES.emailLocked] });
  });

  it('should say invalid for a wrong code, counting it', async () => {
    const user = await registerUser(t.app);
    await send(user);
    const code = await lastCode(user.email);
    const response = await verify(user, wrong(code));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(codeError(EMAIL_CODE_MESSAGES.invalid));
    expect((await codesOf(user))[0]!.attempts).toBe(1);
    expect((await me(user)).email_verified_at).toBeNull();
    // The right code still works.
    expect((await verify(user, code)).statusCode).toBe(200);
  });

  it('should kill the code at the 5th wrong try: tooManyAttempts, even for the right code afterwards', async () => {
    const user = await registerUser(t.app);
    await send(user);
    const code = await lastCode(user.email);
    for (let i = 1; i <= 4; i += 1) {
      expect((await verify(user, wrong(code))).json()).toEqual(codeError(EMAIL_CODE_MESSAGES.invalid));
    }
    expect((await verify(user, wrong(code))).json()).toEqual(codeError(EMAIL_CODE_MESSAGES.tooManyAttempts));
    const right = await verify(user, code);
    expect(right.statusCode).toBe(422);
    expect(right.json()).toEqual(codeError(EMAIL_CODE_MESSAGES.tooManyAttempts));
    expect((await codesOf(user))[0]!.attempts).toBe(5);
    expect((await me(user)).email_verified_at).toBeNull();
    // A new code (30 s later) works.
    await age(user, 30);
    await send(user);
    expect((await verify(user, await lastCode(user.email))).statusCode).toBe(200);
  });

  it('should say expired after 10 minutes, and when no code was sent', async () => {
    const none = await registerUser(t.app);
    expect((await verify(none, '123456')).json()).toEqual(codeError(EMAIL_CODE_MESSAGES.expired));

    const user = await registerUser(t.app);
    await send(user);
    const code = await lastCode(user.email);
    await age(user, 10 * 60);
    const response = await verify(user, code);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(codeError(EMAIL_CODE_MESSAGES.expired));
    expect((await me(user)).email_verified_at).toBeNull();
  });

  it('should not verify with a code sent to the previous e-mail', async () => {
    const user = await registerUser(t.app);
    await send(user);
    const code = await lastCode(user.email);
    const changed = await api(t.app).put('/api/auth/profile', user, {
      name: 'Nome',
      email: uniqueEmail('trocado'),
      cpf: '52998224725',
      phone: '11987654321',
    });
    expect(changed.statusCode).toBe(200);
    expect((await verify(user, code)).json()).toEqual(codeError(EMAIL_CODE_MESSAGES.expired));
  });

  it("should not accept another user's code", async () => {
    const [alice, bob] = [await registerUser(t.app), await registerUser(t.app)];
    await send(alice);
    await send(bob);
    const alicesCode = await lastCode(alice.email);
    if (alicesCode !== (await lastCode(bob.email))) {
      expect((await verify(bob, alicesCode)).json()).toEqual(codeError(EMAIL_CODE_MESSAGES.invalid));
    }
    expect((await verify(alice, alicesCode)).statusCode).toBe(200);
  });

  describe('rate limit', () => {
    const strict = setupAppBeside(t, { config: { rateLimits: { verifyEmail: { max: 2, timeWindowMs: 60_000 } } } });

    it('should limit verification tries per address', async () => {
      const user = await registerUser(strict.app);
      const attempt = () => api(strict.app).post('/api/auth/verify-email', user, { code: '000000' });
      expect((await attempt()).statusCode).toBe(422);
      expect((await attempt()).statusCode).toBe(422);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(refusal('Muitas tentativas. Aguarde um minuto e tente novamente.'));
    });
  });
});
