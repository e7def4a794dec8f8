import { useSearchParams } from 'react-router-dom';
import { ComingSoon } from '@rifaria/shared/ui';

export function CheckoutPage() {
  const [params] = useSearchParams();
  const purchase = params.get('compra');
  return (
    <ComingSoon title="Finalizar pagamento">
      {purchase
        ? 'O pagamento via Pix desta compra está sendo preparado e estará disponível em breve.'
        : 'Hash da compra não encontrado na URL'}
    </ComingSoon>
  );
}
