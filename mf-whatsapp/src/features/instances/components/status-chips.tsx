/** The pt-BR words and colours of an instance's and of a message's status. */
import { Chip } from '@mui/material';
import type { WhatsAppMessageStatus, WhatsAppStatus } from '@rifaria/shared/types';

type ChipColor = 'default' | 'success' | 'warning' | 'error' | 'info';

export const INSTANCE_STATUS: Record<WhatsAppStatus, { label: string; color: ChipColor }> = {
  connected: { label: 'Conectado', color: 'success' },
  connecting: { label: 'Conectando', color: 'warning' },
  disconnected: { label: 'Desconectado', color: 'default' },
  error: { label: 'Erro', color: 'error' },
};

export const MESSAGE_STATUS: Record<WhatsAppMessageStatus, { label: string; color: ChipColor }> = {
  sent: { label: 'Enviada', color: 'success' },
  pending: { label: 'Pendente', color: 'warning' },
  failed: { label: 'Falhou', color: 'error' },
  skipped: { label: 'Ignorada', color: 'default' },
};

export function InstanceStatusChip({ status }: { status: WhatsAppStatus }) {
  const { label, color } = INSTANCE_STATUS[status] ?? INSTANCE_STATUS.error;
  return <Chip label={label} color={color} size="small" variant={color === 'default' ? 'outlined' : 'filled'} />;
}

export function MessageStatusChip({ status }: { status: WhatsAppMessageStatus }) {
  const { label, color } = MESSAGE_STATUS[status] ?? MESSAGE_STATUS.pending;
  return <Chip component="span" label={label} color={color} size="small" variant="outlined" />;
}
