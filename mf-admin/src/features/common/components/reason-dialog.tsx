/**
 * An operator's action that needs a reason (suspend, cancel with refunds, reject, refund, mark investigated): a reason
 * from a fixed list when `reasons` is given, a text, and the action's button. The text is required unless `optional`.
 * A refusal stays in the dialog; success closes it with a toast.
 */
import { useState } from 'react';
import { Alert, Button, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { apiErrorMessage } from '@rifaria/shared/api-client';
import { OutlinedField, toast, useAction } from '@rifaria/shared/ui';
import { ActionDialog } from './action-dialog';

export const REASON_MAX_LENGTH = 500;
export const REASON_REQUIRED = 'Informe o motivo.';
export const CHOICE_REQUIRED = 'Escolha um motivo.';

export interface ReasonChoice {
  value: string;
  label: string;
}

/** What a reason dialog says. */
export interface ReasonTexts {
  title: string;
  /** What the action does, above the fields. */
  description?: string;
  /** The submit button. */
  submit: string;
  /** The text field's name ('Motivo' unless told). */
  field?: string;
  /** The toast after success. */
  done: string;
  /** The message when the server gave none. */
  failed: string;
}

export interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  texts: ReasonTexts;
  reasons?: readonly ReasonChoice[];
  /** The text may be left empty. */
  optional?: boolean;
  /** No text at all: the dialog only confirms (its description says what happens). */
  confirmOnly?: boolean;
  onSubmit: (input: { reason: string; text: string }) => Promise<unknown>;
}

export function ReasonDialog(props: ReasonDialogProps) {
  const { onClose, reasons, confirmOnly = false, optional = confirmOnly, texts } = props;
  const [reason, setReason] = useState('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const action = useAction();
  const choicesId = `reason-${texts.submit.replace(/\W+/g, '-')}`;

  const submit = () => {
    if (reasons && !reason) return setProblem(CHOICE_REQUIRED);
    if (!optional && !text.trim()) return setProblem(REASON_REQUIRED);
    setProblem(null);
    void action.run(
      async () => {
        await props.onSubmit({ reason, text: text.trim() });
        toast.success(texts.done);
        setReason('');
        setText('');
        onClose();
      },
      (error) => apiErrorMessage(error, texts.failed),
    );
  };

  return (
    <ActionDialog state={props} title={texts.title} submit={{ label: texts.submit, action, run: submit }}>
      {texts.description ? <Alert severity="warning">{texts.description}</Alert> : null}
      {reasons ? (
        <>
          <FormLabel id={`${choicesId}-choices`}>Motivo</FormLabel>
          <RadioGroup
            aria-labelledby={`${choicesId}-choices`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          >
            {reasons.map((choice) => (
              <FormControlLabel key={choice.value} value={choice.value} control={<Radio />} label={choice.label} />
            ))}
          </RadioGroup>
        </>
      ) : null}
      {confirmOnly ? null : (
        <OutlinedField
          label={texts.field ?? 'Motivo'}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          inputProps={{ maxLength: REASON_MAX_LENGTH }}
          error={problem !== null}
          helperText={problem ?? undefined}
        />
      )}
    </ActionDialog>
  );
}

/** The button that opens a reason dialog (its text is the dialog's submit), and the dialog. */
export function ReasonButton({
  name,
  color = 'error',
  ...dialog
}: Omit<ReasonDialogProps, 'open' | 'onClose'> & {
  /** The button's accessible name when its text alone is ambiguous in a list ('Suspender Rifa da Formatura'). */
  name?: string;
  color?: 'error' | 'warning';
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" color={color} size="small" onClick={() => setOpen(true)} aria-label={name}>
        {dialog.texts.submit}
      </Button>
      <ReasonDialog {...dialog} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
