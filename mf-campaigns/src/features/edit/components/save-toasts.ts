/** Toasts and error mapping shared by the edit tabs (4 s on the edit screen, spec section 9). */
import { apiFieldErrors } from '@rifaria/shared/api-client';
import { TOAST_DURATION } from '@rifaria/shared/constants';
import { toast } from '@rifaria/shared/ui';

export const EDIT_TEXTS = {
  savedTitle: 'Dados salvos com sucesso!',
  saved: 'Campanha atualizada com sucesso!',
  failedTitle: 'Erro ao salvar',
  failed: 'Erro ao salvar campanha',
  awardsSaved: 'Prêmios salvos com sucesso!',
  awardsFailed: 'Erro ao salvar prêmios',
} as const;

export const editToastOptions = { duration: TOAST_DURATION.edit };

export function toastSaved(description: string = EDIT_TEXTS.saved): void {
  toast.success(EDIT_TEXTS.savedTitle, description, editToastOptions);
}

export function toastSaveFailed(description: string = EDIT_TEXTS.failed): void {
  toast.error(EDIT_TEXTS.failedTitle, description, editToastOptions);
}

/**
 * A 422's field errors keyed as the form names them: the API answers on draw_datetime (or draw_date) for what the
 * form types in its date input.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const errors = apiFieldErrors(error);
  if (errors.draw_datetime && !errors.draw_date) errors.draw_date = errors.draw_datetime;
  delete errors.draw_datetime;
  return errors;
}

/** A copy of `errors` without `field` (a field's error clears as soon as it is edited). */
export function withoutError(errors: Record<string, string>, field: string): Record<string, string> {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}
