/**
 * 'Baixar vendas': the CSV or the PDF of every sale with the current filters and order. The API streams the file
 * (GET /api/campaigns/{id}/sales.csv, issue 29; .pdf, issue 30: it was announced as coming soon): the browser
 * downloads it itself from the URL, with the session cookie, so a campaign of a million sales costs the page nothing
 * (building it here from every page of the list took hours and more than a gigabyte). CSV and PDF are links to those
 * URLs; clicking one first checks the download (a HEAD on the same URL: session, campaign, query) and only then hands
 * the URL to the browser, so a failure is said in pt-BR here rather than ending as a failed file in the downloads.
 *
 * Issue 11: once, after filters and sorting, the CSV never came and both buttons stayed disabled in a dialog that
 * refused to close — the download's promise had not settled and the dialog waited for it (it blocked Escape, the
 * backdrop and had no other button). Whatever keeps a request from answering (a slow database, a dropped
 * connection, the browser's queue), the dialog must not depend on it. So:
 * - the dialog always closes (Cancelar, Escape, the backdrop, Back): closing aborts the check and a late answer
 *   is ignored, so no download starts after the person gave up;
 * - the check has its own time limit (CSV_CHECK_TIMEOUT_MS), after which the dialog says what failed in pt-BR and
 *   either can be tried again;
 * - the download belongs to this dialog's run only (a token per run): a second run, or a run cancelled and started
 *   again, never starts the first one's download or clears the second one's state.
 */
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Alert, AlertTitle, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { readApiError } from '@rifaria/shared/api-client';
import { TOAST_DURATION } from '@rifaria/shared/constants';
import { AUTH_MESSAGES, CAMPAIGN_MESSAGES } from '@rifaria/shared/schemas';
import { FormDialog, toast } from '@rifaria/shared/ui';
import {
  checkSalesExport,
  salesExportFileName,
  salesExportUrl,
  type SalesExportFormat,
  type SalesExportQuery,
} from '../api/sales-export';

const FORMAT_NAMES: Record<SalesExportFormat, string> = { csv: 'CSV', pdf: 'PDF' };

export const DOWNLOAD_TEXTS = {
  title: 'Baixar vendas',
  description: 'Todas as vendas com os filtros atuais.',
  /** Spec section 9: 'Preparando download em {FORMAT}...'. */
  preparing: (format: SalesExportFormat) => `Preparando download em ${FORMAT_NAMES[format]}...`,
  done: (format: SalesExportFormat) => `Download ${FORMAT_NAMES[format]} concluído!`,
  failed: 'Erro ao fazer download',
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
  { state: 'idle' } | { state: 'preparing'; format: SalesExportFormat } | { state: 'failed'; reason: string };

/** Hands the URL to the browser, which downloads the attachment itself (the page holds none of it). */
function startDownload(url: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

export interface DownloadDialogProps {
  open: boolean;
  onClose: () => void;
  campaignId: string;
  /** The filters and order of the table when the dialog was opened. */
  query: SalesExportQuery;
}

export function DownloadDialog({ open, onClose, campaignId, query }: DownloadDialogProps) {
  const [download, setDownload] = useState<Download>({ state: 'idle' });
  /** The run in progress; anything that finishes for another run (cancelled, replaced) is ignored. */
  const run = useRef<AbortController | null>(null);
  /** CSV and PDF are disabled while preparing: focus goes to Cancelar, so Escape and Tab still act in the dialog. */
  const cancelButton = useRef<HTMLButtonElement>(null);
  /**
   * The 'Preparando download em CSV...' (or PDF) toast of the run: toasts queue one at a time, so once the run is over it is
   * taken off, or it would still say "preparing" after the download started, the failure was shown or the person
   * cancelled.
   */
  const preparingToast = useRef<number | null>(null);

  const stop = useCallback(() => {
    run.current?.abort();
    run.current = null;
    if (preparingToast.current !== null) toast.dismiss(preparingToast.current);
    preparingToast.current = null;
  }, []);
  // Leaving the page stops a check in progress: no download starts on another screen later.
  useEffect(() => stop, [stop]);

  useEffect(() => {
    if (open) setDownload({ state: 'idle' });
  }, [open]);

  const close = () => {
    stop();
    setDownload({ state: 'idle' });
    onClose();
  };
  const downloadFile = async (format: SalesExportFormat) => {
    stop();
    const controller = new AbortController();
    run.current = controller;
    const current = () => run.current === controller;
    setDownload({ state: 'preparing', format });
    cancelButton.current?.focus();
    preparingToast.current = toast.info(DOWNLOAD_TEXTS.preparing(format), undefined, toastOptions);
    try {
      await checkSalesExport(campaignId, format, query, { signal: controller.signal });
      if (!current()) return;
      stop();
      startDownload(salesExportUrl(campaignId, format, query), salesExportFileName(campaignId, format));
      toast.success(DOWNLOAD_TEXTS.done(format), undefined, toastOptions);
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

  /** The link's own navigation waits for the check: the browser gets the URL once it would download the file. */
  const click = (format: SalesExportFormat) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (download.state !== 'preparing') void downloadFile(format);
  };

  const preparing = download.state === 'preparing';

  return (
    <FormDialog
      open={open}
      onClose={close}
      titleId="sales-download-title"
      title={DOWNLOAD_TEXTS.title}
      closeButton={false}
      actions={
        <>
          <Button ref={cancelButton} onClick={close} sx={{ mr: 'auto' }}>
            Cancelar
          </Button>
          {(['pdf', 'csv'] as const).map((format) => (
            <Button
              key={format}
              component="a"
              href={salesExportUrl(campaignId, format, query)}
              download={salesExportFileName(campaignId, format)}
              variant={format === 'csv' ? 'contained' : 'outlined'}
              onClick={click(format)}
              disabled={preparing}
            >
              {FORMAT_NAMES[format]}
            </Button>
          ))}
        </>
      }
    >
      {download.state === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <AlertTitle>{DOWNLOAD_TEXTS.failed}</AlertTitle>
          {download.reason}
        </Alert>
      )}
      {download.state === 'preparing' ? (
        <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{DOWNLOAD_TEXTS.preparing(download.format)}</Typography>
        </Stack>
      ) : (
        <Typography color="text.secondary">{DOWNLOAD_TEXTS.description}</Typography>
      )}
    </FormDialog>
  );
}
