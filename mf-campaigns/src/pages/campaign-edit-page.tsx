import { ComingSoon } from '@rifaria/shared/ui';

export default function CampaignEditPage() {
  return <ComingSoon title="Editar campanha" />;
}
