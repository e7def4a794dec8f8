import { api, setupApp } from '../../helper';
import { drawableCampaign, drawCampaign } from '../../support/draws';
import { setupOrganiser } from '../../support/organisers';
import { sellingConfig } from '../../support/purchases';

/**
 * Issue 30, item 6: after a draw the wallet history must add up to the balance shown. The release moves money from
 * 'Futuro' to 'Disponível' inside the wallet: it is a movement between balances, not income, and the sales it
 * released are tagged with the balance their money is in now.
 */

const config = sellingConfig();
const t = setupApp({ config });
const owner = setupOrganiser(t);

interface Row {
  type: 'in' | 'out' | 'move';
  kind: string;
  amount: number;
  balance: 'available' | 'blocked';
  description: string;
}

const history = async (type = 'all'): Promise<Row[]> =>
  (await api(t.app).get(`/api/user-wallets/${owner.walletId}/transactions?type=${type}`, owner)).json().data;

const cents = (reais: number) => Math.round(reais * 100);
const sumOf = (rows: Row[]) =>
  rows.reduce(
    (sum, row) => sum + (row.type === 'in' ? cents(row.amount) : row.type === 'out' ? -cents(row.amount) : 0),
    0,
  );

describe('GET /api/user-wallets/{id}/transactions after a draw', () => {
  it('should add up to the balance shown, with the release as a movement between balances', async () => {
    // Two campaigns at R$ 2,00 a number: 8 numbers paid in the drawn one (R$ 16,00), 3 in the other (R$ 6,00).
    const drawn = await drawableCampaign(t.app, owner, { paid: [5, 3] });
    await drawableCampaign(t.app, owner, { paid: [3], drawAt: null });
    expect((await drawCampaign(t.app, owner, drawn.id)).statusCode).toBe(200);

    const balance = (await api(t.app).get(`/api/user-wallets/${owner.walletId}/balance`, owner)).json().data;
    expect(balance).toMatchObject({ saldo_disponivel: 16, saldo_bloqueado: 6, saldo_total: 22 });

    const rows = await history();
    // The lines reconcile with the total balance (before the fix: R$ 38,00 = 22 + the release counted as income).
    expect(sumOf(rows)).toBe(2200);

    const releases = rows.filter((row) => row.kind === 'release');
    expect(releases).toEqual([
      expect.objectContaining({
        type: 'move',
        amount: 16,
        balance: 'available',
        description: expect.stringContaining('Sorteio realizado'),
      }),
    ]);

    // Each sale line is tagged with the balance its money is in now: released ('Disponível') or still 'Futuro'.
    const sales = rows.filter((row) => row.kind === 'sale');
    expect(sales.map((row) => [row.amount, row.balance]).sort()).toEqual(
      [
        [10, 'available'],
        [6, 'available'],
        [6, 'blocked'],
      ].sort(),
    );

    // 'Entradas' and 'Saídas' leave the movement between balances out: it is neither.
    expect((await history('in')).map((row) => row.kind)).toEqual(['sale', 'sale', 'sale']);
    expect(await history('out')).toEqual([]);
  });
});
