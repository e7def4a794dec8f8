/** /campanhas/{id}/vendas */
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '@rifaria/shared/ui';
import { CampaignSales } from './campaign-sales';

export default function CampaignSalesPage() {
  const { id = '' } = useParams();
  useDocumentTitle('Vendas');
  // key: another campaign's sales start from fresh filters and page 1.
  return <CampaignSales key={id} campaignId={id} />;
}
