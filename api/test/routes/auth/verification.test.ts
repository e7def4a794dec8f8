import { PROFILE_MESSAGES } from '@rifaria/shared/schemas';
import { hashToken } from '../../../src/lib/tokens';
import { bearer, registerUser, uniqueEmail, setupApp } from '../../helper';

const t = setupApp();

const send = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', headers: bearer(token) });

async function lastMailTo(email: string) {
  return t.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

const linkToken = (body: string): string => {
  const match = /\/api\/auth\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(body);
  if (!match?.[1]) throw new Error('no verification link in the e-mail');
  return match[1];
};

describe('POST /api/auth/send-verification-email', () => {
  it('should require a session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email' })).statusCode).toBe(401);
  });

  it('should write a pt-BR e-mail with a one-time link to the outbox, storing only the hash', async () => {
    const user = await registerUser(t.app, { name: 'Fernanda Alves' });
    const response = await send(user.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Email enviado com sucesso!' });

    const mail = await lastMailTo(user.email);
    expect(mail).toMatchObject({ subject: 'Confirme seu e-mail na Rifaria', sent_at: null });
    expect(mail!.body_text).toContain('Olá, Fernanda!');
    expect(mail!.body_text).toContain('http://rifaria.test/api/auth/verify-email?token=');
    expect(mail!.body_html).toContain('Confirmar e-mail');

    const token = linkToken(mail!.body_text);
    const stored = await t.database.db
      .selectFrom('email_verification_tokens')
      .selectAll()
      .where('user_id', '=', String(user.id))
      .executeTakeFirstOrThrow();
    expect(stored.token_hash.equals(hashToken(token))).toBe(true);
    expect(stored.email).toBe(user.email);
  });

  it('should allow one e-mail per minute per user (429 in pt-BR)', async () => {
    const user = await registerUser(t.app);
    expect((await send(user.token)).statusCode).toBe(200);
    const again = await send(user.token);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({
      success: false,
      message: 'Aguarde um minuto antes de solicitar um novo e-mail de verificação.',
    });
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not affected.
    expect((await send((await registerUser(t.app)).token)).statusCode).toBe(200);
  });
});

describe('GET /api/auth/verify-email', () => {
  it('should verify the e-mail once, then lock it in the profile', async () => {
    const user = await registerUser(t.app);
    await send(user.token);
    const token = linkToken((await lastMailTo(user.email))!.body_text);

    const response = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/perfil?email_verificado=1');

    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(user.token) })).json();
    expect(me.user.email_verified_at).toEqual(expect.any(String));

    const reused = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(reused.headers.location).toBe('/perfil?email_verificado=0');

    const already = await send(user.token);
    expect(already.statusCode).toBe(422);
    expect(already.json()).toEqual({ success: false, message: 'Seu e-mail já foi verificado.' });

    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(user.token),
      payload: { name: 'Nome Novo', email: uniqueEmail(), cpf: '52998224725', phone: '11987654321' },
    });
    expect(profile.json().errors).toEqual({ email: [PROFILE_MESSAGES.emailLocked] });
  });

  it('should reject a missing or unknown token with a redirect, not an error page', async () => {
    for (const url of [
      '/api/auth/verify-email',
      `/api/auth/verify-email?token=${'x'.repeat(43)}`,
      '/api/auth/verify-email?token=%3Cscript%3E',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/perfil?email_verificado=0');
    }
  });

  it('should not verify when the e-mail changed after the link was sent', async () => {
    const user = await registerUser(t.app);
    await send(user.token);
    const token = linkToken((await lastMailTo(user.email))!.body_text);
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(user.token),
      payload: { name: 'Nome', email: uniqueEmail('trocado'), cpf: '52998224725', phone: '11987654321' },
    });
    const response = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(response.headers.location).toBe('/perfil?email_verificado=0');
  });
});
