import { TermsOfUse } from '../../../features/legal/components/terms-of-use';
import { useDocumentTitle } from '@rifaria/shared/ui';

export default function TermsRoute() {
  useDocumentTitle('Termos de Uso');
  return <TermsOfUse />;
}
