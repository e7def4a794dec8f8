import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useDocumentTitle } from '../../use-document-title';

export default function LoginRoute() {
  useDocumentTitle('Entrar');
  return (
    <AuthLayout>
      <LoginForm />
    </AuthLayout>
  );
}
