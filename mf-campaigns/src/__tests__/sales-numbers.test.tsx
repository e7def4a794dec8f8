/**
 * Issue 13 on the sales page: the search box also takes a ticket number (the table then shows which row holds it).
 * The CSV's 'Números' column is the API's (api/test/routes/sales/csv.test.ts, shared/src/__tests__/sales-csv.test.ts).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetchForFile, reply, server } from '@rifaria/shared/testing';
import { maskedBuyer, renderAt, sale, salesReply, toastTitles } from '../testing/fixtures';

// Shared CPUs: dialogs with transitions and typing take a few seconds here.
jest.setTimeout(20_000);

mockFetchForFile();

function salesCalls() {
  return server.callsTo('GET', '/api/campaigns/7/sales');
}

function lastQuery(): URLSearchParams {
  const calls = salesCalls();
  return calls[calls.length - 1]!.url.searchParams;
}

/** MUI keeps the page aria-hidden until the dialog's exit transition ends. */
async function dialogClosed() {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/** Opens 'Filtros', types the search and applies it. */
async function searchFor(user: ReturnType<typeof renderAt>['user'], text: string) {
  await user.click(screen.getByRole('button', { name: 'Filtros' }));
  const dialog = await screen.findByRole('dialog', { name: 'Filtros' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Buscar comprador' }), text);
  await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
  await dialogClosed();
}

/** Ana holds 0041 and 0042 (the campaign has 10.000 tickets: 4 digits); Bia matched by her phone only. */
const ana = sale({ id: 1, numbers: ['0041', '0042'] });
const bia = sale({
  id: 2,
  buyer: { ...maskedBuyer, name: 'Bia Prado', phone: '11900420000' },
  numbers: ['0100'],
});

describe('Sales search by ticket number', () => {
  it('should say the search takes a number, in the placeholder and in the described helper text', async () => {
    server.on('GET', '/api/campaigns/:id/sales', () => salesReply([sale()]));
    const { user } = renderAt('/campanhas/7/vendas');
    await screen.findByText('Ana Souza');
    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filtros' });
    const box = within(dialog).getByRole('textbox', { name: 'Buscar comprador' });
    expect(box).toHaveAttribute('placeholder', 'Nome, telefone, e-mail ou número');
    expect(box).toHaveAccessibleDescription(
      'Só dígitos (ex.: 42 ou 0042) também buscam quem tem esse número. ' +
        'Telefone e e-mail encontram apenas compras pagas.',
    );
  });

  it('should ask for the numbers when the search is a number and mark the row holding it', async () => {
    server.on('GET', '/api/campaigns/:id/sales', ({ url }) =>
      url.searchParams.get('buyer_search') === '42' ? salesReply([ana, bia]) : salesReply([sale({ id: 9 })]),
    );
    const { user } = renderAt('/campanhas/7/vendas');
    await screen.findByText('Ana Souza');
    // The plain table goes without the numbers.
    expect(lastQuery().has('with_numbers')).toBe(false);

    await searchFor(user, '42');
    await screen.findByText('Bia Prado');
    expect(lastQuery().get('buyer_search')).toBe('42');
    expect(lastQuery().get('with_numbers')).toBe('1');
    expect(toastTitles()).toContain('Filtros aplicados com sucesso!');

    const rows = within(screen.getByRole('table', { name: 'Vendas' })).getAllByRole('row');
    // Padded to the campaign's width, as the checkout shows it, on the row that holds it only.
    expect(within(rows[1]!).getByText('Número 0042')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Ana Souza');
    expect(rows[2]).toHaveTextContent('Bia Prado');
    expect(within(rows[2]!).queryByText(/^Número/)).not.toBeInTheDocument();
  });

  it('should take a zero-padded number as the same number', async () => {
    server.on('GET', '/api/campaigns/:id/sales', ({ url }) =>
      url.searchParams.get('buyer_search') === '0042' ? salesReply([ana]) : salesReply([sale({ id: 9 })]),
    );
    const { user } = renderAt('/campanhas/7/vendas');
    await screen.findByText('Ana Souza');
    await searchFor(user, '0042');
    expect(await screen.findByText('Número 0042')).toBeInTheDocument();
    expect(lastQuery().get('with_numbers')).toBe('1');
  });

  it('should not ask for the numbers for a name, a phone with punctuation or more than 8 digits', async () => {
    server.on('GET', '/api/campaigns/:id/sales', () => salesReply([sale()]));
    const { user } = renderAt('/campanhas/7/vendas');
    await screen.findByText('Ana Souza');
    for (const text of ['ana', '(11) 9876', '119876543210']) {
      await searchFor(user, text);
      await waitFor(() => expect(lastQuery().get('buyer_search')).toBe(text));
      expect(lastQuery().has('with_numbers')).toBe(false);
      await user.click(screen.getByRole('button', { name: 'Limpar Filtros' }));
      await waitFor(() => expect(lastQuery().has('buyer_search')).toBe(false));
    }
    expect(screen.queryByText(/^Número \d/)).not.toBeInTheDocument();
  });

  it("should show each sale's first numbers in the table and open the whole list from '+N' (issue 30)", async () => {
    const big = sale({
      id: 5,
      buyer: { ...maskedBuyer, name: 'Caio Reis' },
      total_tickets: 12,
      numbers_preview: { first: ['0100', '0101', '0102', '0103', '0104'], more: 7 },
    });
    const cancelled = sale({
      id: 6,
      buyer: { ...maskedBuyer, name: 'Duda Melo' },
      status: { id: 3, name: 'Cancelado' },
      numbers_preview: { first: [], more: 0 },
    });
    server.on('GET', '/api/campaigns/:id/sales', () => salesReply([sale(), big, cancelled]));
    const all = Array.from({ length: 12 }, (_, i) => String(100 + i).padStart(4, '0'));
    server.on('GET', '/api/campaigns/:id/sales/:saleId/numbers', ({ params }) => ({
      success: true,
      message: 'ok',
      data: { id: Number(params.saleId), numbers: all },
    }));
    const { user } = renderAt('/campanhas/7/vendas');
    await screen.findByText('Ana Souza');
    const table = screen.getByRole('table', { name: 'Vendas' });
    expect(within(table).getByRole('columnheader', { name: 'Números' })).toBeInTheDocument();
    const [, ana, caio, duda] = within(table).getAllByRole('row');
    for (const number of ['0007', '0420', '9001']) expect(within(ana!).getByText(number)).toBeInTheDocument();
    expect(within(ana!).queryByRole('button', { name: /^Ver os/ })).not.toBeInTheDocument();
    expect(within(duda!).getByText('—')).toBeInTheDocument();
    // Only the page's rows were asked for, with no full lists.
    expect(lastQuery().has('with_numbers')).toBe(false);
    expect(server.callsTo('GET', '/api/campaigns/7/sales/5/numbers')).toHaveLength(0);

    const more = within(caio!).getByRole('button', { name: 'Ver os 12 números de Caio Reis' });
    expect(more).toHaveTextContent('+7');
    await user.click(more);
    const dialog = await screen.findByRole('dialog', { name: 'Números de Caio Reis' });
    const list = await within(dialog).findByRole('list', { name: 'Números de Caio Reis' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(all);
    expect(within(dialog).getByText('12 números')).toBeInTheDocument();
    expect(server.callsTo('GET', '/api/campaigns/7/sales/5/numbers')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Fechar janela' }));
    await dialogClosed();
  });

  it('should say when the whole list could not be loaded, and try again', async () => {
    const big = sale({ id: 5, total_tickets: 8, numbers_preview: { first: ['1', '2', '3', '4', '5'], more: 3 } });
    server.on('GET', '/api/campaigns/:id/sales', () => salesReply([big]));
    let calls = 0;
    server.on('GET', '/api/campaigns/:id/sales/:saleId/numbers', () =>
      (calls += 1) === 1
        ? reply(404, { success: false, message: 'Venda não encontrada' })
        : { success: true, message: 'ok', data: { id: 5, numbers: ['1', '2', '3', '4', '5', '6', '7', '8'] } },
    );
    const { user } = renderAt('/campanhas/7/vendas');
    await screen.findByText('Ana Souza');
    await user.click(screen.getByRole('button', { name: 'Ver os 8 números de Ana Souza' }));
    const dialog = await screen.findByRole('dialog', { name: 'Números de Ana Souza' });
    expect(await within(dialog).findByText('Não foi possível carregar os números.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
    expect(await within(dialog).findByText('8 números')).toBeInTheDocument();
  });

  it('should show "Nenhuma venda encontrada" when no sale holds the number', async () => {
    server.on('GET', '/api/campaigns/:id/sales', ({ url }) =>
      url.searchParams.has('buyer_search') ? salesReply([]) : salesReply([sale()]),
    );
    const { user } = renderAt('/campanhas/7/vendas');
    await screen.findByText('Ana Souza');
    await searchFor(user, '9999');
    expect(await screen.findByText('Nenhuma venda encontrada')).toBeInTheDocument();
    expect(screen.getByText('Filtros ativos')).toBeInTheDocument();
  });
});
