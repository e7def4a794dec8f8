import { SESSION_STORAGE_KEY } from '../constants';
import { DRAFT_STORAGE_PREFIX, isAuthenticated, resetSession, useSession } from '../session';

const user = { id: 1, name: 'Ana Paula', email: 'ana@rifaria.com.br', profile: { description: 'Organizadora' } };

describe('session store', () => {
  beforeEach(() => resetSession());

  it('should store the user, and no credential, under rifaria-session', () => {
    useSession.getState().setSession(user);
    expect(isAuthenticated()).toBe(true);
    const stored = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}');
    expect(stored.state).toEqual({ user });
  });

  it('should drop the bearer token an earlier version stored, keeping the user', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ state: { token: 'tok-1', user }, version: 1 }));
    await useSession.persist.rehydrate();
    expect(useSession.getState().user).toEqual(user);
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toEqual({
      state: { user },
      version: 2,
    });
  });

  it("should clear the tab's form drafts on logout, and nothing else of sessionStorage", () => {
    useSession.getState().setSession(user);
    window.sessionStorage.setItem(`${DRAFT_STORAGE_PREFIX}account-opening`, '{"cpf":"529.982.247-25"}');
    window.sessionStorage.setItem(`${DRAFT_STORAGE_PREFIX}other`, '{}');
    window.sessionStorage.setItem('unrelated', 'kept');
    useSession.getState().logout();
    expect(window.sessionStorage.getItem(`${DRAFT_STORAGE_PREFIX}account-opening`)).toBeNull();
    expect(window.sessionStorage.getItem(`${DRAFT_STORAGE_PREFIX}other`)).toBeNull();
    expect(window.sessionStorage.getItem('unrelated')).toBe('kept');
    window.sessionStorage.clear();
  });

  it('should merge user updates', () => {
    useSession.getState().setSession(user);
    useSession.getState().updateUser({ name: 'Ana P. Souza' });
    expect(useSession.getState().user).toEqual({ ...user, name: 'Ana P. Souza' });
  });

  it('should clear the user on logout', () => {
    useSession.getState().setSession(user);
    useSession.getState().logout();
    expect(useSession.getState().user).toBeNull();
    expect(isAuthenticated()).toBe(false);
    const stored = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}');
    expect(stored.state).toEqual({ user: null });
  });

  it('should ignore user updates while logged out', () => {
    useSession.getState().updateUser({ name: 'X' });
    expect(useSession.getState().user).toBeNull();
  });
});
