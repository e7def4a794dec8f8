import { useEffect, useState } from 'react';

/**
 * Whole seconds left until `deadline` (epoch ms), ticking every second; 0 once it has passed or when there is none.
 * A deadline rather than a decrementing counter: a phone that slept in between shows the real time left.
 */
export function useSecondsLeft(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    setNow(Date.now());
    if (deadline === null || deadline <= Date.now()) return undefined;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 1_000);
    return () => clearInterval(timer);
  }, [deadline]);

  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1_000));
}
