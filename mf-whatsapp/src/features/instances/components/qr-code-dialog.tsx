/**
 * The QR code connection dialog. While the instance is connecting it asks the server for it every 2 s
 * (GET /whatsapp/instances/{id}): a new QR code replaces the old one (WhatsApp rotates them), 'connected' closes the
 * dialog (the page says so in a toast), 'error' or 'disconnected' stop and offer a new QR code. Closing or unmounting
 * stops the polling and aborts the request in flight.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, CircularProgress, DialogActions, DialogContent, Stack, Typography } from '@mui/material';
import { isHttpError } from '@rifaria/shared/api-client';
import { maskPhone } from '@rifaria/shared/format';
import { WHATSAPP_MESSAGES } from '@rifaria/shared/schemas';
import type { WhatsAppInstance } from '@rifaria/shared/types';
import { FormDialog, StepList } from '@rifaria/shared/ui';
import { connectInstance } from '../api/connect-instance';
import { whatsappErrorMessage } from '../api/error-message';
import { getInstance } from '../api/get-instances';

export const QR_TEXTS = {
  title: 'Conectar WhatsApp',
  qrAlt: 'QR Code para conectar o WhatsApp',
  generating: 'Gerando QR Code...',
  waiting: 'Aguardando a leitura do QR Code...',
  steps: [
    'Abra o WhatsApp no celular.',
    'Toque em Mais opções (⋮) ou Configurações e em Aparelhos conectados.',
    'Toque em Conectar aparelho e aponte a câmera para este QR Code.',
  ],
  stepsLabel: 'Como conectar',
  error: 'Não foi possível conectar o WhatsApp. Gere um novo QR Code e tente de novo.',
  expired: 'O QR Code expirou antes da leitura. Gere um novo para continuar.',
  retry: 'Gerar novo QR Code',
  retrying: 'Gerando novo QR Code',
  retryFailed: 'Erro ao gerar o QR Code.',
  close: 'Fechar',
} as const;

/**
 * The QR code as an image address: the contract's data URL, or bare base64 (what Evolution's `base64` field holds
 * when a gateway passes it through) made into one; anything else is not shown.
 */
export function qrImageSource(qrCode: string | null): string | null {
  if (!qrCode) return null;
  if (qrCode.startsWith('data:image/')) return qrCode;
  return /^[A-Za-z0-9+/]+={0,2}$/.test(qrCode) ? `data:image/png;base64,${qrCode}` : null;
}

/** How often the dialog asks for the instance while it is connecting. */
export const QR_POLL_MS = 2_000;

interface QrCodeViewProps {
  /** Whether it is on screen: polling runs only then. */
  active: boolean;
  /** The instance as the create or connect reply gave it (mount a new view, by key, for another connection). */
  instance: WhatsAppInstance;
  /** 'Fechar'. */
  onClose: () => void;
  /** Called once, when the instance turns connected; the page closes the dialog and says so. */
  onConnected: (instance: WhatsAppInstance) => void;
}

/** The dialog's body and buttons; the new-instance dialog shows it too, in place of its form, once it has created. */
export function QrCodeView({ active, instance: initial, onClose, onConnected }: QrCodeViewProps) {
  const [instance, setInstance] = useState(initial);
  /** A failed poll bumps it, so the next tick is scheduled although the instance did not change. */
  const [failedPolls, setFailedPolls] = useState(0);
  const [stopped, setStopped] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);
  const connected = useRef(false);
  const onConnectedRef = useRef(onConnected);
  onConnectedRef.current = onConnected;

  useEffect(() => {
    if (!active || instance.status !== 'connected' || connected.current) return;
    connected.current = true;
    onConnectedRef.current(instance);
  }, [active, instance]);

  // One request at a time: the next one is scheduled when the previous answer (or failure) has arrived.
  useEffect(() => {
    if (!active || stopped || instance.status !== 'connecting') return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getInstance(instance.id, controller.signal).then(
        (next) => {
          if (!controller.signal.aborted) setInstance(next);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          // Deleted meanwhile (another tab): nothing left to wait for. Anything else is retried at the next tick.
          if (isHttpError(error, 404)) setStopped(WHATSAPP_MESSAGES.notFound);
          else setFailedPolls((n) => n + 1);
        },
      );
    }, QR_POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [active, stopped, instance, failedPolls]);

  const reconnect = async () => {
    setRetrying(true);
    setRetryError(null);
    try {
      const reply = await connectInstance(instance.id);
      setInstance(reply.data);
    } catch (error) {
      setRetryError(whatsappErrorMessage(error, QR_TEXTS.retryFailed));
    } finally {
      setRetrying(false);
    }
  };

  const failed = instance.status === 'error' || instance.status === 'disconnected';
  const qrSource = qrImageSource(instance.qr_code);

  return (
    <>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2}>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            <strong>{instance.instance_name}</strong> · {maskPhone(instance.phone_number)}
          </Typography>
          {stopped ? (
            <Alert severity="error">{stopped}</Alert>
          ) : failed ? (
            <>
              <Alert severity={instance.status === 'error' ? 'error' : 'warning'}>
                {instance.status === 'error' ? QR_TEXTS.error : QR_TEXTS.expired}
              </Alert>
              {retryError ? <Alert severity="error">{retryError}</Alert> : null}
              <Button variant="contained" onClick={() => void reconnect()} disabled={retrying}>
                {retrying ? (
                  <CircularProgress size={20} color="inherit" aria-label={QR_TEXTS.retrying} />
                ) : (
                  QR_TEXTS.retry
                )}
              </Button>
            </>
          ) : (
            <>
              <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
                {qrSource ? (
                  <Box
                    component="img"
                    src={qrSource}
                    alt={QR_TEXTS.qrAlt}
                    sx={{ width: 240, height: 240, border: 1, borderColor: 'divider', borderRadius: 2, p: 1 }}
                  />
                ) : (
                  <CircularProgress aria-label={QR_TEXTS.generating} />
                )}
              </Box>
              <Box component="section" aria-label={QR_TEXTS.stepsLabel}>
                <StepList steps={QR_TEXTS.steps} />
              </Box>
              <Stack
                direction="row"
                spacing={1}
                role="status"
                sx={{ alignItems: 'center', justifyContent: 'center', color: 'text.secondary' }}
              >
                <CircularProgress size={14} color="inherit" aria-hidden="true" />
                <Typography variant="body2">{QR_TEXTS.waiting}</Typography>
              </Stack>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{QR_TEXTS.close}</Button>
      </DialogActions>
    </>
  );
}

interface QrCodeDialogProps extends Omit<QrCodeViewProps, 'active'> {
  open: boolean;
}

/** 'Conectar' and 'Ver QR Code' of a card open it. */
export function QrCodeDialog({ open, ...props }: QrCodeDialogProps) {
  return (
    <FormDialog open={open} onClose={props.onClose} titleId="qr-code-title" title={QR_TEXTS.title}>
      <QrCodeView active={open} {...props} />
    </FormDialog>
  );
}
