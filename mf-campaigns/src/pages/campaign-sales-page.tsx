import { ComingSoon } from '@rifaria/shared/ui';

export default function CampaignSalesPage() {
  return <ComingSoon title="Vendas da campanha" />;
}
