import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';
import { SandboxMailboxLink } from '../../../features/sandbox-mailbox/components/sandbox-mailbox-link';
import { useDocumentTitle } from '@rifaria/shared/ui';

/** The sandbox mailbox link is composed here, so neither feature imports the other. */
export default function ForgotPasswordRoute() {
  useDocumentTitle('Recuperar senha');
  return (
    <AuthLayout>
      <ForgotPasswordForm renderAfterSent={(email) => <SandboxMailboxLink recipient={email} />} />
    </AuthLayout>
  );
}
