import { SESSION_COOKIE } from '../../../src/plugins/app/authentication';
import { findOwnedCampaign } from '../../../src/sales/listing';
import { salesPdf, salesPdfCampaign } from '../../../src/sales/pdf';
import { bearer, registerUser, setupApp, type RegisteredUser } from '../../helper';
import { insertBuyer, testCpfCipher, TEST_BUYER_DATA_SECRET } from '../../support/buyers';
import { insertCampaign } from '../../support/campaigns';
import { pdfPageCount, pdfTextLines } from '../../support/pdf';
import { insertPurchase } from '../../support/purchases';
import { refusal } from '@rifaria/shared/testing/fixtures';

/**
 * GET /api/campaigns/{id}/sales.pdf (issue 30, item 15: 'PDF' in Baixar vendas said 'será implementado em breve'):
 * the campaign's header and the table's rows, filters, order and masks, streamed page by page, owner-scoped. The
 * file's text is read back (support/pdf.ts), so a missing row or header fails.
 */
/** A Pago buyer: the table shows the CPF's check digits and the full phone. */
const JOSE = { name: 'José da Conceição', phone: '11987654321', email: 'jose@example.com', cpf: '12345678909' };

describe('GET /api/campaigns/:id/sales.pdf', () => {
  const t = setupApp({
    config: { buyerData: { secret: TEST_BUYER_DATA_SECRET }, publicUrl: 'https://rifaria.example' },
  });
  let owner: RegisteredUser;
  let stranger: RegisteredUser;
  let campaignId: string;
  let link: string;

  beforeAll(async () => {
    const db = t.database.db;
    owner = await registerUser(t.app);
    stranger = await registerUser(t.app);
    const campaign = await insertCampaign(db, {
      userId: owner.id,
      name: 'Rifa do Fusca Azul',
      totalTickets: 10_000,
      priceCents: 250,
    });
    campaignId = campaign.id;
    // 20/12/2026 20:00 in São Paulo.
    const row = await db
      .updateTable('campaigns')
      .set({ draw_at: new Date('2026-12-20T23:00:00Z') })
      .where('id', '=', campaignId)
      .returning('link')
      .executeTakeFirstOrThrow();
    link = row.link;
    const paid = await insertBuyer(db, JOSE);
    const pending = await insertBuyer(db, { name: 'Ana Lima 😀', phone: '21912345678', email: 'ana@example.com' });
    // 14:05 in São Paulo (UTC−3): the file shows São Paulo's time.
    await insertPurchase(db, {
      campaignId,
      buyerId: paid.id,
      tickets: 3,
      unitPriceCents: 250,
      status: 'paid',
      purchasedAt: new Date('2026-11-10T17:05:00Z'),
    });
    await insertPurchase(db, {
      campaignId,
      buyerId: pending.id,
      tickets: 2,
      unitPriceCents: 250,
      status: 'pending',
      purchasedAt: new Date('2026-11-10T18:00:00Z'),
      expiresAt: new Date(Date.now() + 600_000),
    });
  });

  const pdf = (query = '', token = owner.token, id = campaignId) =>
    t.app.inject({ method: 'GET', url: `/api/campaigns/${id}/sales.pdf${query}`, headers: bearer(token) });
  /** The file's text lines, the no-break space of 'R$ 7,50' (formatBRL) read as a space. */
  const textOf = (file: Buffer) => pdfTextLines(file).map((line) => line.replace(/\u00a0/g, ' '));
  const linesOf = async (query = '') => {
    const response = await pdf(query);
    expect(response.statusCode).toBe(200);
    return textOf(response.rawPayload);
  };

  it('should send a PDF with the campaign header and every row, masked as in the table', async () => {
    const response = await pdf('?sort_by=purchased_at&sort_order=asc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="vendas-campanha-${campaignId}.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const file = response.rawPayload;
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.subarray(-6).toString()).toContain('%%EOF');
    expect(pdfPageCount(file)).toBe(1);

    const lines = textOf(file);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Rifa do Fusca Azul',
        `Link: https://rifaria.example/p/${link}`,
        'Sorteio: 20/12/2026 às 20:00 · Campanha publicada',
        'Neste arquivo: 2 vendas · Status: todos · Ordem: data, crescente',
        'Página 1',
      ]),
    );
    expect(lines.find((line) => line.startsWith('Vendas pagas:'))).toBe(
      'Vendas pagas: 1 · Arrecadado: R$ 7,50 · Tickets vendidos: 3 de 10.000 · Disponíveis: 9.995',
    );
    expect(lines.find((line) => line.startsWith('Gerado em '))).toMatch(
      /^Gerado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} \(horário de Brasília\)$/,
    );
    // The table: titles, then the rows in order, each cell as the sales table shows it.
    const table = lines.slice(lines.indexOf('Data'));
    expect(table.slice(0, 8)).toEqual(['Data', 'Comprador', 'CPF', 'Telefone', 'Qtd.', 'Números', 'Valor', 'Status']);
    expect(table.slice(8)).toEqual([
      '10/11/2026 às 14:05',
      'José da Conceição',
      '***.***.***-09',
      '(11) 98765-4321',
      '3',
      '0000 0001 0002',
      'R$ 7,50',
      'Pago',
      '10/11/2026 às 15:00',
      // A character the standard fonts cannot draw is a '?', never two stray glyphs.
      'Ana Lima ?',
      '***.***.***-**',
      '(21) *****-5678',
      '2',
      '0003 0004',
      'R$ 5,00',
      'Pendente',
    ]);
    // Never the full phone nor an e-mail of an unpaid sale, nor a CPF's other digits.
    expect(lines.join('\n')).not.toMatch(/21912345678|ana@example|123\.456/);
  });

  it('should keep the filters and the order of the table', async () => {
    const paidOnly = await linesOf('?status[]=2');
    expect(paidOnly).toContain('José da Conceição');
    expect(paidOnly).not.toContain('Ana Lima ?');
    expect(paidOnly).toContain('Neste arquivo: 1 venda · Status: Pago · Ordem: data, decrescente');

    const search = await linesOf('?buyer_search=ana&sort_by=buyer_name&sort_order=asc');
    expect(search).toContain('Ana Lima ?');
    expect(search).not.toContain('José da Conceição');
    expect(search).toContain('Neste arquivo: 1 venda · Status: todos · Busca: “ana” · Ordem: comprador, crescente');

    const byValue = await linesOf('?sort_by=total_value&sort_order=asc');
    expect(byValue.indexOf('Ana Lima ?')).toBeLessThan(byValue.indexOf('José da Conceição'));

    const none = await linesOf('?buyer_search=ninguem');
    expect(none).toContain('Nenhuma venda encontrada com estes filtros.');
  });

  it('should bound a 1.000-number purchase to four lines ending in +N, and repeat the titles on every page', async () => {
    const db = t.database.db;
    const big = await insertCampaign(db, { userId: owner.id, totalTickets: 100_000 });
    const buyer = await insertBuyer(db, { name: 'Compra Máxima' });
    await insertPurchase(db, { campaignId: big.id, buyerId: buyer.id, tickets: 1_000, status: 'paid' });
    for (let i = 0; i < 59; i += 1) {
      await insertPurchase(db, { campaignId: big.id, buyerId: buyer.id, tickets: 1, status: 'paid' });
    }
    const response = await pdf('?sort_by=total_tickets&sort_order=desc', owner.token, big.id);
    expect(response.statusCode).toBe(200);
    const file = response.rawPayload;
    const lines = pdfTextLines(file);
    // Five digits, 0.556 em each at 8 pt: 9 numbers a line in the 218 pt column.
    const numberLines = lines.filter((line) => /^\d{5}( \d{5})*( \+[\d.]+)?$/.test(line));
    expect(numberLines.slice(0, 4)).toEqual([
      '00000 00001 00002 00003 00004 00005 00006 00007 00008',
      '00009 00010 00011 00012 00013 00014 00015 00016 00017',
      '00018 00019 00020 00021 00022 00023 00024 00025 00026',
      '00027 00028 00029 00030 00031 00032 00033 +966',
    ]);
    // Then the 59 one-number purchases, each its own row.
    expect(numberLines.slice(4)).toHaveLength(59);
    const pages = pdfPageCount(file);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(lines.filter((line) => line === 'Números')).toHaveLength(pages);
    for (let page = 1; page <= pages; page += 1) expect(lines).toContain(`Página ${page}`);
  });

  it('should give the same rows whatever the chunk size (streamed chunk by chunk)', async () => {
    const db = t.database.db;
    const owned = (await findOwnedCampaign(db, String(owner.id), campaignId))!;
    const campaign = await salesPdfCampaign(db, owned, 'https://rifaria.example');
    const now = new Date('2026-11-29T12:00:00Z');
    const read = async (chunk: number) => {
      const parts: Buffer[] = [];
      for await (const part of salesPdf(
        db,
        testCpfCipher(),
        campaign,
        { statuses: [], buyerSearch: '', sortBy: 'purchased_at', sortOrder: 'desc' },
        now,
        chunk,
      ))
        parts.push(part);
      return { parts: parts.length, lines: pdfTextLines(Buffer.concat(parts)) };
    };
    const whole = await read(500);
    const oneByOne = await read(1);
    expect(oneByOne.lines).toEqual(whole.lines);
    // Header, then one part per chunk of rows (and the empty last chunk's), then the end: each handed on at once.
    expect(oneByOne.parts).toBeGreaterThan(whole.parts);
  });

  it("should answer 401 without a session and 404 for another organiser's or an unknown campaign", async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/campaigns/${campaignId}/sales.pdf` })).statusCode).toBe(401);
    const other = await pdf('', stranger.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(refusal('Campanha não encontrada'));
    expect((await pdf('', owner.token, '999999999')).statusCode).toBe(404);
    expect((await pdf('?sort_order=sideways')).statusCode).toBe(422);
  });

  it('should be downloaded with the session cookie alone, and checked by HEAD without being written', async () => {
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/campaigns/${campaignId}/sales.pdf`,
      cookies: { [SESSION_COOKIE]: owner.token },
    });
    expect(got.statusCode).toBe(200);
    expect(pdfTextLines(got.rawPayload)).toContain('José da Conceição');

    const spy = jest.spyOn(t.app.services.sales, 'pdf');
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/api/campaigns/${campaignId}/sales.pdf`,
      cookies: { [SESSION_COOKIE]: owner.token },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/pdf');
    expect(head.rawPayload).toHaveLength(0);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    const strangers = await t.app.inject({
      method: 'HEAD',
      url: `/api/campaigns/${campaignId}/sales.pdf`,
      cookies: { [SESSION_COOKIE]: stranger.token },
    });
    expect(strangers.statusCode).toBe(404);
  });
});
