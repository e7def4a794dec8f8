import { useCallback, useEffect, useRef, useState } from 'react';
import { writeClipboard } from '../clipboard';
import { COPY_CONFIRMATION_MS } from '../constants';

/** Copies a text and reports `copied` for 2 s (spec section 9). */
export function useCopy(): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = useCallback(async (text: string) => {
    await writeClipboard(text);
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  }, []);

  return { copied, copy };
}
