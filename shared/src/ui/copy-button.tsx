import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from '@mui/material';
import { COPY_CONFIRMATION_MS } from '../constants';
import { CheckIcon } from './icons';

export const COPY_LABEL = 'Copiar';
export const COPIED_LABEL = 'Copiado!';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** The text put on the clipboard. */
  text: string;
  /** Button text before copying (default 'Copiar'). */
  label?: string;
  /** Called after a successful copy (e.g. to log or toast). */
  onCopied?: () => void;
}

/** Copies `text` and says 'Copiado!' for 2 s (spec section 9: copy confirmation lasts 2 s). */
export function CopyButton({ text, label = COPY_LABEL, onCopied, ...props }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard API refused (insecure origin, old browser): fall back to a hidden textarea + execCommand.
      const area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.appendChild(area);
      area.select();
      try {
        document.execCommand('copy');
      } finally {
        area.remove();
      }
    }
    setCopied(true);
    onCopied?.();
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  return (
    <Button
      variant="outlined"
      {...props}
      color={copied ? 'success' : props.color}
      startIcon={copied ? <CheckIcon /> : props.startIcon}
      onClick={() => void copy()}
      aria-live="polite"
    >
      {copied ? COPIED_LABEL : label}
    </Button>
  );
}
