import { PrivacyPolicy } from '../../../features/legal/components/privacy-policy';
import { useDocumentTitle } from '../../use-document-title';

export default function PrivacyRoute() {
  useDocumentTitle('Política de Privacidade');
  return <PrivacyPolicy />;
}
