import { waitFor, within } from '@testing-library/react';
import type { SandboxMail } from '@rifaria/shared/types';
import { currentPath, renderApp, reply, screen, server } from '../../../testing/test-utils';
import { splitLinks } from '../components/mail-text';

jest.mock('../../../remotes/load-remote', () => require('../../../testing/load-remote-stub'));

const origin = window.location.origin;

const resetMail: SandboxMail = {
  id: '3',
  to: 'ana@rifaria.com.br',
  subject: 'Redefinição de senha da Rifaria',
  text: `Olá, Ana!\n\nPara criar uma nova senha, abra ${origin}/redefinir-senha?token=abc_123.\nO link vale 30 minutos.\n\nAjuda: https://ajuda.rifaria.com.br/senha`,
  html: `<p>Olá, Ana!</p><script>window.parent.pwned = true</script><a href="${origin}/redefinir-senha?token=abc_123">Criar nova senha</a>`,
  created_at: '2026-11-20T15:30:00.000Z',
  created_at_formatted: '20/11/2026 12:30',
};
const codeMail: SandboxMail = {
  id: '2',
  to: 'bruno@exemplo.com',
  subject: 'Seu código de verificação',
  text: 'Seu código é 123456. Ele vale 10 minutos.',
  html: null,
  created_at: '2026-11-20T15:00:00.000Z',
  created_at_formatted: '20/11/2026 12:00',
};
const olderMail: SandboxMail = {
  ...codeMail,
  id: '1',
  to: 'ana@rifaria.com.br',
  subject: 'Seu código de verificação',
  text: 'Seu código é 654321.',
  created_at: '2026-11-19T10:00:00.000Z',
  created_at_formatted: '19/11/2026 07:00',
};

function serveMailbox(mails: SandboxMail[]) {
  server.on('GET', '/api/sandbox/mailbox', ({ url }) => {
    const to = url.searchParams.get('to');
    return { success: true, data: to ? mails.filter((mail) => mail.to === to) : mails };
  });
}

async function openMailbox(url = '/sandbox/emails') {
  const utils = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Caixa de e-mails (sandbox)' });
  return utils;
}

function mailButtons() {
  return within(screen.getByRole('list', { name: 'E-mails recebidos' })).getAllByRole('button');
}

