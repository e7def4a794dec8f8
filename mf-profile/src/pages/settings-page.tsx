import { ComingSoon } from '../components/coming-soon';

export function SettingsPage() {
  return <ComingSoon title="Configurações" />;
}
