import { ComingSoon } from '@rifaria/shared/ui';

export function InstancesPage() {
  return <ComingSoon title="Instâncias do WhatsApp" />;
}