describe('Sandbox mailbox page', () => {
  it('should say it is a sandbox and list the mail newest first with recipient, subject and time', async () => {
    // Out of order on purpose: the page sorts newest first.
    serveMailbox([olderMail, resetMail, codeMail]);
    await openMailbox();
    expect(screen.getByText('SANDBOX')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Nenhum e-mail sai daqui: sem SMTP_URL configurado, a Rifaria guarda as mensagens para você testar.',
      ),
    ).toBeInTheDocument();

    await screen.findByRole('list', { name: 'E-mails recebidos' });
    const rows = mailButtons();
    expect(rows.map((row) => row.textContent)).toEqual([
      'Redefinição de senha da RifariaPara: ana@rifaria.com.br20/11/2026 12:30',
      'Seu código de verificaçãoPara: bruno@exemplo.com20/11/2026 12:00',
      'Seu código de verificaçãoPara: ana@rifaria.com.br19/11/2026 07:00',
    ]);
    expect(screen.getByText('3 e-mails')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/sandbox/mailbox')[0]!.url.search).toBe('');
  });

  it('should open a mail with clickable links, the HTML only in an empty-sandbox iframe', async () => {
    serveMailbox([resetMail, codeMail]);
    const { user } = await openMailbox();
    await user.click(await screen.findByRole('button', { name: /Redefinição de senha da Rifaria/ }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Redefinição de senha da Rifaria' }));
    expect(dialog.getByText('ana@rifaria.com.br')).toBeInTheDocument();
    expect(dialog.getByText('20/11/2026 12:30')).toBeInTheDocument();
    expect(dialog.getByText(/O link vale 30 minutos/)).toBeInTheDocument();
    // The sentence's full stop is not part of the address; the other site opens in a new tab.
    const resetLink = dialog.getByRole('link', { name: `${origin}/redefinir-senha?token=abc_123` });
    expect(resetLink).toHaveAttribute('href', '/redefinir-senha?token=abc_123');
    expect(dialog.getByRole('link', { name: 'https://ajuda.rifaria.com.br/senha' })).toHaveAttribute(
      'target',
      '_blank',
    );
    // The HTML is never part of the page.
    expect(document.querySelector('script')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Criar nova senha' })).not.toBeInTheDocument();

    await user.click(dialog.getByRole('tab', { name: 'HTML' }));
    const frame = dialog.getByTitle('Versão HTML do e-mail');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toBe(resetMail.html);
    expect(screen.queryByRole('link', { name: 'Criar nova senha' })).not.toBeInTheDocument();

    // Back to the text and follow the link: the reset page of this app, without a reload.
    await user.click(dialog.getByRole('tab', { name: 'Texto' }));
    await user.click(dialog.getByRole('link', { name: `${origin}/redefinir-senha?token=abc_123` }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Crie uma nova senha' })).toBeInTheDocument();
    expect(currentPath()).toBe('/redefinir-senha?token=abc_123');
  });

  it('should show a text-only mail without tabs and close it', async () => {
    serveMailbox([codeMail]);
    const { user } = await openMailbox();
    await user.click(await screen.findByRole('button', { name: /Seu código de verificação/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Seu código de verificação' }));
    expect(dialog.getByText('Seu código é 123456. Ele vale 10 minutos.')).toBeInTheDocument();
    expect(dialog.queryByRole('tab')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Fechar janela' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('should filter by recipient: part of an address locally, a whole address on the server too', async () => {
    serveMailbox([resetMail, codeMail, olderMail]);
    const { user } = await openMailbox();
    await screen.findByRole('list', { name: 'E-mails recebidos' });
    const filter = screen.getByRole('searchbox', { name: 'Filtrar por destinatário' });

    await user.type(filter, 'BRUNO');
    await waitFor(() => expect(mailButtons()).toHaveLength(1));
    expect(mailButtons()[0]).toHaveTextContent('bruno@exemplo.com');
    expect(server.callsTo('GET', '/api/sandbox/mailbox')).toHaveLength(1);

    await user.clear(filter);
    await user.type(filter, 'ana@rifaria.com.br');
    await waitFor(() => expect(server.callsTo('GET', '/api/sandbox/mailbox')).toHaveLength(2));
    expect(server.callsTo('GET', '/api/sandbox/mailbox')[1]!.url.searchParams.get('to')).toBe('ana@rifaria.com.br');
    await waitFor(() => expect(mailButtons()).toHaveLength(2));

    await user.clear(filter);
    await user.type(filter, 'ninguem');
    expect(await screen.findByText('Nenhum e-mail para “ninguem”.')).toBeInTheDocument();
  });

  it('should start filtered by the recipient in the address (?para=)', async () => {
    serveMailbox([resetMail, codeMail, olderMail]);
    await openMailbox('/sandbox/emails?para=bruno%40exemplo.com');
    expect(screen.getByRole('searchbox', { name: 'Filtrar por destinatário' })).toHaveValue('bruno@exemplo.com');
    await waitFor(() =>
      expect(server.callsTo('GET', '/api/sandbox/mailbox').at(-1)!.url.searchParams.get('to')).toBe(
        'bruno@exemplo.com',
      ),
    );
    await waitFor(() => expect(mailButtons()).toHaveLength(1));
    expect(mailButtons()[0]).toHaveTextContent('bruno@exemplo.com');
  });

  it("should load again on 'Atualizar'", async () => {
    let mails = [codeMail];
    server.on('GET', '/api/sandbox/mailbox', () => ({ success: true, data: mails }));
    const { user } = await openMailbox();
    await waitFor(() => expect(mailButtons()).toHaveLength(1));

    mails = [resetMail, codeMail];
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(mailButtons()).toHaveLength(2));
    expect(mailButtons()[0]).toHaveTextContent('Redefinição de senha da Rifaria');
  });

  it('should say when the mailbox is empty', async () => {
    serveMailbox([]);
    await openMailbox();
    expect(await screen.findByText(/Nenhum e-mail por aqui ainda/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'E-mails recebidos' })).not.toBeInTheDocument();
  });

  it('should explain that the mailbox is off when the server has real e-mail (404)', async () => {
    server.on('GET', '/api/sandbox/mailbox', () => reply(404, { success: false, message: 'Not Found' }));
    await openMailbox();
    const status = (await screen.findByText('Caixa de e-mails desativada')).closest('[role="status"]') as HTMLElement;
    expect(status).toHaveTextContent(/envia e-mails de verdade/);
    expect(within(status).getByRole('link', { name: 'Ir para o login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Atualizar' })).not.toBeInTheDocument();
  });

  it('should offer a retry when loading fails', async () => {
    let fail = true;
    server.on('GET', '/api/sandbox/mailbox', () =>
      fail ? reply(500, { success: false, message: 'Erro' }) : { success: true, data: [codeMail] },
    );
    const { user } = await openMailbox();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar a caixa de e-mails.');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(mailButtons()).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('splitLinks', () => {
  it('should find http(s) addresses and leave the closing punctuation out', () => {
    expect(splitLinks('Abra https://x.com/a?b=1. Ou (http://y.com/c), ou ftp://z.')).toEqual([
      { kind: 'text', value: 'Abra ' },
      { kind: 'link', href: 'https://x.com/a?b=1' },
      { kind: 'text', value: '. Ou (' },
      { kind: 'link', href: 'http://y.com/c' },
      { kind: 'text', value: '), ou ftp://z.' },
    ]);
  });

  it('should stay fast on hostile text', () => {
    const started = performance.now();
    splitLinks(`http://${'.'.repeat(100_000)}x ${'http:/'.repeat(20_000)}`);
    // Generous: what it catches (backtracking on a huge input) takes minutes, and a busy CI machine must never fail it.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
