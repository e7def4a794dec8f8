import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { RegisterForm } from '../../../features/auth/components/register-form';
import { useDocumentTitle } from '../../use-document-title';

export default function RegisterRoute() {
  useDocumentTitle('Criar conta');
  return (
    <AuthLayout>
      <RegisterForm />
    </AuthLayout>
  );
}
