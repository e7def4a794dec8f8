import { PrivacyPolicy } from '../../../features/legal/components/privacy-policy';
import { useDocumentTitle } from '@rifaria/shared/ui';

export default function PrivacyRoute() {
  useDocumentTitle('Política de Privacidade');
  return <PrivacyPolicy />;
}
