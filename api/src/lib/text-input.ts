import { ValidationError } from './errors';
import { API_MESSAGES } from './messages';

/**
 * PostgreSQL refuses a NUL character in text and jsonb, so one that reached a query used to come back as a 500.
 * Every string a client sends (values and keys, at any depth) is looked at here once, before validation.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function nulTextPath(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [current, path] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path || '_';
    } else if (typeof current === 'object' && current !== null && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return path || '_';
        pending.push([item, itemPath]);
      }
    }
  }
  return null;
}

/** 422 on the first field holding a NUL character, the error shape forms read. */
export function refuseNulText(value: unknown): void {
  const path = nulTextPath(value);
  if (path !== null) throw new ValidationError({ [path]: [API_MESSAGES.nulCharacter] });
}
