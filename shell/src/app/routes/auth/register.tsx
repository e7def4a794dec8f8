import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { RegisterForm } from '../../../features/auth/components/register-form';
import { useDocumentTitle } from '@rifaria/shared/ui';

export default function RegisterRoute() {
  useDocumentTitle('Criar conta');
  return (
    <AuthLayout>
      <RegisterForm />
    </AuthLayout>
  );
}
