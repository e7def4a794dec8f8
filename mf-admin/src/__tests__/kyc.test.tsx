import { screen, waitFor, within } from '@testing-library/react';
import { mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import { expectPosted, fillReason, openDialog } from '../testing/actions';
import { notFound, opening, openingDetail, refused, serve, signedIn } from '../testing/fixtures';
import { renderAt } from '../testing/render';

mockFetchForFile();

const page = (items = [opening()], total = items.length) => ({ items, total, page: 1, per_page: 20 });

describe('Account-opening queue', () => {
  it('should list the pending openings with their checks, and filter by status', async () => {
    serve(
      '/api/admin/account-openings',
      page([
        opening(),
        opening({ id: 8, name: 'Bruno Lima', checks: { cpf_valid: true, adult: false, cpf_unique: false } }),
      ]),
    );
    const { user } = renderAt('/admin/abertura-de-contas');
    const table = await screen.findByRole('table', { name: 'Aberturas de conta' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[2]!).getByText('Maior de idade: não')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('CPF único: não')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Analisar Ana Paula Souza' })).toHaveAttribute(
      'href',
      '/admin/abertura-de-contas/7',
    );
    expect(server.callsTo('GET', '/api/admin/account-openings')[0]?.url.search).toBe('?status=pending&page=1');

    server.on('GET', '/api/admin/account-openings', () => page([]));
    await user.click(screen.getByRole('button', { name: 'Recusadas' }));
    expect(await screen.findByText('Nenhuma abertura de conta recusada.')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/admin/account-openings').at(-1)?.url.search).toBe('?status=rejected&page=1');
  });

  it('should page through a long queue', async () => {
    serve('/api/admin/account-openings', page([opening()], 45));
    const { user } = renderAt('/admin/abertura-de-contas');
    expect(await screen.findByText('Página 1 de 3')).toBeInTheDocument();
    server.on('GET', '/api/admin/account-openings', () => ({ ...page([opening()], 45), page: 2 }));
    await user.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(await screen.findByText('Página 2 de 3')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/admin/account-openings').at(-1)?.url.search).toBe('?status=pending&page=2');
  });

  it('should say the queue is empty, and offer a retry when it does not load', async () => {
    serve('/api/admin/account-openings', page([]));
    server.on('GET', '/api/admin/account-openings', () => reply(500, { success: false, message: 'Falhou.' }));
    const { user } = renderAt('/admin/abertura-de-contas');
    expect(
      await screen.findByText('Não foi possível carregar a fila de abertura de contas. Falhou.'),
    ).toBeInTheDocument();
    server.on('GET', '/api/admin/account-openings', () => page([]));
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Nenhuma abertura de conta esperando análise.')).toBeInTheDocument();
  });
});

describe('Account-opening review', () => {
  it('should show the checks, the data and the document, and approve', async () => {
    serve('/api/admin/account-openings/7', openingDetail());
    server.on('POST', '/api/admin/account-openings/7/approve', () => {
      server.on('GET', '/api/admin/account-openings/7', () =>
        openingDetail({ status: 'approved', status_label: 'Aprovada' }),
      );
      return { success: true, message: 'Aprovada.' };
    });
    const { user } = renderAt('/admin/abertura-de-contas/7');
    expect(
      await screen.findByRole('heading', { name: 'Análise da abertura de conta: Ana Paula Souza' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Verificações automáticas' })).getByText('CPF válido: sim'),
    ).toBeInTheDocument();
    expect(screen.getByText('17/05/1990')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Documento de identidade (RG)' })).toHaveAttribute(
      'src',
      'http://localhost/api/admin/account-openings/7/document',
    );

    await user.click(screen.getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText('Abertura de conta aprovada.')).toBeInTheDocument();
    expect(await screen.findByText(/^Aprovada · enviada em/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aprovar' })).not.toBeInTheDocument();
  });

  it('should show a PDF document in a frame', async () => {
    serve('/api/admin/account-openings/7', openingDetail({ document: { mime: 'application/pdf', size: 2048 } }));
    renderAt('/admin/abertura-de-contas/7');
    expect(await screen.findByTitle('Documento de identidade (RG)')).toHaveAttribute(
      'src',
      'http://localhost/api/admin/account-openings/7/document',
    );
  });

  it('should reject with a reason from the list and details', async () => {
    serve('/api/admin/account-openings/7', openingDetail());
    server.on('POST', '/api/admin/account-openings/7/reject', () => ({ success: true, message: 'Recusada.' }));
    const { user } = renderAt('/admin/abertura-de-contas/7');
    const dialog = await openDialog(user, 'Reprovar', 'Reprovar abertura de conta');
    await user.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
    expect(within(dialog).getByText('Escolha um motivo.')).toBeInTheDocument();

    const field = 'Detalhes para o organizador';
    await fillReason(user, dialog, { choice: 'Documento ilegível', field, text: 'Foto tremida', submit: 'Reprovar' });
    await expectPosted(
      'Abertura de conta reprovada. O organizador foi avisado.',
      '/api/admin/account-openings/7/reject',
      {
        reason: 'documento_ilegivel',
        details: 'Foto tremida',
      },
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('should keep the dialog open with the refusal when another operator decided first', async () => {
    serve('/api/admin/account-openings/7', openingDetail());
    server.on('POST', '/api/admin/account-openings/7/reject', () => refused(409, 'Esta abertura já foi decidida.'));
    const { user } = renderAt('/admin/abertura-de-contas/7');
    const dialog = await openDialog(user, 'Reprovar', 'Reprovar abertura de conta');
    await user.click(within(dialog).getByRole('radio', { name: 'Outro' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reprovar' }));
    expect(await within(dialog).findByText('Esta abertura já foi decidida.')).toBeInTheDocument();
  });

  it('should say when the opening does not exist', async () => {
    signedIn();
    server.on('GET', '/api/admin/account-openings/99', () => notFound());
    renderAt('/admin/abertura-de-contas/99');
    expect(await screen.findByText('Abertura de conta não encontrada.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para a fila' })).toHaveAttribute(
      'href',
      '/admin/abertura-de-contas',
    );
  });
});
