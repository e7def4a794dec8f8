/** /configuracoes 'Configurações': loading, a load error with 'Tentar novamente', then the form. */
import { Box, Skeleton } from '@mui/material';
import { SETTINGS_MESSAGES } from '@rifaria/shared/schemas';
import { RetryAlert, useRequest } from '@rifaria/shared/ui';
import { PageFrame } from '../../common/components/page-frame';
import { getSettings } from '../api/settings';
import { SettingsForm } from './settings-form';
import { SETTINGS_TEXTS } from './settings-texts';

export function SettingsPage() {
  const settings = useRequest(getSettings, []);

  let body;
  if (settings.data) body = <SettingsForm initial={settings.data} />;
  else if (settings.status === 'error') {
    body = <RetryAlert onRetry={settings.reload}>{SETTINGS_MESSAGES.loadFailed}</RetryAlert>;
  } else {
    body = (
      <Box aria-busy="true" aria-label={SETTINGS_TEXTS.loading} sx={{ maxWidth: 720 }}>
        <Skeleton variant="rounded" height={320} />
        <Skeleton variant="rounded" height={260} sx={{ mt: 3 }} />
      </Box>
    );
  }

  return (
    <PageFrame title={SETTINGS_TEXTS.title} subtitle={SETTINGS_TEXTS.subtitle}>
      {body}
    </PageFrame>
  );
}
