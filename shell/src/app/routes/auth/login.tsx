import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useDocumentTitle } from '@rifaria/shared/ui';

export default function LoginRoute() {
  useDocumentTitle('Entrar');
  return (
    <AuthLayout>
      <LoginForm />
    </AuthLayout>
  );
}
