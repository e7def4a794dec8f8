import { ComingSoon } from '../components/coming-soon';

export function WalletsPage() {
  return <ComingSoon title="Carteiras" />;
}
