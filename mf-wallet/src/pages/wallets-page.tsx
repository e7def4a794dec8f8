import { ComingSoon } from '@rifaria/shared/ui';

export function WalletsPage() {
  return <ComingSoon title="Carteiras" />;
}
