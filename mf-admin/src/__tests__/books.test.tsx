import { screen, within } from '@testing-library/react';
import { mockFetchForFile, server } from '@rifaria/shared/testing';
import type { Mismatch, Reconciliation, TrialBalance } from '../features/books/api/books';
import { expectPosted, fillReason, openDialog } from '../testing/actions';
import { serve } from '../testing/fixtures';
import { renderAt } from '../testing/render';

mockFetchForFile();

const MISSING: Mismatch = {
  id: '5',
  kind: 'missing_in_ledger',
  txid: 'tx9',
  e2eid: 'E9',
  amount: 2000,
  ledger_amount: null,
  status: 'open',
  note: null,
};

function day(mismatches: Mismatch[] = [], ran = true): Reconciliation {
  const totals = {
    psp_count: 3,
    psp_total: 6000,
    ledger_count: 3 - mismatches.length,
    ledger_total: 6000 - 2000 * mismatches.length,
  };
  return { date: '2026-11-28', ran_at: ran ? '2026-11-29T06:00:00.000Z' : null, ...totals, mismatches };
}

describe('Reconciliation', () => {
  it("should show yesterday's totals and no mismatch, then run another day", async () => {
    serve('/api/admin/reconciliation', day());
    server.on('POST', '/api/admin/reconciliation/run', () => day([], true));
    const { user } = renderAt('/admin/conciliacao');
    expect(await screen.findByText('Nenhuma divergência: o livro confere com o PSP.')).toBeInTheDocument();
    expect(screen.getAllByText('3 Pix · R$ 60,00')).toHaveLength(2);
    expect(screen.getByLabelText('Dia')).toHaveValue('2026-11-28');
    expect(server.callsTo('GET', '/api/admin/reconciliation')[0]?.url.search).toBe('');

    await user.click(screen.getByRole('button', { name: 'Conciliar agora' }));
    await expectPosted('Conciliação concluída.', '/api/admin/reconciliation/run', { date: '2026-11-28' });
  });

  it('should replay a Pix missing in the ledger, and mark another investigated with a note', async () => {
    const other: Mismatch = {
      ...MISSING,
      id: '6',
      kind: 'unknown_at_psp',
      e2eid: 'E10',
      amount: null,
      ledger_amount: 500,
    };
    serve('/api/admin/reconciliation', day([MISSING, other], false));
    server.on('POST', '/api/admin/reconciliation/mismatches/5/replay', () => day([other]));
    server.on('POST', '/api/admin/reconciliation/mismatches/6/investigate', () =>
      day([{ ...other, status: 'investigated', note: 'Estorno manual' }]),
    );
    const { user } = renderAt('/admin/conciliacao');
    expect(await screen.findByText('Este dia ainda não foi conciliado.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Divergências' });
    expect(within(table).getByText('Pago no PSP, ausente no livro')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Divergências: 2' })).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Reprocessar' }));
    expect(await screen.findByText('Confirmação reprocessada.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Divergências: 1' })).toBeInTheDocument();

    const dialog = await openDialog(user, 'Marcar investigado', 'Marcar divergência como investigada');
    await fillReason(user, dialog, { field: 'Nota', text: 'Estorno manual', submit: 'Marcar investigado' });
    await expectPosted('Divergência marcada como investigada.', '/api/admin/reconciliation/mismatches/6/investigate', {
      note: 'Estorno manual',
    });
    expect(await screen.findByText('Investigada: Estorno manual')).toBeInTheDocument();
  });
});

describe('Trial balance', () => {
  it("should show every account, the zero total and each organiser's ledger against the wallet", async () => {
    const balance: TrialBalance = {
      accounts: [
        { code: 'psp:clearing', balance: -6000 },
        { code: 'organiser:1:pending', balance: 6000 },
      ],
      total: 0,
      organisers: [
        {
          user_id: '1',
          name: 'Ana Paula Souza',
          ledger_pending: 6000,
          ledger_available: 0,
          wallet_pending: 6000,
          wallet_available: 0,
        },
        {
          user_id: '2',
          name: 'Bruno Lima',
          ledger_pending: 100,
          ledger_available: 0,
          wallet_pending: 0,
          wallet_available: 0,
        },
      ],
    };
    serve('/api/admin/ledger/trial-balance', balance);
    renderAt('/admin/balancete');
    const accounts = await screen.findByRole('table', { name: 'Contas do livro' });
    expect(within(accounts).getByText('-R$ 60,00')).toBeInTheDocument();
    expect(screen.getByText('Total: R$ 0,00')).toBeInTheDocument();
    const organisers = screen.getByRole('table', { name: 'Organizadores: livro e carteira' });
    const [, ana, bruno] = within(organisers).getAllByRole('row');
    expect(within(ana!).getByText('Confere')).toBeInTheDocument();
    expect(within(bruno!).getByText('Diverge')).toBeInTheDocument();
    expect(screen.queryByText(/desbalanceado/)).not.toBeInTheDocument();
  });
});
