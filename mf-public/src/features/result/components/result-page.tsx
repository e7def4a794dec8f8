/** /p/{link}/resultado: the draw's result and how to check it, or why it cannot be shown yet. */
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Typography } from '@mui/material';
import { paths } from '@rifaria/shared/paths';
import { PageLoader } from '@rifaria/shared/ui';
import { PageMessage } from '../../common/components/page-message';
import { useDrawResult } from '../../common/hooks/use-draw-result';
import { RESULT_TEXTS } from './result-texts';
import { ResultView } from './result-view';

export function ResultPage() {
  const { link = '' } = useParams();
  const { load, reload } = useDrawResult(link);

  if (load.state === 'loading') return <PageLoader label={RESULT_TEXTS.loading} />;
  if (load.state === 'ready') return <ResultView result={load.result} />;
  if (load.state === 'not-found') {
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
