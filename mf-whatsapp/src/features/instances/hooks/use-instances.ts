/**
 * The organiser's instances. While one is connecting, the list is read again every few
 * seconds, so its chip turns 'Conectado' by itself once the phone is linked (the server learns it from the gateway).
 * `paused` while a dialog is open.
 */
import { useEffect } from 'react';
import { useRequest } from '@rifaria/shared/ui';
import { getInstances } from '../api/get-instances';

export const INSTANCES_RECHECK_MS = 5_000;

export function useInstances({ paused }: { paused: boolean }) {
  const instances = useRequest(getInstances, []);
  const connecting = instances.data?.some((instance) => instance.status === 'connecting') ?? false;
  const { reload } = instances;
  useEffect(() => {
    if (!connecting || paused) return undefined;
    const timer = setInterval(reload, INSTANCES_RECHECK_MS);
    return () => clearInterval(timer);
  }, [connecting, paused, reload]);
  return instances;
}
