import { AUTH_MESSAGES, PROFILE_MESSAGES } from '@rifaria/shared/schemas';
import { bearer, registerUser, setupApp, setupAppBeside, uniqueEmail, type TestApp } from '../../helper';

const t = setupApp();

const put = (app: TestApp['app'], token: string, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/auth/profile', headers: bearer(token), payload });

const validProfile = (email: string) => ({
  name: 'João Pereira',
  email,
  cpf: '529.982.247-25',
  phone: '(11) 98765-4321',
});

describe('GET /api/auth/profile', () => {
  it('should return the user and its formatted block', async () => {
    const user = await registerUser(t.app);
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: bearer(user.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      user: { email: user.email },
      formatted: { cpf: null, phone: null },
    });
  });
});

describe('PUT /api/auth/profile', () => {
  it('should save digits only and answer with masked values', async () => {
    const user = await registerUser(t.app);
    const response = await put(t.app, user.token, validProfile(user.email));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Dados salvos com sucesso!',
      user: expect.objectContaining({
        name: 'João Pereira',
        cpf: '52998224725',
        phone: '11987654321',
        formatted: { cpf: '529.982.247-25', phone: '(11) 98765-4321' },
      }),
      formatted: { cpf: '529.982.247-25', phone: '(11) 98765-4321' },
    });
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(user.token) })).json();
    expect(me.user).toMatchObject({ name: 'João Pereira', cpf: '52998224725', phone: '11987654321' });
  });

  it('should format a 10-digit landline', async () => {
    const user = await registerUser(t.app);
    const response = await put(t.app, user.token, { ...validProfile(user.email), phone: '1134567890' });
    expect(response.json().formatted.phone).toBe('(11) 3456-7890');
  });

  it.each([
    ['name', { name: '' }, AUTH_MESSAGES.nameRequired],
    ['name', { name: 'J' }, AUTH_MESSAGES.nameMin],
    ['email', { email: '' }, AUTH_MESSAGES.emailRequired],
    ['email', { email: 'joao@' }, AUTH_MESSAGES.emailInvalid],
    ['cpf', { cpf: '' }, PROFILE_MESSAGES.cpfRequired],
    ['cpf', { cpf: '529.982.247' }, PROFILE_MESSAGES.cpfDigits],
    ['cpf', { cpf: '529.982.247-26' }, PROFILE_MESSAGES.cpfInvalid],
    ['cpf', { cpf: '111.111.111-11' }, PROFILE_MESSAGES.cpfInvalid],
    ['phone', { phone: '' }, PROFILE_MESSAGES.phoneRequired],
    ['phone', { phone: '(11) 8765-432' }, PROFILE_MESSAGES.phoneInvalid],
    ['phone', { phone: '(20) 98765-4321' }, PROFILE_MESSAGES.phoneInvalid],
  ])('should reject an invalid %s (%j)', async (field, change, message) => {
    const user = await registerUser(t.app);
    const response = await put(t.app, user.token, { ...validProfile(user.email), ...change });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]?.[0]).toBe(message);
  });

  it("should refuse another account's e-mail, whatever its case", async () => {
    const owner = await registerUser(t.app);
    const user = await registerUser(t.app);
    const response = await put(t.app, user.token, validProfile(owner.email.toUpperCase()));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: [PROFILE_MESSAGES.emailTaken] });
  });

  it('should allow changing an unverified e-mail', async () => {
    const user = await registerUser(t.app);
    const email = uniqueEmail('novo');
    const response = await put(t.app, user.token, validProfile(email));
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(email);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('should lock a verified e-mail but still save the rest', async () => {
    const user = await registerUser(t.app);
    await t.database.db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('email', '=', user.email)
      .execute();
    const refused = await put(t.app, user.token, validProfile(uniqueEmail('outro')));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ email: [PROFILE_MESSAGES.emailLocked] });
    expect((await put(t.app, user.token, validProfile(user.email))).statusCode).toBe(200);
  });

  describe('with an active wallet', () => {
    const withWallet = setupAppBeside(t, { activeWallets: { hasActiveWallet: async () => true } });

    it('should lock the CPF once set, and accept the same CPF', async () => {
      const user = await registerUser(withWallet.app);
      expect((await put(withWallet.app, user.token, validProfile(user.email))).statusCode).toBe(200);
      const same = await put(withWallet.app, user.token, { ...validProfile(user.email), cpf: '52998224725' });
      expect(same.statusCode).toBe(200);
      const changed = await put(withWallet.app, user.token, { ...validProfile(user.email), cpf: '111.444.777-35' });
      expect(changed.statusCode).toBe(422);
      expect(changed.json().errors).toEqual({ cpf: [PROFILE_MESSAGES.cpfLocked] });
    });
  });
});
