import { ComingSoon } from '@rifaria/shared/ui';

export function SettingsPage() {
  return <ComingSoon title="Configurações" />;
}
