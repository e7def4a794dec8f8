/**
 * The signed-in session as the browser sees it: the user (name, e-mail, description), persisted in localStorage under
 * 'rifaria-session' so a reload knows at once that someone is signed in. The credential itself is an HttpOnly cookie
 * the API sets at login (issue 29): no script can read it, so an injected script cannot carry the session away, and it
 * is never stored here. The stored user only says "probably signed in": the first API call (GET /api/auth/me when the
 * signed-in area mounts) answers 401 when the cookie has expired or was revoked, and the API client then logs out.
 * Shared as a Module Federation singleton, so the shell and every remote read the same store.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { SESSION_STORAGE_KEY } from './constants';
import type { SessionUser } from './types';

export type { SessionUser };

export interface SessionState {
  user: SessionUser | null;
  /** After a login or sign-up (the API has set the session cookie). */
  setSession: (user: SessionUser) => void;
  /** Merges into the stored user (e.g. after GET /api/auth/me or a profile save); no-op when logged out. */
  updateUser: (partial: Partial<SessionUser>) => void;
  /** Clears the user (and its stored copy). Does not call the API (which clears the cookie): see the shell's logout. */
  logout: () => void;
}

/**
 * Forms in progress (e.g. the account-opening wizard) may keep a draft in the TAB's sessionStorage under this
 * prefix, so Back or a reload loses nothing. They hold personal data of the signed-in person: leaving the session
 * clears them (logout, a 401, resetSession).
 */
export const DRAFT_STORAGE_PREFIX = 'rifaria-draft:';

export function clearDrafts(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < window.sessionStorage.length; i += 1) {
      const key = window.sessionStorage.key(i);
      if (key?.startsWith(DRAFT_STORAGE_PREFIX)) keys.push(key);
    }
    keys.forEach((key) => window.sessionStorage.removeItem(key));
  } catch {
    // storage unavailable: no draft was kept either
  }
}

/** Keeps only what the browser needs of a user (spec: the user name, profile.description). */
function pickSessionUser(user: SessionUser): SessionUser {
  const picked: SessionUser = { name: user.name ?? '' };
  if (user.id !== undefined) picked.id = user.id;
  if (user.email !== undefined) picked.email = user.email;
  if (user.email_verified_at !== undefined) picked.email_verified_at = user.email_verified_at;
  if (user.profile !== undefined)
    picked.profile = user.profile ? { description: user.profile.description ?? null } : null;
  return picked;
}

// Storage can be unavailable (Safari private mode, blocked cookies): fall back to memory rather than crash.
const storage = createJSONStorage<Pick<SessionState, 'user'>>(() => {
  try {
    return window.localStorage;
  } catch {
    return {
      getItem: () => null,
      setItem: () => undefined,
      removeItem: () => undefined,
    };
  }
});

export const useSession = create<SessionState>()(
  persist(
    (set, get) => ({
      user: null,
      setSession: (user) => set({ user: pickSessionUser(user) }),
      updateUser: (partial) => {
        const current = get().user;
        if (!current) return;
        set({ user: pickSessionUser({ ...current, ...partial }) });
      },
      logout: () => {
        clearDrafts();
        set({ user: null });
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      // Version 1 kept a bearer token next to the user: reading it rewrites the entry without it.
      version: 2,
      migrate: (persisted) => ({ user: (persisted as { user?: SessionUser | null } | null)?.user ?? null }),
      storage,
      partialize: (state) => ({ user: state.user }),
    },
  ),
);

/** Only checks that a user is stored, not that the session cookie is still valid (the API's 401 handles that). */
export function isAuthenticated(): boolean {
  return useSession.getState().user !== null;
}

export function getSessionUser(): SessionUser | null {
  return useSession.getState().user;
}

/** Back to the logged-out initial state, in memory and in storage. For tests and for account switches. */
export function resetSession(): void {
  clearDrafts();
  useSession.setState({ user: null });
  try {
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // storage unavailable: memory is already clear
  }
}

// Logging out (or in) in one tab applies to the others.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) void useSession.persist.rehydrate();
  });
}

/** sessionStorage: why the last session ended, for the login page to say (issue 30). Read once. */
const SESSION_ENDED_KEY = 'rifaria-session-ended';

/** Remembers that the session was ended by a password change (the API's SESSION_ENDED_HEADER). */
export function rememberSessionEnded(reason: string | null): void {
  if (reason !== 'password_changed' || typeof window === 'undefined') return;
  try {
    window.sessionStorage.setItem(SESSION_ENDED_KEY, reason);
  } catch {
    // Storage refused (private mode): the login page simply says nothing.
  }
}

/** 'password_changed' once after rememberSessionEnded, then null. */
export function takeSessionEnded(): 'password_changed' | null {
  if (typeof window === 'undefined') return null;
  try {
    const reason = window.sessionStorage.getItem(SESSION_ENDED_KEY);
    window.sessionStorage.removeItem(SESSION_ENDED_KEY);
    return reason === 'password_changed' ? reason : null;
  } catch {
    return null;
  }
}
