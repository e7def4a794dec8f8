import { act, screen, waitFor, within } from '@testing-library/react';
import { setApiNavigate } from '@rifaria/shared/api-client';
import { browser, mockFetchForFile, reply, server, type UserEventOptions } from '@rifaria/shared/testing';
import { useToastStore } from '@rifaria/shared/ui';
import { EXPORT_CHECK_TIMEOUT_MS } from '../features/sales/api/sales-export';
import { paginationModel } from '../features/sales/components/pagination-model';
import { campaignNotFound, maskedBuyer, renderAt, sale, salesReply, toastTitles } from '../testing/fixtures';

// Shared CPUs: dialogs with transitions and typing take a few seconds here.
jest.setTimeout(20_000);

mockFetchForFile();

function lastQuery(): URLSearchParams {
  const calls = server.callsTo('GET', '/api/campaigns/7/sales');
  return calls[calls.length - 1]!.url.searchParams;
}

function renderSales(path = '/campanhas/7/vendas', user?: UserEventOptions) {
  return renderAt(path, user ? { user } : {});
}

/** MUI keeps the page aria-hidden until the dialog's exit transition ends. */
async function dialogClosed() {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/** The sales page over 20 pages of one sale each, once the first has loaded. */
async function renderTwentyPages() {
  server.on('GET', '/api/campaigns/:id/sales', ({ url }) =>
    salesReply([sale()], Number(url.searchParams.get('page')), 20),
  );
  const view = renderSales();
  await screen.findByText('Ana Souza');
  return view;
}

describe('Campaign sales (/campanhas/{id}/vendas)', () => {
  it('should load page 1 of 10 sorted by purchased_at desc and show the cards and the row', async () => {
    server.on('GET', '/api/campaigns/:id/sales', () =>
      salesReply([
        sale(),
        sale({ id: 2, status: { id: 1, name: 'Pendente' }, buyer: maskedBuyer }),
        sale({ id: 3, status: { id: 3, name: 'Cancelado' }, buyer: maskedBuyer }),
      ]),
    );
    renderSales();
    expect(await screen.findByRole('heading', { name: 'Vendas — Rifa do Carro' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o painel' })).toHaveAttribute('href', '/campanhas/7/painel');
    const query = lastQuery();
    expect(query.get('page')).toBe('1');
    expect(query.get('per_page')).toBe('10');
    expect(query.get('sort_by')).toBe('purchased_at');
    expect(query.get('sort_order')).toBe('desc');
    expect(query.has('status[]')).toBe(false);
    expect(query.has('buyer_search')).toBe(false);

    expect(screen.getByRole('region', { name: 'Total de vendas' })).toHaveTextContent('42');
    expect(screen.getByRole('region', { name: 'Receita total' })).toHaveTextContent(/R\$\s9\.876,50/);
    expect(screen.getByRole('region', { name: 'Tickets vendidos' })).toHaveTextContent('1.500');
    expect(screen.getByRole('region', { name: 'Tickets disponíveis' })).toHaveTextContent('8.500');

    const rows = within(screen.getByRole('table', { name: 'Vendas' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Ana Souza');
    expect(rows[1]).toHaveTextContent('***.***.***-09');
    // A Pago sale carries the digits, formatted here; the others come masked and are shown as they are.
    expect(rows[1]).toHaveTextContent('(11) 98765-4321');
    expect(rows[2]).toHaveTextContent('(11) *****-4321');
    expect(rows[2]).not.toHaveTextContent('98765');
    expect(rows[3]).toHaveTextContent('(11) *****-4321');
    expect(
      screen.getByText('Telefone completo (e e-mail, no CSV) aparece apenas nas compras pagas.'),
    ).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent(/R\$\s1\.234,56/);
    // 15:30 UTC is 12:30 in São Paulo.
    expect(rows[1]).toHaveTextContent('20/11/2026 às 12:30');
    expect(within(rows[1]!).getByText('Pago').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
    expect(within(rows[2]!).getByText('Pendente').closest('.MuiChip-root')).toHaveClass('MuiChip-colorWarning');
    expect(within(rows[3]!).getByText('Cancelado').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(screen.getByRole('columnheader', { name: 'Data' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('should apply the filters dialog as status[] and buyer_search, show the indicator and clear it', async () => {
    server.on('GET', '/api/campaigns/:id/sales', () => salesReply([sale()]));
    const { user } = renderSales();
    await screen.findByText('Ana Souza');
    expect(screen.queryByText('Filtros ativos')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filtros' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Buscar comprador' }), 'ana');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pago' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Pendente' }));
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    await dialogClosed();

    await waitFor(() => expect(lastQuery().getAll('status[]')).toEqual(['1', '2']));
    expect(lastQuery().get('buyer_search')).toBe('ana');
    expect(lastQuery().get('page')).toBe('1');
    expect(toastTitles()).toContain('Filtros aplicados com sucesso!');
    expect(useToastStore.getState().toasts[0]!.duration).toBe(4_000);
    expect(screen.getByText('Filtros ativos')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Limpar Filtros' }));
    await waitFor(() => expect(lastQuery().has('status[]')).toBe(false));
    expect(lastQuery().has('buyer_search')).toBe(false);
    expect(screen.queryByText('Filtros ativos')).not.toBeInTheDocument();
    expect(toastTitles()).toContain('Filtros removidos!');
  });

  it('should show the indicator for a status alone', async () => {
    server.on('GET', '/api/campaigns/:id/sales', () => salesReply([sale()]));
    const { user } = renderSales();
    await screen.findByText('Ana Souza');
    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('checkbox', { name: 'Cancelado' }));
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await dialogClosed();
    expect(await screen.findByText('Filtros ativos')).toBeInTheDocument();
    await waitFor(() => expect(lastQuery().getAll('status[]')).toEqual(['3']));
  });

  it('should toggle the sort direction when the same column is clicked again', async () => {
    server.on('GET', '/api/campaigns/:id/sales', () => salesReply([sale()]));
    const { user } = renderSales();
    await screen.findByText('Ana Souza');
    await user.click(screen.getByRole('button', { name: 'Valor' }));
    await waitFor(() => expect(lastQuery().get('sort_by')).toBe('total_value'));
    expect(lastQuery().get('sort_order')).toBe('asc');
    await user.click(screen.getByRole('button', { name: 'Valor' }));
    await waitFor(() => expect(lastQuery().get('sort_order')).toBe('desc'));
    expect(lastQuery().get('sort_by')).toBe('total_value');
    await user.click(screen.getByRole('button', { name: 'Data' }));
    await waitFor(() => expect(lastQuery().get('sort_by')).toBe('purchased_at'));
  });

  it('should change the page size and go back to page 1', async () => {
    const { user } = await renderTwentyPages();
    const select = screen.getByRole('combobox', { name: 'Itens por página' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '50', '100']);
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(lastQuery().get('page')).toBe('3'));
    await user.selectOptions(select, '50');
    await waitFor(() => expect(lastQuery().get('per_page')).toBe('50'));
    expect(lastQuery().get('page')).toBe('1');
  });

  it('should paginate with first, last, ±2 pages and ellipses', async () => {
    const { user } = await renderTwentyPages();
    const nav = screen.getByRole('navigation', { name: 'Paginação' });
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Página/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '20']);
    await user.click(within(nav).getByRole('button', { name: 'Página 3' }));
    await user.click(await within(nav).findByRole('button', { name: 'Página 5' }));
    await user.click(await within(nav).findByRole('button', { name: 'Página 6' }));
    await waitFor(() =>
      expect(within(nav).getByRole('button', { name: 'Página 6' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Página/ })
        .map((b) => b.textContent),
    ).toEqual(['1', '4', '5', '6', '7', '8', '20']);
    expect(nav).toHaveTextContent('1…45678…20');
    expect(lastQuery().get('page')).toBe('6');
  });

  it('should show the load failure', async () => {
    server.on('GET', '/api/campaigns/:id/sales', () => reply(500, { success: false }));
    renderSales();
    // On the page, and as a toast.
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
        'Erro ao carregar vendas',
        'Erro ao carregar vendas',
      ]),
    );
    expect(toastTitles()).toContain('Erro ao carregar vendas');
  });

  it('should show the empty state', async () => {
    server.on('GET', '/api/campaigns/:id/sales', () => salesReply([]));
    renderSales();
    expect(await screen.findByText('Nenhuma venda encontrada')).toBeInTheDocument();
  });

  /** Downloads handed to the browser (the anchor the dialog clicks once the check passed). */
  function spyOnDownloads() {
    const downloads: { href: string; download: string }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.href, download: this.download });
    });
    return downloads;
  }

  function csvChecks() {
    return server.callsTo('HEAD', '/api/campaigns/7/sales.csv');
  }

  async function startCsv(user: ReturnType<typeof renderSales>['user']) {
    await user.click(screen.getByRole('button', { name: 'Baixar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Baixar vendas' });
    await user.click(within(dialog).getByRole('link', { name: 'CSV' }));
    return dialog;
  }

  /** 'Baixar' opened: the link of the `format` download and its URL. */
  async function downloadLink(user: ReturnType<typeof renderSales>['user'], format: 'CSV' | 'PDF') {
    await user.click(screen.getByRole('button', { name: 'Baixar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Baixar vendas' });
    const link = within(dialog).getByRole('link', { name: format });
    return { link, url: new URL(link.getAttribute('href')!) };
  }

  /** The sales page with one sale, its export's check answering 200, and the downloads it starts. */
  async function salesWithExport(format: 'csv' | 'pdf') {
    server.on('GET', '/api/campaigns/:id/sales', () => salesReply([sale()]));
    server.on('HEAD', `/api/campaigns/:id/sales.${format}`, () => reply(200));
    const downloads = spyOnDownloads();
    const { user } = renderSales();
    await screen.findByText('Ana Souza');
    return { user, downloads };
  }

  it('should download the CSV from the API with the current filters and order', async () => {
    const { user, downloads } = await salesWithExport('csv');
    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    const filters = await screen.findByRole('dialog', { name: 'Filtros' });
    await user.type(within(filters).getByRole('textbox', { name: 'Buscar comprador' }), 'ana');
    await user.click(within(filters).getByRole('checkbox', { name: 'Pago' }));
    await user.click(within(filters).getByRole('button', { name: 'Aplicar' }));
    await dialogClosed();
    await waitFor(() => expect(lastQuery().getAll('status[]')).toEqual(['2']));
    await user.click(screen.getByRole('button', { name: 'Valor' }));
    await waitFor(() => expect(lastQuery().get('sort_by')).toBe('total_value'));
    const listCalls = server.callsTo('GET', '/api/campaigns/7/sales').length;

    // A link to the file the API streams, with the table's filters and order (no page: every sale).
    const { link, url } = await downloadLink(user, 'CSV');
    expect(link).toHaveAttribute('download', 'vendas-campanha-7.csv');
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost/api/campaigns/7/sales.csv');
    expect(url.searchParams.getAll('status[]')).toEqual(['2']);
    expect(url.searchParams.get('buyer_search')).toBe('ana');
    expect(url.searchParams.get('sort_by')).toBe('total_value');
    expect(url.searchParams.get('sort_order')).toBe('asc');
    expect([...url.searchParams.keys()].sort()).toEqual(['buyer_search', 'sort_by', 'sort_order', 'status[]']);

    await user.click(link);
    await waitFor(() => expect(toastTitles()).toContain('Download CSV concluído!'));
    await dialogClosed();
    // The 'preparing' toast is taken off the queue once the download started (it would say so after the fact).
    expect(toastTitles()).not.toContain('Preparando download em CSV...');
    // Checked first (HEAD, same URL), then handed to the browser: the page asked for no sale itself.
    expect(csvChecks()).toHaveLength(1);
    expect(csvChecks()[0]!.url.href).toBe(link.getAttribute('href'));
    expect(downloads).toEqual([{ href: link.getAttribute('href'), download: 'vendas-campanha-7.csv' }]);
    expect(server.callsTo('GET', '/api/campaigns/7/sales')).toHaveLength(listCalls);
  });

  it("should download the PDF from the API with the same filters and order (issue 30: it said 'em breve')", async () => {
    const { user, downloads } = await salesWithExport('pdf');
    await user.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(lastQuery().get('sort_by')).toBe('status'));

    const { link, url } = await downloadLink(user, 'PDF');
    expect(link).toHaveAttribute('download', 'vendas-campanha-7.pdf');
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost/api/campaigns/7/sales.pdf');
    expect(url.searchParams.get('sort_by')).toBe('status');
    expect(url.searchParams.get('sort_order')).toBe('asc');

    await user.click(link);
    await waitFor(() => expect(toastTitles()).toContain('Download PDF concluído!'));
    await dialogClosed();
    expect(toastTitles()).not.toContain('Download PDF será implementado em breve');
    expect(server.callsTo('HEAD', '/api/campaigns/7/sales.pdf')).toHaveLength(1);
    expect(server.callsTo('HEAD', '/api/campaigns/7/sales.csv')).toHaveLength(0);
    expect(downloads).toEqual([{ href: link.getAttribute('href'), download: 'vendas-campanha-7.pdf' }]);
  });

  it("should say 'Preparando download em PDF...' while the PDF is checked, and why it failed", async () => {
    let answer: (() => void) | null = null;
    server.on('GET', '/api/campaigns/:id/sales', () => salesReply([sale()]));
    server.on(
      'HEAD',
      '/api/campaigns/:id/sales.pdf',
      () => new Promise<Response>((resolve) => (answer = () => resolve(reply(404)))),
    );
    const downloads = spyOnDownloads();
    const { user } = renderSales();
    await screen.findByText('Ana Souza');
    await user.click(screen.getByRole('button', { name: 'Baixar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Baixar vendas' });
    await user.click(within(dialog).getByRole('link', { name: 'PDF' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Preparando download em PDF...');
    await waitFor(() => expect(answer).not.toBeNull());
    await act(async () => answer!());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Campanha não encontrada');
    expect(downloads).toEqual([]);
  });

  it.each([
    ['the server fails', () => reply(500, { success: false }), 'Tente novamente em alguns instantes'],
    ['the campaign is gone', () => reply(404), 'Campanha não encontrada'],
    [
      'the connection drops',
      () => {
        throw new TypeError('Failed to fetch');
      },
      'Verifique sua conexão com a internet',
    ],
  ])('should say "Erro ao fazer download" and start no download when %s', async (_label, answer, reason) => {
    server.on('GET', '/api/campaigns/:id/sales', () => salesReply([sale()]));
    server.on('HEAD', '/api/campaigns/:id/sales.csv', answer);
    const downloads = spyOnDownloads();
    const { user } = renderSales();
    await screen.findByText('Ana Souza');
    const dialog = await startCsv(user);
    await waitFor(() => expect(toastTitles()).toContain('Erro ao fazer download'));
    // Said in the dialog too, which stays open with CSV ready for another try.
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Erro ao fazer download');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(reason);
    expect(within(dialog).getByRole('link', { name: 'CSV' })).not.toHaveAttribute('aria-disabled');
    expect(downloads).toEqual([]);
  });

  it('should say the session expired and go to the login when the check answers 401, starting no download', async () => {
    const navigate = jest.fn();
    const unregister = setApiNavigate(navigate);
    try {
      server.on('GET', '/api/campaigns/:id/sales', () => salesReply([sale()]));
      server.on('HEAD', '/api/campaigns/:id/sales.csv', () => reply(401));
      const downloads = spyOnDownloads();
      const { user } = renderSales();
      await screen.findByText('Ana Souza');
      const dialog = await startCsv(user);
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Sessão expirada. Faça login novamente.');
      expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?redirect=/));
      expect(downloads).toEqual([]);
    } finally {
      unregister();
    }
  });

  describe('CSV download that does not answer (issue 11)', () => {
    /** Checks of the download wait for release(); the table's own requests answer at once. */
    function slowCheck() {
      const pending: ((value: unknown) => void)[] = [];
      server.on('GET', '/api/campaigns/:id/sales', () => salesReply([sale()]));
      server.on('HEAD', '/api/campaigns/:id/sales.csv', () => new Promise((resolve) => pending.push(resolve)));
      const release = (index: number) =>
        act(async () => {
          pending[index]!(reply(200));
        });
      return { pending, release };
    }

    it('should say it is preparing and still close with Cancelar; a late answer starts no download', async () => {
      const { pending, release } = slowCheck();
      const downloads = spyOnDownloads();
      const { user } = renderSales();
      await screen.findByText('Ana Souza');
      await user.click(screen.getByRole('button', { name: 'Valor' }));
      await waitFor(() => expect(lastQuery().get('sort_by')).toBe('total_value'));
      const dialog = await startCsv(user);

      expect(within(dialog).getByRole('status')).toHaveTextContent('Preparando download em CSV...');
      expect(within(dialog).getByRole('link', { name: 'CSV' })).toHaveAttribute('aria-disabled', 'true');
      expect(within(dialog).getByRole('link', { name: 'PDF' })).toHaveAttribute('aria-disabled', 'true');
      expect(toastTitles()).toContain('Preparando download em CSV...');
      await waitFor(() => expect(pending).toHaveLength(1));
      await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await dialogClosed();
      expect(toastTitles()).not.toContain('Preparando download em CSV...');

      await release(0);
      expect(downloads).toEqual([]);
      expect(toastTitles()).not.toContain('Download CSV concluído!');
      // The check used the order of the table when it started.
      expect(csvChecks()[0]!.url.searchParams.get('sort_by')).toBe('total_value');
    });

    it('should close on Escape and on the browser Back while preparing, staying on the sales page', async () => {
      slowCheck();
      const { user } = renderSales();
      await screen.findByText('Ana Souza');
      await startCsv(user);
      await user.keyboard('{Escape}');
      await dialogClosed();

      await startCsv(user);
      await browser.back();
      await dialogClosed();
      expect(screen.getByTestId('where')).toHaveTextContent('/campanhas/7/vendas');
      expect(screen.getByRole('heading', { name: 'Vendas — Rifa do Carro' })).toBeInTheDocument();
    });

    it("should start only the newest run's download when an abandoned run answers after it", async () => {
      const { pending, release } = slowCheck();
      const downloads = spyOnDownloads();
      const { user } = renderSales();
      await screen.findByText('Ana Souza');
      let dialog = await startCsv(user);
      await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
      await dialogClosed();
      // Between the runs the order changed: each run downloads the order it was started with.
      await user.click(screen.getByRole('button', { name: 'Valor' }));
      await waitFor(() => expect(lastQuery().get('sort_by')).toBe('total_value'));
      dialog = await startCsv(user);
      await waitFor(() => expect(pending).toHaveLength(2));

      await release(0);
      expect(downloads).toEqual([]);
      expect(within(dialog).getByRole('status')).toHaveTextContent('Preparando download em CSV...');

      await release(1);
      await dialogClosed();
      expect(downloads).toHaveLength(1);
      expect(new URL(downloads[0]!.href).searchParams.get('sort_by')).toBe('total_value');
      expect(toastTitles()).toContain('Download CSV concluído!');
    });

    it('should give up on the check after 30 s with a clear message and let CSV be tried again', async () => {
      jest.useFakeTimers();
      try {
        slowCheck();
        const { user } = renderSales(undefined, { advanceTimers: jest.advanceTimersByTime });
        await screen.findByText('Ana Souza');
        const dialog = await startCsv(user);
        await act(async () => {
          jest.advanceTimersByTime(EXPORT_CHECK_TIMEOUT_MS - 1);
        });
        expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
        await act(async () => {
          jest.advanceTimersByTime(1);
        });
        const alert = await within(dialog).findByRole('alert');
        expect(alert).toHaveTextContent('Erro ao fazer download');
        expect(alert).toHaveTextContent('Tempo limite excedido. Verifique sua conexão.');
        expect(within(dialog).getByRole('link', { name: 'CSV' })).not.toHaveAttribute('aria-disabled');
        expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
      } finally {
        jest.useRealTimers();
      }
    });
  });

  it('should show the table of the latest sort when an earlier answer arrives after it', async () => {
    let releaseFirst: (value: unknown) => void = () => undefined;
    server.on('GET', '/api/campaigns/:id/sales', ({ url }) => {
      const order = url.searchParams.get('sort_order');
      if (url.searchParams.get('sort_by') !== 'total_value') return salesReply([sale()]);
      if (order === 'asc') return new Promise((resolve) => (releaseFirst = resolve));
      return salesReply([sale({ id: 5, buyer: { ...sale().buyer, name: 'Maior Valor' } })]);
    });
    const { user } = renderSales();
    await screen.findByText('Ana Souza');
    await user.click(screen.getByRole('button', { name: 'Valor' }));
    await user.click(screen.getByRole('button', { name: 'Valor' }));
    expect(await screen.findByText('Maior Valor')).toBeInTheDocument();
    await act(async () => {
      releaseFirst(salesReply([sale({ id: 6, buyer: { ...sale().buyer, name: 'Menor Valor' } })]));
    });
    expect(screen.getByText('Maior Valor')).toBeInTheDocument();
    expect(screen.queryByText('Menor Valor')).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Valor' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('should close the filters dialog on the browser Back', async () => {
    server.on('GET', '/api/campaigns/:id/sales', () => salesReply([sale()]));
    const { user } = renderSales();
    await screen.findByText('Ana Souza');
    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    await screen.findByRole('dialog', { name: 'Filtros' });
    await browser.back();
    await dialogClosed();
    expect(screen.getByTestId('where')).toHaveTextContent('/campanhas/7/vendas');
  });

  it.each([
    ['a 404 (gone, or another organiser’s)', '/campanhas/99/vendas'],
    ['an id that is not a campaign id', '/campanhas/abc/vendas'],
  ])('should say "Campanha não encontrada" with only the way back for %s', async (_label, path) => {
    server.on('GET', '/api/campaigns/:id/sales', campaignNotFound);
    renderSales(path);
    expect(await screen.findByRole('heading', { name: 'Campanha não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para Campanhas' })).toHaveAttribute('href', '/campanhas');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('Erro ao carregar vendas')).not.toBeInTheDocument();
    if (path.includes('abc')) expect(server.calls).toHaveLength(0);
  });
});

describe('paginationModel', () => {
  it('should show first, last and pages within 2 of the current with ellipses', () => {
    expect(paginationModel(6, 20)).toEqual([1, 'ellipsis-start', 4, 5, 6, 7, 8, 'ellipsis-end', 20]);
    expect(paginationModel(1, 20)).toEqual([1, 2, 3, 'ellipsis-end', 20]);
    expect(paginationModel(20, 20)).toEqual([1, 'ellipsis-start', 18, 19, 20]);
    expect(paginationModel(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationModel(1, 1)).toEqual([1]);
    expect(paginationModel(1, 0)).toEqual([]);
  });
});
