/** Checks shared by the shell's auth forms: login, sign-up and new password (reset-password). */
import { screen } from '@testing-library/react';
import type { AppUser } from './test-utils';

/** What the password rules say of 'abc' (the sign-up and the new-password forms show the same rules). */
export const ABC_MISSING_RULES = 'Senha deve conter: pelo menos 8 caracteres, uma letra maiúscula, um número';

/**
 * An auth form submitted empty: every required `message` shows and the submit button named `submit` is disabled until
 * the form is valid.
 */
export async function submitEmptyForm(user: AppUser, submit: string, [first, ...others]: [string, ...string[]]) {
  await user.click(screen.getByRole('button', { name: submit }));
  expect(await screen.findByText(first)).toBeInTheDocument();
  for (const message of others) expect(screen.getByText(message)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: submit })).toBeDisabled();
}

/** A password field of the sign-up rules (sign-up, new password): 'abc' is rated weak and the missing rules show. */
export async function typeWeakPassword(user: AppUser, password: HTMLElement) {
  expect(password).toHaveAttribute('placeholder', 'Mínimo 8 caracteres');
  await user.type(password, 'abc');
  expect(screen.getByText('Fraca')).toBeInTheDocument();
  expect(await screen.findByText(ABC_MISSING_RULES)).toBeInTheDocument();
}
