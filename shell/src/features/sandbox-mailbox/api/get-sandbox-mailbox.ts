import { api } from '@rifaria/shared/api-client';
import type { SandboxMail } from '@rifaria/shared/types';

/**
 * GET /api/sandbox/mailbox[?to=…] → the mail kept in the outbox, newest first (at most 50). Only in sandbox mode
 * (no SMTP_URL, not production): otherwise a 404, which callers read as "the mailbox is off".
 */
export async function getSandboxMailbox(options: { to?: string; signal?: AbortSignal } = {}): Promise<SandboxMail[]> {
  const body = await api
    .get('/api/sandbox/mailbox', {
      searchParams: options.to ? { to: options.to } : undefined,
      signal: options.signal,
    })
    .json<{ data?: unknown }>();
  return Array.isArray(body?.data) ? (body.data as SandboxMail[]) : [];
}
