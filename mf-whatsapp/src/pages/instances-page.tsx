import { ComingSoon } from '../components/coming-soon';

export function InstancesPage() {
  return <ComingSoon title="Instâncias do WhatsApp" />;
}
