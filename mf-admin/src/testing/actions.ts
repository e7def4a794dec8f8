/** What an operator does in a reason dialog, and what the test then checks: the toast and the request's body. */
import { screen, within } from '@testing-library/react';
import { reply, server } from '@rifaria/shared/testing';
import { signedIn } from './fixtures';
import { renderAt } from './render';

type User = ReturnType<typeof renderAt>['user'];

export interface ReasonInput {
  /** A radio of the fixed list, when the dialog has one. */
  choice?: string;
  /** The text field's name ('Motivo' unless told). */
  field?: string;
  text: string;
  /** The dialog's submit button. */
  submit: string;
}

/** Picks the reason, pastes the text and presses the dialog's button. */
export async function fillReason(user: User, dialog: HTMLElement, input: ReasonInput) {
  if (input.choice) await user.click(within(dialog).getByRole('radio', { name: input.choice }));
  await user.click(within(dialog).getByRole('textbox', { name: input.field ?? 'Motivo' }));
  await user.paste(input.text);
  await user.click(within(dialog).getByRole('button', { name: input.submit }));
}

/** The toast came, and the first POST to `path` carried `body`. */
export async function expectPosted(toast: string, path: string, body: unknown) {
  expect(await screen.findByText(toast)).toBeInTheDocument();
  expect(server.callsTo('POST', path)[0]?.body).toEqual(body);
}

/** Presses `button` (once the screen shows it) and gives the dialog it opens. */
export async function openDialog(user: User, button: string, dialog: string) {
  await user.click(await screen.findByRole('button', { name: button }));
  return screen.getByRole('dialog', { name: dialog });
}

/** Fills text fields of `container` by their names, pasting each value. */
export async function pasteFields(user: User, container: HTMLElement, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    await user.click(within(container).getByRole('textbox', { name }));
    await user.paste(value);
  }
}

/** The screen at `page` when its GET `api` fails (a 500): the error, and 'Tentar novamente'. */
export async function expectLoadError(api: string, page: string, text: string) {
  signedIn();
  server.on('GET', api, () => reply(500, {}));
  renderAt(page);
  expect(await screen.findByText(text)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
}
