/**
 * Publish modal (spec "Publish modal", section 8 "Publish", section 9 timings).
 *
 * confirm → loading → completed → (2.5 s) success | processing.
 * Publishing is instant on our server; the loading bar is the spec's simulated progress (+5..20 % every 300 ms)
 * running while the real POST is in flight, and "processing" is shown when the reply's `processing` flag says so
 * (more than 10,000 tickets) — the link already works in both cases.
 */
import { Fragment, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import {
  ALREADY_PUBLISHED_CLOSE_MS,
  PUBLISH_PROGRESS_STEP_MAX,
  PUBLISH_PROGRESS_STEP_MIN,
  PUBLISH_PROGRESS_TICK_MS,
  PUBLISH_RESULT_DELAY_MS,
  TOAST_DURATION,
} from '@rifaria/shared/constants';
import { formatBRL, formatInteger } from '@rifaria/shared/format';
import { CAMPAIGN_MESSAGES } from '@rifaria/shared/schemas';
import type { Campaign, PublishReply } from '@rifaria/shared/types';
import { CopyButton, FormDialog, toast } from '@rifaria/shared/ui';
import { publishCampaign } from '../api/publish-campaign';
import { campaignGoalCents, formatReais } from '@rifaria/shared/money';

export type PublishState = 'confirm' | 'loading' | 'completed' | 'processing' | 'success';

export interface PublishModalProps {
  campaign: Campaign;
  open: boolean;
  onClose: () => void;
  /** The list must be reloaded: after a publish, or after a 422 (the campaign changed under us). */
  onRefresh: () => void;
}

/** Loading never shows 100 % before the server answered. */
const SIMULATED_PROGRESS_CAP = 95;

function progressStep(): number {
  return (
    PUBLISH_PROGRESS_STEP_MIN + Math.floor(Math.random() * (PUBLISH_PROGRESS_STEP_MAX - PUBLISH_PROGRESS_STEP_MIN + 1))
  );
}

/** Toast for a failed publish; true when the campaign is already published (the modal then closes after 2 s). */
function reportPublishError(error: unknown): boolean {
  const failure = readApiError(error);
  const duration = TOAST_DURATION.list;
  if (failure.status === 422) {
    const message = failure.message ?? CAMPAIGN_MESSAGES.alreadyPublished;
    toast.error('Não foi possível publicar', message, { duration });
    return message === CAMPAIGN_MESSAGES.alreadyPublished;
  }
  if (failure.status === 404) toast.error(CAMPAIGN_MESSAGES.notFound, undefined, { duration });
  else if (failure.status !== undefined && failure.status >= 500)
    toast.error('Erro do servidor', 'Tente novamente em alguns instantes', { duration });
  else if (failure.kind === 'network' || failure.kind === 'timeout')
    toast.error('Erro de conexão', 'Verifique sua conexão com a internet', { duration });
  else toast.error(failure.message ?? 'Erro desconhecido', undefined, { duration });
  return false;
}

export function PublishModal({ campaign, open, onClose, onRefresh }: PublishModalProps) {
  const [state, setState] = useState<PublishState>('confirm');
  const [progress, setProgress] = useState(0);
  const [published, setPublished] = useState<PublishReply['data'] | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const ticker = useRef<ReturnType<typeof setInterval> | null>(null);
  // Set on unmount so a late reply does not update a modal that is gone.
  const alive = useRef(true);

  const stopTicker = useCallback(() => {
    if (ticker.current) clearInterval(ticker.current);
    ticker.current = null;
  }, []);
  const later = (fn: () => void, ms: number) => {
    timers.current.push(setTimeout(fn, ms));
  };
  const clearAll = useCallback(() => {
    stopTicker();
    timers.current.forEach(clearTimeout);
    timers.current = [];
  }, [stopTicker]);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearAll();
    };
  }, [clearAll]);

  // Opens at "confirm" every time.
  useEffect(() => {
    if (!open) return;
    clearAll();
    setState('confirm');
    setProgress(0);
    setPublished(null);
  }, [open, clearAll]);

  const publish = async () => {
    setState('loading');
    setProgress(0);
    ticker.current = setInterval(() => {
      setProgress((value) => Math.min(SIMULATED_PROGRESS_CAP, value + progressStep()));
    }, PUBLISH_PROGRESS_TICK_MS);
    try {
      const reply = await publishCampaign(campaign.id);
      if (!alive.current) return;
      stopTicker();
      setProgress(100);
      setPublished(reply.data);
      setState('completed');
      // The list behind shows the campaign as running while the modal says 'Publicação concluída!' (issue 30: it
      // still showed the draft until the modal was closed).
      onRefresh();
      later(() => setState(reply.data.processing ? 'processing' : 'success'), PUBLISH_RESULT_DELAY_MS);
    } catch (error) {
      if (!alive.current) return;
      stopTicker();
      setProgress(0);
      setState('confirm');
      const alreadyPublished = reportPublishError(error);
      if (readApiError(error).status === 422) onRefresh();
      if (alreadyPublished) later(onClose, ALREADY_PUBLISHED_CLOSE_MS);
    }
  };

  const summary: [string, ReactNode][] = [
    ['Campanha', campaign.name],
    ['Tipo de sorteio', campaign.draw_type.description],
    ['Total de tickets', formatInteger(campaign.total_tickets)],
    ['Valor do ticket', formatReais(campaign.ticket_price)],
    ['Meta', formatBRL(campaignGoalCents(campaign))],
    ['Prêmios', campaign.awards.length],
  ];

  const finished = state === 'completed' || state === 'success' || state === 'processing';
  // 'Cancelar', 'Fechar', Escape and Back; while the publish call runs the modal stays (the answer is coming).
  const close = () => {
    clearAll();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      onClose={close}
      busy={state === 'loading'}
      titleId="publish-title"
      title="Publicar campanha"
      maxWidth="sm"
      closeButton={false}
      actions={
        <>
          {state === 'confirm' && (
            <>
              <Button onClick={close}>Cancelar</Button>
              <Button variant="contained" onClick={() => void publish()}>
                Publicar Campanha
              </Button>
            </>
          )}
          {state === 'loading' && <Button disabled>Publicando...</Button>}
          {finished && (
            <Button variant="contained" onClick={close}>
              Fechar
            </Button>
          )}
        </>
      }
    >
      {state === 'confirm' && (
        <Stack spacing={2}>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
          >
            {summary.map(([label, value], index) => (
              <Fragment key={label}>
                <Typography component="dt" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: index === 0 ? 600 : undefined }}>
                  {value}
                </Typography>
              </Fragment>
            ))}
          </Box>
          <Alert severity="warning">
            Atenção: esta ação é irreversível. Depois de publicada, a campanha não volta a ser rascunho e a quantidade
            de tickets não poderá ser alterada.
          </Alert>
        </Stack>
      )}
      {state === 'loading' && (
        <Stack spacing={2} sx={{ py: 2 }}>
          <Typography>Publicando campanha...</Typography>
          <LinearProgress variant="determinate" value={progress} aria-label="Progresso da publicação" />
          <Typography variant="body2" color="text.secondary">
            {progress}%
          </Typography>
        </Stack>
      )}
      {state === 'completed' && (
        <Stack spacing={2} sx={{ py: 2 }}>
          <LinearProgress variant="determinate" value={100} aria-label="Progresso da publicação" />
          <Typography>Publicação concluída!</Typography>
        </Stack>
      )}
      {(state === 'success' || state === 'processing') && published && (
        <Stack spacing={2} sx={{ py: 1 }}>
          {state === 'success' ? (
            <Alert severity="success">Campanha publicada com sucesso!</Alert>
          ) : (
            <Alert severity="info">
              Campanha publicada! Os tickets estão sendo gerados em segundo plano, mas o link da campanha já está
              disponível.
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary">
            Link da campanha
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ wordBreak: 'break-all', flex: 1 }}>{published.full_url}</Typography>
            <CopyButton text={published.full_url} size="small" />
          </Stack>
        </Stack>
      )}
    </FormDialog>
  );
}
