import { useCallback, useState } from 'react';

/**
 * An action a screen runs on a press (cancel a campaign, delete an instance, pay a sandbox charge): `busy` while it
 * runs, then `error`, the message `failed` makes of its failure (null again at the next run).
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (action: () => Promise<unknown>, failed: (error: unknown) => string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failed(failure));
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, setError, run };
}
