/**
 * 'Instâncias do WhatsApp' (/whatsapp, spec "Messaging-app instances"): the organiser's WhatsApp numbers, each
 * connected by reading a QR code, and the default one through which the automatic messages to buyers go out; the
 * test message; and the messages sent.
 */
import { useState } from 'react';
import { Box, Button, Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { WHATSAPP_MAX_INSTANCES } from '@rifaria/shared/schemas';
import type { WhatsAppInstance } from '@rifaria/shared/types';
import { ChatIcon, RetryAlert, toast, useDocumentTitle } from '@rifaria/shared/ui';
import { whatsappErrorMessage } from '../api/error-message';
import { useInstanceActions } from '../hooks/use-instance-actions';
import { useInstances } from '../hooks/use-instances';
import { DeleteInstanceDialog } from './delete-instance-dialog';
import { InstanceCard } from './instance-card';
import { NewInstanceDialog } from './new-instance-dialog';
import { QrCodeDialog } from './qr-code-dialog';
import { SentMessages } from './sent-messages';
import { TestMessageDialog } from './test-message-dialog';

export const PAGE_TEXTS = {
  title: 'Instâncias do WhatsApp',
  subtitle: 'Os números pelos quais a Rifaria avisa seus compradores.',
  create: 'Nova instância',
  limit: `Limite de ${WHATSAPP_MAX_INSTANCES} instâncias atingido.`,
  test: 'Enviar mensagem de teste',
  testHint: 'Conecte uma instância para enviar uma mensagem de teste.',
  loading: 'Carregando instâncias',
  loadError: 'Erro ao carregar instâncias.',
  emptyTitle: 'Conecte o seu WhatsApp',
  emptyText:
    'Com um número conectado, a Rifaria envia mensagens automáticas aos seus compradores: a reserva com o Pix ' +
    'copia e cola, a confirmação do pagamento com os números da sorte e o resultado do sorteio.',
  emptyHow: 'Crie uma instância e leia o QR Code com o WhatsApp do celular, como no WhatsApp Web.',
  connected: 'WhatsApp conectado!',
  connectedText: (name: string) => `A instância ${name} já pode enviar mensagens.`,
} as const;

/**
 * A dialog of the page. It stays mounted once closed (`open: false`) until another one opens: a dialog that closes
 * takes its Back-button history entry off (useBackToClose), which an unmounted one could not do. `key` gives each
 * opening fresh state.
 */
type PageDialog =
  | { kind: 'create' | 'test'; key: number; open: boolean }
  | { kind: 'qr' | 'delete'; key: number; open: boolean; instance: WhatsAppInstance }
  | null;

let nextDialogKey = 1;

function InstanceSkeletons() {
  return (
    <Grid container spacing={2} aria-busy="true" aria-label={PAGE_TEXTS.loading}>
      {[0, 1].map((key) => (
        <Grid key={key} size={{ xs: 12, md: 6 }}>
          <Skeleton variant="rounded" height={148} />
        </Grid>
      ))}
    </Grid>
  );
}

function EmptyState({ onCreate }: { onCreate: () => void }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="whatsapp-empty-title" sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <ChatIcon color="success" sx={{ fontSize: 48 }} aria-hidden="true" />
        <Typography id="whatsapp-empty-title" component="h2" variant="h6" sx={{ fontWeight: 700, mt: 1 }}>
          {PAGE_TEXTS.emptyTitle}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 560, mx: 'auto' }}>
          {PAGE_TEXTS.emptyText}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 560, mx: 'auto' }}>
          {PAGE_TEXTS.emptyHow}
        </Typography>
        <Button variant="contained" onClick={onCreate} sx={{ mt: 3 }}>
          {PAGE_TEXTS.create}
        </Button>
      </CardContent>
    </Card>
  );
}

