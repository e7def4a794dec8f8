import { useParams } from 'react-router-dom';
import { ComingSoon } from '@rifaria/shared/ui';

export function CampaignPage() {
  const { link = '' } = useParams();
  return (
    <ComingSoon title="Página da campanha">
      A página pública da campanha “{link}” está sendo preparada e estará disponível em breve.
    </ComingSoon>
  );
}
