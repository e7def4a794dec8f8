/**
 * 'Baixar vendas': the CSV of every sale with the current filters and order, built in the browser (PDF is announced
 * as coming soon, spec section 8).
 *
 * Issue 11: once, after filters and sorting, the CSV never came and both buttons stayed disabled in a dialog that
 * refused to close — the download's promise had not settled and the dialog waited for it (it blocked Escape, the
 * backdrop and had no other button). Whatever keeps a request from answering (a slow database, a dropped
 * connection, the browser's queue), the dialog must not depend on it. So:
 * - the dialog always closes (Cancelar, Escape, the backdrop, Back): closing aborts the requests and a late answer
 *   is ignored, so no file appears after the person gave up;
 * - each page of the export has its own time limit (CSV_PAGE_TIMEOUT_MS), after which the dialog says what failed
 *   in pt-BR and CSV can be tried again;
 * - the download belongs to this dialog's run only (a token per run): a second run, or a run cancelled and started
 *   again, never saves the first one's file or clears the second one's state.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Alert,
  AlertTitle,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { TOAST_DURATION } from '@rifaria/shared/constants';
import { formatInteger } from '@rifaria/shared/format';
import { AUTH_MESSAGES, CAMPAIGN_MESSAGES } from '@rifaria/shared/schemas';
import { toast, useBackToClose } from '@rifaria/shared/ui';
import type { SalesQuery } from '../api/get-sales';
import { fetchAllSales, saveCsv, salesCsv } from './sales-csv';

export const DOWNLOAD_TEXTS = {
  title: 'Baixar vendas',
  description: 'Todas as vendas com os filtros atuais.',
  csvPreparing: 'Preparando download em CSV...',
  csvDone: 'Download CSV concluído!',
  failed: 'Erro ao fazer download',
  pdfSoon: 'Download PDF será implementado em breve',
  timeout: 'Tempo limite excedido. Verifique sua conexão.',
  offline: 'Verifique sua conexão com a internet',
  tryLater: 'Tente novamente em alguns instantes',
} as const;

const toastOptions = { duration: TOAST_DURATION.sales };

/** Why the export failed, in words the organiser can act on. */
export function downloadFailureReason(error: unknown): string {
  const failure = readApiError(error);
  if (failure.kind === 'timeout') return DOWNLOAD_TEXTS.timeout;
  if (failure.kind === 'network') return DOWNLOAD_TEXTS.offline;
  if (failure.status === 401) return AUTH_MESSAGES.sessionExpired;
  if (failure.status === 404) return CAMPAIGN_MESSAGES.notFound;
  if (failure.status !== undefined && failure.status >= 500) return DOWNLOAD_TEXTS.tryLater;
  return failure.message ?? DOWNLOAD_TEXTS.tryLater;
}

type Download =
  | { state: 'idle' }
  | { state: 'preparing'; fetched: number; total: number | null }
  | { state: 'failed'; reason: string };

export interface DownloadDialogProps {
  open: boolean;
  onClose: () => void;
  campaignId: string;
  /** The filters and order of the table when the dialog was opened. */
  query: Omit<SalesQuery, 'page' | 'perPage'>;
}

export function DownloadDialog({ open, onClose, campaignId, query }: DownloadDialogProps) {
  const [download, setDownload] = useState<Download>({ state: 'idle' });
  /** The run in progress; anything that finishes for another run (cancelled, replaced) is ignored. */
  const run = useRef<AbortController | null>(null);
  /** CSV and PDF are disabled while preparing: focus goes to Cancelar, so Escape and Tab still act in the dialog. */
  const cancelButton = useRef<HTMLButtonElement>(null);
  /**
   * The 'Preparando download em CSV...' toast of the run: toasts queue one at a time, so once the run is over it is
   * taken off, or it would still say "preparing" after the file came, the failure was shown or the person cancelled.
   */
  const preparingToast = useRef<number | null>(null);

  const stop = useCallback(() => {
    run.current?.abort();
    run.current = null;
    if (preparingToast.current !== null) toast.dismiss(preparingToast.current);
    preparingToast.current = null;
  }, []);
  // Leaving the page stops a download in progress: no file appears on another screen later.
  useEffect(() => stop, [stop]);

  useEffect(() => {
    if (open) setDownload({ state: 'idle' });
  }, [open]);

  const close = () => {
    stop();
    setDownload({ state: 'idle' });
    onClose();
  };
  useBackToClose(open, close);

  const downloadCsv = async () => {
    stop();
    const controller = new AbortController();
    run.current = controller;
    const current = () => run.current === controller;
    setDownload({ state: 'preparing', fetched: 0, total: null });
    cancelButton.current?.focus();
    preparingToast.current = toast.info(DOWNLOAD_TEXTS.csvPreparing, undefined, toastOptions);
    try {
      const sales = await fetchAllSales(campaignId, query, {
        signal: controller.signal,
        onProgress: (fetched, total) => {
          if (current()) setDownload({ state: 'preparing', fetched, total });
        },
      });
      if (!current()) return;
      stop();
      saveCsv(salesCsv(sales), `vendas-campanha-${campaignId}.csv`);
      toast.success(DOWNLOAD_TEXTS.csvDone, undefined, toastOptions);
      setDownload({ state: 'idle' });
      onClose();
    } catch (error) {
      if (!current()) return;
      stop();
      const reason = downloadFailureReason(error);
      setDownload({ state: 'failed', reason });
      toast.error(DOWNLOAD_TEXTS.failed, reason, toastOptions);
    }
  };

  const preparing = download.state === 'preparing';

  return (
    <Dialog open={open} onClose={close} aria-labelledby="sales-download-title" fullWidth maxWidth="xs">
      <DialogTitle id="sales-download-title">{DOWNLOAD_TEXTS.title}</DialogTitle>
      <DialogContent>
        {download.state === 'failed' && (
          <Alert severity="error" sx={{ mb: 2 }}>
            <AlertTitle>{DOWNLOAD_TEXTS.failed}</AlertTitle>
            {download.reason}
          </Alert>
        )}
        {download.state === 'preparing' ? (
          <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} aria-hidden />
            <div>
              <Typography>{DOWNLOAD_TEXTS.csvPreparing}</Typography>
              {download.total !== null && (
                <Typography variant="body2" color="text.secondary">
                  {`${formatInteger(download.fetched)} de ${formatInteger(download.total)} vendas`}
                </Typography>
              )}
            </div>
          </Stack>
        ) : (
          <Typography color="text.secondary">{DOWNLOAD_TEXTS.description}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button ref={cancelButton} onClick={close} sx={{ mr: 'auto' }}>
          Cancelar
        </Button>
        <Button onClick={() => toast.info(DOWNLOAD_TEXTS.pdfSoon, undefined, toastOptions)} disabled={preparing}>
          PDF
        </Button>
        <Button variant="contained" onClick={() => void downloadCsv()} disabled={preparing}>
          CSV
        </Button>
      </DialogActions>
    </Dialog>
  );
}
