import { TermsOfUse } from '../../../features/legal/components/terms-of-use';
import { useDocumentTitle } from '../../use-document-title';

export default function TermsRoute() {
  useDocumentTitle('Termos de Uso');
  return <TermsOfUse />;
}
