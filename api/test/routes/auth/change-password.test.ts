import { AUTH_MESSAGES, missingPasswordRulesMessage, PASSWORD_CHANGE_MESSAGES } from '@rifaria/shared/schemas';
import { bearer, registerUser, setupApp } from '../../helper';
import { refusal } from '@rifaria/shared/testing/fixtures';

const t = setupApp();

const change = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: bearer(token), payload });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('POST /api/auth/change-password', () => {
  it('should require a session', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/change-password', payload: {} });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['current_password', { current_password: '' }, PASSWORD_CHANGE_MESSAGES.currentRequired],
    ['new_password', { new_password: '', new_password_confirmation: '' }, PASSWORD_CHANGE_MESSAGES.newRequired],
    // Issue 30: the sign-up rules, not 6 characters.
    [
      'new_password',
      { new_password: '12345', new_password_confirmation: '12345' },
      missingPasswordRulesMessage('12345'),
    ],
    [
      'new_password',
      { new_password: 'abcdefgh', new_password_confirmation: 'abcdefgh' },
      missingPasswordRulesMessage('abcdefgh'),
    ],
    ['new_password_confirmation', { new_password_confirmation: '' }, PASSWORD_CHANGE_MESSAGES.confirmationRequired],
    ['new_password_confirmation', { new_password_confirmation: 'outra123' }, PASSWORD_CHANGE_MESSAGES.dontMatch],
  ])('should reject an invalid %s (%j)', async (field, changeSet, message) => {
    const user = await registerUser(t.app);
    const response = await change(user.token, {
      current_password: user.password,
      new_password: 'Nova1234',
      new_password_confirmation: 'Nova1234',
      ...changeSet,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]?.[0]).toBe(message);
  });

  it('should answer 422 on current_password when the current password is wrong', async () => {
    const user = await registerUser(t.app);
    const response = await change(user.token, {
      current_password: 'Errada123',
      new_password: 'Nova1234',
      new_password_confirmation: 'Nova1234',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual(
      refusal('Senha atual incorreta.', { current_password: ['Senha atual incorreta.'] }),
    );
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('should change the password, keep this session and revoke the others', async () => {
    const user = await registerUser(t.app);
    const other = (await login(user.email, user.password)).json().access_token as string;

    const response = await change(user.token, {
      current_password: user.password,
      new_password: 'Nova1234',
      new_password_confirmation: 'Nova1234',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: PASSWORD_CHANGE_MESSAGES.success });

    const oldLogin = await login(user.email, user.password);
    expect(oldLogin.statusCode).toBe(401);
    expect(oldLogin.json().message).toBe(AUTH_MESSAGES.loginFailed);
    expect((await login(user.email, 'Nova1234')).statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(200);
    // Issue 30: the other session is told why it ended (the old tab no longer lands on /login silently).
    const ended = await me(other);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual(refusal(AUTH_MESSAGES.sessionEndedPasswordChanged));
    expect(ended.headers['x-session-ended']).toBe('password_changed');
    // A token that never existed, or one ended by a logout, is only 'expired'.
    const unknown = await me('a'.repeat(64));
    expect(unknown.json().message).toBe(AUTH_MESSAGES.sessionExpired);
    expect(unknown.headers['x-session-ended']).toBeUndefined();
  });
});
