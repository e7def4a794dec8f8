/** /p/{link}/resultado: the draw's result and how to check it, or why it cannot be shown yet. */
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Typography } from '@mui/material';
import { paths } from '@rifaria/shared/paths';
import { PageLoader, useDocumentTitle } from '@rifaria/shared/ui';
import { PageMessage } from '../../common/components/page-message';
import { useDrawResult } from '../../common/hooks/use-draw-result';
import { useCampaignKnown } from '../hooks/use-campaign-known';
import { RESULT_TEXTS } from './result-texts';
import { ResultView } from './result-view';

export function ResultPage() {
  const { link = '' } = useParams();
  const { load, reload } = useDrawResult(link);
  useDocumentTitle(load.state === 'ready' ? RESULT_TEXTS.documentTitle(load.data.campaign.name) : null);

  if (load.state === 'loading') return <PageLoader label={RESULT_TEXTS.loading} />;
  if (load.state === 'ready') return <ResultView result={load.data} />;
  if (load.state === 'not-found') return <NoResult link={link} />;
  return (
    <PageMessage title={RESULT_TEXTS.errorTitle}>
      <Typography role="alert" color="error">
        {load.message}
      </Typography>
      <Button variant="contained" onClick={reload}>
        {RESULT_TEXTS.retry}
      </Button>
    </PageMessage>
  );
}

/**
 * /result answers the same 404 for a campaign not drawn yet and for a link that is no campaign: the campaign itself
 * tells them apart, so 'Voltar para a campanha' never leads to a page that does not exist.
 */
function NoResult({ link }: { link: string }) {
  const campaign = useCampaignKnown(link);
  useDocumentTitle(campaign.name ? RESULT_TEXTS.documentTitle(campaign.name) : null);

  if (campaign.state === 'loading') return <PageLoader label={RESULT_TEXTS.loading} />;
  if (campaign.state === 'unknown') {
    return (
      <PageMessage title={RESULT_TEXTS.campaignNotFoundTitle}>
        <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
          {RESULT_TEXTS.campaignNotFoundText}
        </Typography>
        <Button component={RouterLink} to={paths.publicArea.getHref()} variant="contained">
          {RESULT_TEXTS.toPublicHome}
        </Button>
      </PageMessage>
    );
  }
  return (
    <PageMessage title={RESULT_TEXTS.notFoundTitle}>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {RESULT_TEXTS.notFoundText}
      </Typography>
      <Button component={RouterLink} to={paths.publicCampaign.getHref(link)} variant="contained">
        {RESULT_TEXTS.backToCampaign}
      </Button>
    </PageMessage>
  );
}