export function InstancesPage() {
  const [dialog, setDialog] = useState<PageDialog>(null);
  const [messagesVersion, setMessagesVersion] = useState(0);
  useDocumentTitle(PAGE_TEXTS.title);
  // A dialog with a QR code polls its own instance; the others need no list changing behind them.
  const instances = useInstances({ paused: Boolean(dialog?.open) });
  const { reload } = instances;

  const open = (next: { kind: 'create' | 'test' } | { kind: 'qr' | 'delete'; instance: WhatsAppInstance }) =>
    setDialog({ ...next, key: nextDialogKey++, open: true });
  const close = () => setDialog((current) => current && { ...current, open: false });
  const showQr = (instance: WhatsAppInstance) => open({ kind: 'qr', instance });

  const actions = useInstanceActions({ reload, onConnecting: showQr });

  const created = (message: string) => {
    toast.success(message);
    reload();
  };
  const connected = (instance: WhatsAppInstance) => {
    close();
    toast.success(PAGE_TEXTS.connected, PAGE_TEXTS.connectedText(instance.instance_name));
    reload();
  };
  /** Closing a dialog that showed a QR code: it may have seen the status change, so the list catches up. */
  const closeQr = () => {
    close();
    reload();
  };

  const list = instances.data;
  const connectedInstances = list?.filter((instance) => instance.status === 'connected') ?? [];
  const atLimit = (list?.length ?? 0) >= WHATSAPP_MAX_INSTANCES;
  const empty = list !== null && list.length === 0;

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
            {PAGE_TEXTS.title}
          </Typography>
          <Typography color="text.secondary">{PAGE_TEXTS.subtitle}</Typography>
        </Box>
        {list && !empty ? (
          <Stack spacing={0.5} sx={{ flexShrink: 0, alignItems: { sm: 'flex-end' } }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button
                variant="outlined"
                disabled={connectedInstances.length === 0}
                onClick={() => open({ kind: 'test' })}
              >
                {PAGE_TEXTS.test}
              </Button>
              <Button variant="contained" disabled={atLimit} onClick={() => open({ kind: 'create' })}>
                {PAGE_TEXTS.create}
              </Button>
            </Stack>
            {/* A disabled button shows no tooltip: why it is disabled is written under it. */}
            {connectedInstances.length === 0 ? (
              <Typography variant="caption" color="text.secondary">
                {PAGE_TEXTS.testHint}
              </Typography>
            ) : null}
            {atLimit ? (
              <Typography variant="caption" color="text.secondary">
                {PAGE_TEXTS.limit}
              </Typography>
            ) : null}
          </Stack>
        ) : null}
      </Stack>

      {list === null && instances.status === 'error' ? (
        <RetryAlert onRetry={reload}>{whatsappErrorMessage(instances.error, PAGE_TEXTS.loadError)}</RetryAlert>
      ) : list === null ? (
        <InstanceSkeletons />
      ) : empty ? (
        <EmptyState onCreate={() => open({ kind: 'create' })} />
      ) : (
        <Grid container spacing={2} component="section" aria-label={PAGE_TEXTS.title}>
          {list.map((instance) => (
            <Grid key={instance.id} size={{ xs: 12, md: 6 }}>
              <InstanceCard
                instance={instance}
                busy={actions.busyId === instance.id}
                onConnect={(item) => void actions.connect(item)}
                onShowQr={showQr}
                onDisconnect={(item) => void actions.disconnect(item)}
                onSetDefault={(item) => void actions.setDefault(item)}
                onDelete={(item) => open({ kind: 'delete', instance: item })}
              />
            </Grid>
          ))}
        </Grid>
      )}

      <SentMessages version={messagesVersion} />

      {dialog?.kind === 'create' ? (
        <NewInstanceDialog
          key={dialog.key}
          open={dialog.open}
          onClose={closeQr}
          onCreated={created}
          onConnected={connected}
        />
      ) : null}
      {dialog?.kind === 'qr' ? (
        <QrCodeDialog
          key={dialog.key}
          open={dialog.open}
          instance={dialog.instance}
          onClose={closeQr}
          onConnected={connected}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteInstanceDialog
          key={dialog.key}
          open={dialog.open}
          instance={dialog.instance}
          onClose={close}
          onDeleted={reload}
        />
      ) : null}
      {dialog?.kind === 'test' ? (
        <TestMessageDialog
          key={dialog.key}
          open={dialog.open}
          instances={connectedInstances}
          onClose={close}
          onSent={() => setMessagesVersion((n) => n + 1)}
        />
      ) : null}
    </Stack>
  );
}
