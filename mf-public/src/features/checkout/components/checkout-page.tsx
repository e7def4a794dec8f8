import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Button, Stack, Typography } from '@mui/material';
import { paths } from '@rifaria/shared/paths';
import { BUYER_MESSAGES } from '@rifaria/shared/schemas';
import { PageLoader } from '@rifaria/shared/ui';
import { PageMessage } from '../../common/components/page-message';
import { useLastCampaign } from '../../common/hooks/last-campaign';
import { usePurchase } from '../hooks/use-purchase';
import { CheckoutView } from './checkout-view';

export function CheckoutPage() {
  const [params] = useSearchParams();
  const hash = params.get('compra')?.trim() || null;
  const { load, refresh, retry } = usePurchase(hash);

  if (!hash) return <CheckoutError message={BUYER_MESSAGES.hashMissing} />;
  if (load.state === 'loading') return <PageLoader label="Carregando compra" />;
  if (load.state === 'not-found') return <CheckoutError message={BUYER_MESSAGES.purchaseNotFound} />;
  if (load.state === 'error') return <CheckoutError message={BUYER_MESSAGES.purchaseLoadFailed} onRetry={retry} />;
  return <CheckoutView purchase={load.purchase} clockOffsetMs={load.clockOffsetMs} refresh={refresh} />;
}

/**
 * The purchase could not be shown. 'Voltar ao início' is the buyer's start: the campaign they last opened on this
 * device, else the public home (never '/', which is the organisers' area behind a login).
 */
function CheckoutError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const campaign = useLastCampaign();
  const home = campaign ? paths.publicCampaign.getHref(campaign.link) : paths.publicArea.getHref();
  return (
    <PageMessage title={message}>
      <Typography color="text.secondary">Confira o link do pagamento ou volte ao início.</Typography>
      <Stack direction="row" spacing={1}>
        {onRetry ? (
          <Button variant="outlined" onClick={onRetry}>
            Tentar novamente
          </Button>
        ) : null}
        <Button component={RouterLink} to={home} variant="contained">
          Voltar ao início
        </Button>
      </Stack>
    </PageMessage>
  );
}
