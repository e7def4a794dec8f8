import { act, screen, waitFor, within } from '@testing-library/react';
import { useSession } from '@rifaria/shared/session';
import { currentPath, mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import { profileServer, profileUser, refused, signIn, toastTexts } from '../testing/fixtures';
import { renderAt } from '../testing/render';

mockFetchForFile({ beforeEach: () => signIn() });

const SENT = 'Enviamos um código de 6 dígitos para o seu e-mail.';
const dialog = () => screen.getByRole('dialog', { name: 'Confirme seu e-mail' });
const box = (n: number) => within(dialog()).getByRole('textbox', { name: `Dígito ${n} de 6` });
const boxValues = () => [1, 2, 3, 4, 5, 6].map((n) => (box(n) as HTMLInputElement).value).join('');
const confirmButton = () => within(dialog()).getByRole('button', { name: 'Confirmar' });
/** Pastes `code` into the boxes from the first and confirms. */
async function submitCode(user: User, code: string) {
  await user.click(box(1));
  await user.paste(code);
  await user.click(confirmButton());
}
/** POST /api/auth/verify-email refuses the code with `reason` under it. */
const refuseCode = (reason: string) =>
  server.on('POST', '/api/auth/verify-email', () => refused('Código inválido. Tente novamente.', { code: [reason] }));

/** POST /api/auth/verify-email accepts the code: the user comes back verified at VERIFIED_AT. */
const VERIFIED_AT = '2026-11-20T12:00:00.000Z';
const acceptCode = () =>
  server.on('POST', '/api/auth/verify-email', () => ({
    success: true,
    message: 'E-mail verificado com sucesso!',
    user: profileUser({ email_verified_at: VERIFIED_AT }),
  }));

/** The dialog at the boxes, '111111' submitted and refused with `reason`, which shows in the dialog. */
async function submitRefusedCode(reason: string) {
  codeServer();
  refuseCode(reason);
  const { user } = renderAt('/perfil');
  await openAtCode(user);
  await submitCode(user, '111111');
  expect(await within(dialog()).findByText(reason)).toBeInTheDocument();
  return user;
}

/** Submits `code` as submitCode does; the dialog closes once the API was sent that code. */
async function submitAcceptedCode(user: User, code = '482913') {
  await submitCode(user, code);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(server.callsTo('POST', '/api/auth/verify-email')[0]?.body).toEqual({ code });
}

function codeServer() {
  profileServer();
  server.on('POST', '/api/auth/send-verification-email', () => ({ success: true, message: SENT }));
}

type User = ReturnType<typeof renderAt>['user'];

/** /perfil → 'Verificar e-mail' → 'Enviar código': the dialog at the six boxes. */
async function openAtCode(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Verificar e-mail' }));
  expect(within(dialog()).getByText(/Enviaremos um código de 6 dígitos para ana@rifaria\.com\.br/)).toBeInTheDocument();
  await user.click(within(dialog()).getByRole('button', { name: 'Enviar código' }));
  await within(dialog()).findByRole('group', { name: 'Código de verificação' });
}

describe('e-mail confirmation dialog', () => {
  it('should send the code, then keep Confirmar disabled until all six boxes hold a digit', async () => {
    codeServer();
    const { user } = renderAt('/perfil');
    await openAtCode(user);
    expect(server.callsTo('POST', '/api/auth/send-verification-email')).toHaveLength(1);
    expect(within(dialog()).getByText(SENT)).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();

    await user.type(box(1), '1a2');
    // A letter is ignored; each digit moves to the next box.
    expect(boxValues()).toBe('12');
    expect(box(3)).toHaveFocus();
    await user.keyboard('345');
    expect(confirmButton()).toBeDisabled();
    await user.keyboard('6');
    expect(boxValues()).toBe('123456');
    expect(confirmButton()).toBeEnabled();

    // Backspace clears the last box; on an empty box it goes back and clears the one before.
    await user.keyboard('{Backspace}');
    expect(boxValues()).toBe('12345');
    expect(confirmButton()).toBeDisabled();
    await user.keyboard('{Backspace}');
    expect(boxValues()).toBe('1234');
    expect(box(5)).toHaveFocus();
  });

  it('should fill every box from a pasted code', async () => {
    codeServer();
    const { user } = renderAt('/perfil');
    await openAtCode(user);
    await user.click(box(3));
    await user.paste('482 913');
    expect(boxValues()).toBe('482913');
    expect(confirmButton()).toBeEnabled();
  });

  it('should verify the code: the badge turns verified, the e-mail locks and the session knows', async () => {
    codeServer();
    acceptCode();
    const { user } = renderAt('/perfil');
    await openAtCode(user);
    await submitAcceptedCode(user);
    expect(screen.getByText('E-mail verificado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verificar e-mail' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeDisabled();
    expect(useSession.getState().user?.email_verified_at).toBe(VERIFIED_AT);
    expect(toastTexts()).toEqual(['E-mail verificado com sucesso!']);
  });

  it("should say 'Código inválido. Tente novamente.' for a wrong code and start the boxes over", async () => {
    const user = await submitRefusedCode('Código inválido. Tente novamente.');
    expect(boxValues()).toBe('');
    await waitFor(() => expect(box(1)).toHaveFocus());
    expect(box(1)).toHaveAccessibleDescription('Código inválido. Tente novamente.');
    expect(confirmButton()).toBeDisabled();
    expect(screen.getByText('E-mail não verificado')).toBeInTheDocument();
    // Typing again clears the message.
    await user.keyboard('2');
    expect(within(dialog()).queryByText('Código inválido. Tente novamente.')).not.toBeInTheDocument();
  });

  it("should show the server's reason for the code (expired) and the generic text on a failure", async () => {
    const user = await submitRefusedCode('Código expirado. Solicite um novo código.');

    server.on('POST', '/api/auth/verify-email', () => reply(500, { success: false }));
    await submitCode(user, '222222');
    expect(await within(dialog()).findByText('Erro ao verificar código. Tente novamente.')).toBeInTheDocument();
  });

  it("should say 'Erro ao enviar e-mail. Tente novamente.' when the code cannot be sent", async () => {
    profileServer();
    server.on('POST', '/api/auth/send-verification-email', () => reply(500, { success: false }));
    const { user } = renderAt('/perfil');
    await user.click(await screen.findByRole('button', { name: 'Verificar e-mail' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Enviar código' }));
    expect(await within(dialog()).findByText('Erro ao enviar e-mail. Tente novamente.')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('group', { name: 'Código de verificação' })).not.toBeInTheDocument();

    server.on('POST', '/api/auth/send-verification-email', () => refused('Seu e-mail já está verificado.'));
    await user.click(within(dialog()).getByRole('button', { name: 'Enviar código' }));
    expect(await within(dialog()).findByText('Seu e-mail já está verificado.')).toBeInTheDocument();
  });

  it('should close on Cancelar and open afresh next time', async () => {
    codeServer();
    const { user } = renderAt('/perfil');
    await openAtCode(user);
    await user.click(within(dialog()).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Verificar e-mail' }));
    expect(within(dialog()).getByRole('button', { name: 'Enviar código' })).toBeInTheDocument();
  });

  it('should enable the resend link after the 30 s countdown, and count again after resending', async () => {
    jest.useFakeTimers();
    codeServer();
    const { user } = renderAt('/perfil', { advanceTimers: jest.advanceTimersByTime });
    await openAtCode(user);
    const resend = () => within(dialog()).getByRole('button', { name: /Reenviar código/ });
    expect(resend()).toHaveTextContent('Reenviar código em 30s');
    expect(resend()).toBeDisabled();

    await act(async () => {
      jest.advanceTimersByTime(29_000);
    });
    expect(resend()).toHaveTextContent('Reenviar código em 1s');
    expect(resend()).toBeDisabled();
    await act(async () => {
      jest.advanceTimersByTime(1_000);
    });
    expect(resend()).toHaveTextContent(/^Reenviar código$/);
    expect(resend()).toBeEnabled();

    await user.click(resend());
    await waitFor(() => expect(server.callsTo('POST', '/api/auth/send-verification-email')).toHaveLength(2));
    await waitFor(() => expect(resend()).toHaveTextContent('Reenviar código em 30s'));
    expect(resend()).toBeDisabled();
  });

  it("should open at the boxes after a 429, counting down the server's retry-after", async () => {
    jest.useFakeTimers();
    profileServer();
    server.on('POST', '/api/auth/send-verification-email', () =>
      reply(429, { success: false, message: 'Aguarde para pedir um novo código.' }, { 'retry-after': '12' }),
    );
    const { user } = renderAt('/perfil', { advanceTimers: jest.advanceTimersByTime });
    await openAtCode(user);
    expect(within(dialog()).getByText('Aguarde para pedir um novo código.')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: /Reenviar código/ })).toHaveTextContent(
      'Reenviar código em 12s',
    );
  });
});

describe("'Já tenho um código'", () => {
  it("should go to the boxes without sending, verify, and resend at once with the server's wait on a 429", async () => {
    jest.useFakeTimers();
    profileServer();
    server.on('POST', '/api/auth/send-verification-email', () =>
      reply(429, { success: false, message: 'Aguarde para pedir um novo código.' }, { 'retry-after': '20' }),
    );
    acceptCode();
    const { user } = renderAt('/perfil', { advanceTimers: jest.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Verificar e-mail' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Já tenho um código' }));

    expect(within(dialog()).getByRole('group', { name: 'Código de verificação' })).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/auth/send-verification-email')).toHaveLength(0);
    expect(box(1)).toHaveFocus();
    // No code was sent from this page, so no countdown: a new one may be asked for at once.
    const resend = () => within(dialog()).getByRole('button', { name: /Reenviar código/ });
    expect(resend()).toHaveTextContent(/^Reenviar código$/);
    expect(resend()).toBeEnabled();
    await user.click(resend());
    expect(await within(dialog()).findByText('Aguarde para pedir um novo código.')).toBeInTheDocument();
    expect(resend()).toHaveTextContent('Reenviar código em 20s');
    expect(resend()).toBeDisabled();

    await submitAcceptedCode(user);
  });
});

describe('/perfil?verificar-email=1', () => {
  it('should open the dialog at the code step, without sending another code, and drop the parameter', async () => {
    profileServer();
    acceptCode();
    const { user } = renderAt('/perfil?verificar-email=1');
    expect(await screen.findByRole('group', { name: 'Código de verificação' })).toBeInTheDocument();
    expect(within(dialog()).getByText(/enviado para ana@rifaria\.com\.br/)).toBeInTheDocument();
    expect(server.callsTo('POST', '/api/auth/send-verification-email')).toHaveLength(0);
    await waitFor(() => expect(currentPath()).toBe('/perfil'));
    // When the code went out is unknown here: a new one may be asked for at once.
    expect(within(dialog()).getByRole('button', { name: 'Reenviar código' })).toBeEnabled();

    await user.paste('482913');
    await user.click(confirmButton());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeDisabled();
  });

  it('should only say so when the e-mail is already verified', async () => {
    profileServer({ user: profileUser({ email_verified_at: '2026-11-02T10:00:00Z' }) });
    renderAt('/perfil?verificar-email=1');
    await screen.findByDisplayValue('Ana Paula Souza');
    await waitFor(() => expect(toastTexts()).toEqual(['Seu e-mail já está verificado.']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/perfil'));
  });
});
