import { Button, type ButtonProps } from '@mui/material';
import { CheckIcon } from './icons';
import { useCopy } from './use-copy';

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
  const { copied, copy: copyText } = useCopy();
  const copy = async () => {
    await copyText(text);
    onCopied?.();
  };

  return (
    <Button
      variant="outlined"
      {...props}
      color={copied ? 'success' : props.color}
      startIcon={copied ? <CheckIcon /> : props.startIcon}
      onClick={() => void copy()}
      aria-live="polite"
      // What it copies, also before React runs: the buyer page copies in the buyer's own tap (src/page/take-over.ts).
      data-copy-text={text}
    >
      {copied ? COPIED_LABEL : label}
    </Button>
  );
}
