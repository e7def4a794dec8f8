import { useSearchParams } from 'react-router-dom';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { useDocumentTitle } from '@rifaria/shared/ui';

export default function ResetPasswordRoute() {
  useDocumentTitle('Redefinir senha');
  const [searchParams] = useSearchParams();
  const token = (searchParams.get('token') ?? '').trim();
  return (
    <AuthLayout>
      {/* Keyed by token: another link opened in this tab starts afresh. */}
      <ResetPasswordForm key={token} token={token} />
    </AuthLayout>
  );
}
