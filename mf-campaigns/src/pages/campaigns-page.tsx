import { ComingSoon } from '../components/coming-soon';

export function CampaignsPage() {
  return <ComingSoon title="Minhas Campanhas" />;
}
