import { SandboxMailbox } from '../../../features/sandbox-mailbox/components/sandbox-mailbox';
import { useDocumentTitle } from '@rifaria/shared/ui';

export default function SandboxMailboxRoute() {
  useDocumentTitle('Caixa de e-mails (sandbox)');
  return <SandboxMailbox />;
}
