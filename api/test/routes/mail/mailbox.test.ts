import { sql } from 'kysely';
import { api, registerUser, setupApp, setupAppBeside, uniqueEmail } from '../../helper';
import { TEST_BUYER_DATA_SECRET } from '../../support/buyers';

/**
 * GET /api/sandbox/mailbox: in e-mail sandbox mode (no SMTP_URL, not production) the e-mails stay in mail_outbox and
 * this lists them, so a newcomer verifies an e-mail and resets a password without an SMTP server. Anywhere else the
 * route does not exist.
 */

const t = setupApp({ config: { buyerData: { secret: TEST_BUYER_DATA_SECRET } } });

const mailbox = (query = '', app = t.app) => app.inject({ method: 'GET', url: `/api/sandbox/mailbox${query}` });

const notFound = { success: false, message: 'Rota não encontrada.' };

describe('GET /api/sandbox/mailbox (sandbox)', () => {
  it('should list the outbox newest first, each e-mail with its pt-BR date, without a session', async () => {
    const user = await registerUser(t.app);
    expect((await api(t.app).post('/api/auth/send-verification-email', user)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });

    const response = await mailbox(`?to=${encodeURIComponent(user.email.toUpperCase())}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { success, data } = response.json();
    expect(success).toBe(true);
    expect(data.map((mail: { subject: string }) => mail.subject)).toEqual([
      'Redefinição de senha da Rifaria',
      'Seu código de verificação da Rifaria',
    ]);
    const [reset, code] = data;
    expect(Object.keys(code).sort()).toEqual(
      ['created_at', 'created_at_formatted', 'html', 'id', 'subject', 'text', 'to'].sort(),
    );
    expect(code).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      to: user.email,
      html: expect.stringContaining('<html'),
    });
    expect(code.text).toMatch(/^ *\d{6}$/m);
    expect(reset.text).toContain('/redefinir-senha?token=');
    expect(Number(reset.id)).toBeGreaterThan(Number(code.id));
  });

  it('should format created_at in São Paulo time', async () => {
    const email = uniqueEmail('data');
    const id = await t.repos.mailOutbox.enqueue({ to_address: email, subject: 'x', body_text: 'y', body_html: null });
    // 15:30 UTC on 21/11/2025 is 12:30 in São Paulo (UTC-3).
    await t.database.db
      .updateTable('mail_outbox')
      .set({ created_at: sql`'2025-11-21T15:30:00Z'::timestamptz` })
      .where('id', '=', id)
      .execute();
    const [mail] = (await mailbox(`?to=${email}`)).json().data;
    expect(mail).toEqual({
      id,
      to: email,
      subject: 'x',
      text: 'y',
      html: null,
      created_at: '2025-11-21T15:30:00.000Z',
      created_at_formatted: '21/11/2025 às 12:30',
    });
  });

  it('should list at most the 50 newest e-mails', async () => {
    const email = uniqueEmail('muitos');
    for (let i = 1; i <= 52; i += 1) {
      await t.repos.mailOutbox.enqueue({ to_address: email, subject: `n${i}`, body_text: '.', body_html: null });
    }
    const data = (await mailbox(`?to=${email}`)).json().data as { subject: string }[];
    expect(data).toHaveLength(50);
    expect(data[0]!.subject).toBe('n52');
    expect(data[49]!.subject).toBe('n3');
    expect(((await mailbox()).json().data as unknown[]).length).toBe(50);
  });

  it('should answer an empty list for an address without e-mail, and 422 for an absurd filter', async () => {
    expect((await mailbox(`?to=${uniqueEmail('vazio')}`)).json()).toEqual({ success: true, data: [] });
    const absurd = await mailbox(`?to=${'a'.repeat(400)}`);
    expect(absurd.statusCode).toBe(422);
    expect(absurd.json().success).toBe(false);
  });

  describe('with SMTP_URL', () => {
    const smtp = setupAppBeside(t, { config: { mail: { smtpUrl: 'smtp://127.0.0.1:2525' } } });

    it('should not exist', async () => {
      const response = await mailbox('', smtp.app);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    });
  });

  describe('in production', () => {
    const production = setupAppBeside(t, { config: { production: true } });

    it('should not exist, even without SMTP_URL', async () => {
      const response = await mailbox('', production.app);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    });
  });
});
