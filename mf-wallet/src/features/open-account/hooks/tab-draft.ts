/**
 * A form's draft in the TAB's sessionStorage (never localStorage): it survives Back, a reload and a detour through
 * another page, dies with the tab, and is cleared by the session store on logout (DRAFT_STORAGE_PREFIX). It holds
 * personal data but no secret and no file: a chosen document has to be chosen again.
 */
import { DRAFT_STORAGE_PREFIX, getSessionUser } from '@rifaria/shared/session';

/** Longer values are not restored (nothing typed in these forms comes near it). */
const VALUE_MAX_LENGTH = 500;

interface StoredDraft {
  owner: string;
  values: Record<string, unknown>;
  hadFile: boolean;
}

export interface TabDraft<T extends { [K in keyof T]: string }> {
  values: Partial<T>;
  /** A file had been chosen: the person must choose it again. */
  hadFile: boolean;
}

const keyOf = (name: string) => `${DRAFT_STORAGE_PREFIX}${name}`;

/** Whose draft it is: another person signing in on the same tab never sees it. */
function currentOwner(): string {
  const user = getSessionUser();
  return String(user?.id ?? user?.email ?? '');
}

export function readTabDraft<T extends { [K in keyof T]: string }>(
  name: string,
  fields: readonly (keyof T & string)[],
): TabDraft<T> | null {
  try {
    const text = window.sessionStorage.getItem(keyOf(name));
    if (!text) return null;
    const stored = JSON.parse(text) as Partial<StoredDraft> | null;
    if (!stored || stored.owner !== currentOwner() || typeof stored.values !== 'object' || !stored.values) {
      return null;
    }
    const values: Partial<Record<string, string>> = {};
    for (const field of fields) {
      const value = (stored.values as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.length <= VALUE_MAX_LENGTH) values[field] = value;
    }
    return { values: values as Partial<T>, hadFile: stored.hadFile === true };
  } catch {
    return null; // unavailable storage or a damaged draft: start from scratch
  }
}

export function writeTabDraft(name: string, values: object, hadFile: boolean): void {
  try {
    const draft: StoredDraft = { owner: currentOwner(), values: { ...values }, hadFile };
    window.sessionStorage.setItem(keyOf(name), JSON.stringify(draft));
  } catch {
    // storage full or unavailable: the form still works, only the draft is not kept
  }
}

export function clearTabDraft(name: string): void {
  try {
    window.sessionStorage.removeItem(keyOf(name));
  } catch {
    // nothing was kept
  }
}
