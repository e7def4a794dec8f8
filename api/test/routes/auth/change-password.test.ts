import { AUTH_MESSAGES, PASSWORD_CHANGE_MESSAGES } from '@rifaria/shared/schemas';
import { bearer, registerUser, setupApp } from '../../helper';

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
    ['new_password', { new_password: '12345', new_password_confirmation: '12345' }, PASSWORD_CHANGE_MESSAGES.newMin],
    ['new_password_confirmation', { new_password_confirmation: '' }, PASSWORD_CHANGE_MESSAGES.confirmationRequired],
    ['new_password_confirmation', { new_password_confirmation: 'outra123' }, PASSWORD_CHANGE_MESSAGES.dontMatch],
  ])('should reject an invalid %s (%j)', async (field, changeSet, message) => {
    const user = await registerUser(t.app);
    const response = await change(user.token, {
      current_password: user.password,
      new_password: 'nova123',
      new_password_confirmation: 'nova123',
      ...changeSet,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]?.[0]).toBe(message);
  });

  it('should answer 422 on current_password when the current password is wrong', async () => {
    const user = await registerUser(t.app);
    const response = await change(user.token, {
      current_password: 'Errada123',
      new_password: 'nova123',
      new_password_confirmation: 'nova123',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      message: 'Senha atual incorreta.',
      errors: { current_password: ['Senha atual incorreta.'] },
    });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('should change the password, keep this session and revoke the others', async () => {
    const user = await registerUser(t.app);
    const other = (await login(user.email, user.password)).json().access_token as string;

    const response = await change(user.token, {
      current_password: user.password,
      new_password: 'nova123',
      new_password_confirmation: 'nova123',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: PASSWORD_CHANGE_MESSAGES.success });

    const oldLogin = await login(user.email, user.password);
    expect(oldLogin.statusCode).toBe(401);
    expect(oldLogin.json().message).toBe(AUTH_MESSAGES.loginFailed);
    expect((await login(user.email, 'nova123')).statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
  });
});
