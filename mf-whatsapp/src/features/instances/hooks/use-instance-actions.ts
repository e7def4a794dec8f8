/**
 * Conectar, Desconectar and Padrão of an instance card: the call, the server's message in a toast (its refusal too,
 * e.g. the 503 'O serviço de WhatsApp não respondeu…'), and the list read again since the reply may change others
 * (a new default takes the badge from the old one).
 */
import { useState } from 'react';
import { isHttpError } from '@rifaria/shared/api-client';
import type { ApiSuccess, WhatsAppInstance } from '@rifaria/shared/types';
import { toast } from '@rifaria/shared/ui';
import { connectInstance } from '../api/connect-instance';
import { disconnectInstance } from '../api/disconnect-instance';
import { whatsappErrorMessage } from '../api/error-message';
import { setDefaultInstance } from '../api/set-default-instance';

export const ACTION_TEXTS = {
  connectFailed: 'Erro ao conectar instância.',
  disconnectFailed: 'Erro ao desconectar instância.',
  setDefaultFailed: 'Erro ao definir a instância padrão.',
} as const;

interface InstanceActionsOptions {
  /** Reads the list again. */
  reload: () => void;
  /** A connection started: the QR dialog of that instance opens. */
  onConnecting: (instance: WhatsAppInstance) => void;
}

export function useInstanceActions({ reload, onConnecting }: InstanceActionsOptions) {
  const [busyId, setBusyId] = useState<string | null>(null);

  const run = async (
    instance: WhatsAppInstance,
    call: (id: string) => Promise<ApiSuccess<WhatsAppInstance>>,
    fallback: string,
    after?: (updated: WhatsAppInstance) => void,
  ) => {
    setBusyId(instance.id);
    try {
      const reply = await call(instance.id);
      if (reply.message) toast.success(reply.message);
      after?.(reply.data);
      reload();
    } catch (error) {
      toast.error(whatsappErrorMessage(error, fallback));
      // A 422 or 404 means the list on screen is out of date (connected elsewhere, deleted in another tab).
      if (isHttpError(error, 422) || isHttpError(error, 404)) reload();
    } finally {
      setBusyId(null);
    }
  };

  return {
    busyId,
    connect: (instance: WhatsAppInstance) => run(instance, connectInstance, ACTION_TEXTS.connectFailed, onConnecting),
    disconnect: (instance: WhatsAppInstance) => run(instance, disconnectInstance, ACTION_TEXTS.disconnectFailed),
    setDefault: (instance: WhatsAppInstance) => run(instance, setDefaultInstance, ACTION_TEXTS.setDefaultFailed),
  };
}
