/**
 * The e-mail code as six single-digit boxes (spec "E-mail confirmation dialog"): a digit moves to the next box,
 * Backspace on an empty box goes back, a pasted (or autofilled) code fills the boxes, anything but digits is ignored.
 */
import { useImperativeHandle, useRef, type ClipboardEvent, type KeyboardEvent, type Ref } from 'react';
import { Box } from '@mui/material';
import { EMAIL_CODE_LENGTH } from '@rifaria/shared/constants';
import { onlyDigits } from '@rifaria/shared/format';
import type { CodeFocus } from '../hooks/use-email-code';
import { EMAIL_CODE_TEXTS } from './profile-texts';

/** More than any code plus its spacing ('123 456', '123-456'): a pasted novel is cut before it is read. */
const PASTE_MAX_LENGTH = 64;

export interface CodeBoxesProps {
  digits: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** The id of the text under the boxes (the error), for aria-describedby. */
  describedBy?: string;
  /** Lets the dialog put the caret back in a box after it cleared the code (a wrong code). */
  ref?: Ref<CodeFocus>;
}

export function CodeBoxes({ digits, onChange, disabled, invalid, describedBy, ref }: CodeBoxesProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => {
    const input = inputs.current[Math.max(0, Math.min(EMAIL_CODE_LENGTH - 1, index))];
    input?.focus();
    input?.select();
  };
  useImperativeHandle(ref, () => ({ focus }));

  /** Writes `typed` from box `from` on, and moves to the box after the last one written. */
  const fill = (from: number, typed: string) => {
    const next = [...digits];
    const chars = typed.slice(0, EMAIL_CODE_LENGTH - from).split('');
    chars.forEach((char, offset) => {
      next[from + offset] = char;
    });
    onChange(next);
    focus(from + chars.length);
  };

  const change = (index: number, raw: string) => {
    if (raw === '') {
      const next = [...digits];
      next[index] = '';
      onChange(next);
      return;
    }
    const typed = onlyDigits(raw.slice(0, PASTE_MAX_LENGTH));
    if (!typed) return;
    const previous = digits[index] ?? '';
    if (typed.length === 2 && previous) {
      // A digit typed into a filled box: the new one is the one that is not the old one (wherever the caret was).
      fill(index, typed[0] === previous ? (typed[1] ?? '') : (typed[0] ?? ''));
      return;
    }
    fill(typed.length >= EMAIL_CODE_LENGTH ? 0 : index, typed);
  };

  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const typed = onlyDigits(event.clipboardData.getData('text').slice(0, PASTE_MAX_LENGTH));
    if (!typed) return;
    // A whole code fills every box, whichever box the person pasted into.
    fill(typed.length >= EMAIL_CODE_LENGTH ? 0 : index, typed);
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      const next = [...digits];
      next[index - 1] = '';
      onChange(next);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight' && index < EMAIL_CODE_LENGTH - 1) {
      event.preventDefault();
      focus(index + 1);
    }
  };

  return (
    <Box
      role="group"
      aria-label={EMAIL_CODE_TEXTS.codeGroup}
      sx={{ display: 'flex', gap: { xs: 0.75, sm: 1.25 }, justifyContent: 'center' }}
    >
      {digits.map((digit, index) => (
        <Box
          key={index}
          component="input"
          ref={(element: HTMLInputElement | null) => {
            inputs.current[index] = element;
          }}
          value={digit}
          onChange={(event) => change(index, event.target.value)}
          onPaste={(event) => paste(index, event)}
          onKeyDown={(event) => keyDown(index, event)}
          onFocus={(event) => event.target.select()}
          disabled={disabled}
          aria-label={EMAIL_CODE_TEXTS.digit(index)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          // The code step exists to type the code: the caret starts in the first box.
          autoFocus={index === 0}
          sx={{
            width: { xs: 42, sm: 48 },
            height: { xs: 52, sm: 58 },
            textAlign: 'center',
            fontSize: 24,
            fontWeight: 700,
            fontFamily: 'inherit',
            border: 2,
            borderRadius: 2,
            borderColor: invalid ? 'error.main' : 'divider',
            bgcolor: 'background.paper',
            color: 'text.primary',
            outline: 'none',
            '&:focus': { borderColor: invalid ? 'error.main' : 'primary.main' },
            '&:disabled': { bgcolor: 'action.disabledBackground', color: 'text.disabled' },
          }}
        />
      ))}
    </Box>
  );
}
