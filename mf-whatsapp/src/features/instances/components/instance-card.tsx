/**
 * One instance (an article named by it): name, phone, status and 'Padrão', and the actions its status allows
 * (spec "Messaging-app instances"): disconnected or error → Conectar; connecting → the QR code again; connected →
 * Desconectar and, unless it is the default, Padrão; Deletar always (after a confirmation).
 */
import { Box, Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { maskPhone } from '@rifaria/shared/format';
import type { WhatsAppInstance } from '@rifaria/shared/types';
import { InstanceStatusChip } from './status-chips';

export const CARD_TEXTS = {
  default: 'Padrão',
  defaultHint: 'As mensagens automáticas saem por este número.',
  connect: 'Conectar',
  showQr: 'Ver QR Code',
  disconnect: 'Desconectar',
  setDefault: 'Padrão',
  setDefaultHint: 'Usar esta instância nas mensagens automáticas',
  remove: 'Deletar',
} as const;

export interface InstanceCardActions {
  onConnect: (instance: WhatsAppInstance) => void;
  onShowQr: (instance: WhatsAppInstance) => void;
  onDisconnect: (instance: WhatsAppInstance) => void;
  onSetDefault: (instance: WhatsAppInstance) => void;
  onDelete: (instance: WhatsAppInstance) => void;
}

interface InstanceCardProps extends InstanceCardActions {
  instance: WhatsAppInstance;
  /** An action of this instance is under way: its buttons wait. */
  busy: boolean;
}

export function InstanceCard({ instance, busy, ...actions }: InstanceCardProps) {
  const { status } = instance;
  return (
    <Card
      component="article"
      aria-label={instance.instance_name}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderRadius: 3 }}
    >
      <CardContent sx={{ flex: 1 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography
            component="h2"
            variant="h6"
            sx={{ fontWeight: 700, overflowWrap: 'anywhere', minWidth: 0, mr: 'auto' }}
          >
            {instance.instance_name}
          </Typography>
          <InstanceStatusChip status={status} />
          {instance.is_default ? (
            <Chip label={CARD_TEXTS.default} color="primary" size="small" title={CARD_TEXTS.defaultHint} />
          ) : null}
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {maskPhone(instance.phone_number)}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }} disableSpacing>
        {status === 'disconnected' || status === 'error' ? (
          <Button variant="contained" size="small" disabled={busy} onClick={() => actions.onConnect(instance)}>
            {CARD_TEXTS.connect}
          </Button>
        ) : null}
        {status === 'connecting' ? (
          <Button variant="contained" size="small" disabled={busy} onClick={() => actions.onShowQr(instance)}>
            {CARD_TEXTS.showQr}
          </Button>
        ) : null}
        {status === 'connected' ? (
          <Button variant="outlined" size="small" disabled={busy} onClick={() => actions.onDisconnect(instance)}>
            {CARD_TEXTS.disconnect}
          </Button>
        ) : null}
        {status === 'connected' && !instance.is_default ? (
          <Button
            variant="outlined"
            size="small"
            disabled={busy}
            title={CARD_TEXTS.setDefaultHint}
            onClick={() => actions.onSetDefault(instance)}
          >
            {CARD_TEXTS.setDefault}
          </Button>
        ) : null}
        <Box sx={{ flex: 1 }} />
        <Button color="error" size="small" disabled={busy} onClick={() => actions.onDelete(instance)}>
          {CARD_TEXTS.remove}
        </Button>
      </CardActions>
    </Card>
  );
}
