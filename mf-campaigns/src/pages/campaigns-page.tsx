import { ComingSoon } from '@rifaria/shared/ui';

export function CampaignsPage() {
  return <ComingSoon title="Minhas Campanhas" />;
}
