import { useRequest } from '@rifaria/shared/ui';
import { getSandboxMailbox } from '../api/get-sandbox-mailbox';

/**
 * Whether the sandbox mailbox answers (sandbox mode: no SMTP_URL, not production). The runtime config's `sandbox`
 * flag is about the Pix PSP, not e-mail, so the mailbox itself is asked. False while asking and on any failure:
 * a link that might lead nowhere is not shown.
 */
export function useSandboxMailboxAvailable(recipient?: string): boolean {
  const probe = useRequest((signal) => getSandboxMailbox({ to: recipient, signal }).then(() => true), [recipient]);
  return probe.status === 'ready' && probe.data === true;
}
