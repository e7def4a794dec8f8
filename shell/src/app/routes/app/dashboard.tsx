import { useSession } from '@rifaria/shared/session';
import { DashboardGreeting } from '../../../features/dashboard/components/dashboard-greeting';
import { useDocumentTitle } from '../../use-document-title';

/** For now the greeting only; the overview cards, chart and checklist arrive with their own issues. */
export default function DashboardRoute() {
  useDocumentTitle('Início');
  const name = useSession((state) => state.user?.name);
  return <DashboardGreeting name={name} />;
}
