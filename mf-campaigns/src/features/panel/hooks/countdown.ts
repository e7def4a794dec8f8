/** Countdown arithmetic of the draw card, kept pure so it is tested without rendering. */
import { useEffect, useState } from 'react';

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * Time left until `target`, or null once it has been reached. A started second counts whole (0.4 s left shows
 * 00:00:01): 'Tempo Esgotado!' and 'Realizar Sorteio' must never come before the server would accept the draw.
 */
export function countdownParts(target: Date, now: Date): CountdownParts | null {
  const ms = target.getTime() - now.getTime();
  if (ms <= 0) return null;
  const left = Math.ceil(ms / 1000);
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3_600),
    minutes: Math.floor((left % 3_600) / 60),
    seconds: left % 60,
  };
}

/** The current time, refreshed every second until `until` (epoch ms) is reached; no timer without a target. */
export function useNow(until: number | null): Date {
  const [now, setNow] = useState(() => new Date());
  const running = until !== null && now.getTime() < until;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(new Date()), 1_000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
