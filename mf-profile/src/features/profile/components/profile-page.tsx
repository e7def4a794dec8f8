import { ComingSoon } from '@rifaria/shared/ui';

export function ProfilePage() {
  return <ComingSoon title="Meus Dados" />;
}
