import { ComingSoon } from '@rifaria/shared/ui';

export default function CampaignPanelPage() {
  return <ComingSoon title="Painel da campanha" />;
}
