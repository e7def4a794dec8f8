/** A dialog whose form runs one request: its fields, the refusal above them, 'Cancelar' and the submit button. */
import type { ReactNode } from 'react';
import { Alert } from '@mui/material';
import { DialogForm, FormDialog, type useAction } from '@rifaria/shared/ui';

/** A form's one button: its text, its request and what pressing it runs. */
export interface FormSubmit {
  label: string;
  /** Its request: busy while it runs, the refusal above the fields. */
  action: ReturnType<typeof useAction>;
  run: () => void;
}

export function ActionDialog({
  state,
  title,
  submit,
  children,
}: {
  /** Open, and every way out (Back, Escape, the ×, 'Cancelar'). */
  state: { open: boolean; onClose: () => void };
  title: string;
  submit: FormSubmit;
  children: ReactNode;
}) {
  const titleId = `dialog-${submit.label.replace(/\W+/g, '-')}`;
  const busy = submit.action.busy;
  const cancel = state.onClose;
  return (
    <FormDialog open={state.open} onClose={cancel} busy={busy} titleId={titleId} title={title}>
      <DialogForm
        onSubmit={submit.run}
        onCancel={cancel}
        submitLabel={submit.label}
        busyLabel="Enviando..."
        submitting={busy}
        disabled={false}
      >
        {submit.action.error ? <Alert severity="error">{submit.action.error}</Alert> : null}
        {children}
      </DialogForm>
    </FormDialog>
  );
}
