import type { FieldErrors } from '@rifaria/shared/schemas';
import { API_MESSAGES } from './messages';

/** The one error body of the API: `{ success: false, message, errors? }`. */
export interface ErrorBody {
  success: false;
  message: string;
  errors?: FieldErrors;
}

/** An expected failure with a pt-BR message for the user; the error handler replies with it as is. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return this.errors
      ? { success: false, message: this.message, errors: this.errors }
      : { success: false, message: this.message };
  }
}

/** 422 with field errors, the shape every form reads (first message per field). */
export class ValidationError extends HttpError {
  override name = 'ValidationError';
  constructor(errors: FieldErrors, message: string = API_MESSAGES.validationFailed) {
    super(422, message, errors);
  }
}

/** 422 for one field, e.g. a rule only the server can check (e-mail taken, wrong current password). */
export const fieldError = (
  field: string,
  message: string,
  general: string = API_MESSAGES.validationFailed,
): ValidationError => new ValidationError({ [field]: [message] }, general);
