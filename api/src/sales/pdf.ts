import { PURCHASE_STATUS, type PurchaseStatusId, type SalesSortBy } from '@rifaria/shared/types';
import { formatDateTime, formatInteger } from '@rifaria/shared/format';
import { formatReais } from '@rifaria/shared/money';
import { salePhone } from '@rifaria/shared/sales-csv';
import type { Executor } from '../db/schema';
import type { BuyerCpfCipher } from '../buyers/cpf';
import { drawTexts, fitText, pdfSafeText, streamedPdf } from '../lib/pdf';
import { saleChunks, type SalesExportQuery } from './export';
import {
  classifySalesSearch,
  countSales,
  filteredSales,
  firstNumbersOf,
  presentSale,
  type OwnedCampaign,
} from './listing';
import { campaignTotals, toCampaignStats } from './stats';

/**
 * GET /api/campaigns/{id}/sales.pdf (issue 30, item 15): the sales the table's filters keep, in its order and with
 * its masks (presentSale), as an A4 landscape PDF: a header with the campaign's name, link, draw date and totals,
 * then a table (date in São Paulo, buyer, CPF, phone, quantity, numbers, value, status) with its column titles on
 * every page and 'Página N' at the foot.
 *
 * Streamed like the CSV: the rows come in keyset chunks (saleChunks), pdfkit writes each page out as soon as the
 * next one starts, and each chunk's bytes are handed on before the next chunk is read, so the process holds one
 * chunk of rows and one page whatever the campaign's size (bench/scale.ts times it at a million sales).
 *
 * A purchase may hold 1.000 numbers: its cell shows them wrapped on at most SALES_PDF_NUMBER_LINES lines, the last
 * ending in '+N' for the rest (the CSV lists every one). Only that many are read per purchase (firstNumbersOf).
 */
export const SALES_PDF_CHUNK = 500;
export const SALES_PDF_NUMBER_LINES = 4;

export interface SalesPdfCampaign extends OwnedCampaign {
  /** The campaign's public address (origin + /p/ + link). */
  url: string;
  draw_at: Date | null;
}

/** The campaign's header fields beside the owner-checked campaign. */
export async function salesPdfCampaign(
  db: Executor,
  campaign: OwnedCampaign,
  origin: string,
): Promise<SalesPdfCampaign> {
  const row = await db
    .selectFrom('campaigns')
    .select(['link', 'draw_at'])
    .where('id', '=', campaign.id)
    .executeTakeFirstOrThrow();
  return { ...campaign, url: `${origin}/p/${row.link}`, draw_at: row.draw_at };
}

const MARGIN = 28;
const PAGE = { width: 841.89, height: 595.28 };
const FONT_SIZE = 8;
const LINE = 10;
const CELL_PADDING = 4;
const ROW_PADDING = 3;
const FOOTER_Y = PAGE.height - MARGIN;
const TABLE_BOTTOM = FOOTER_Y - 10;

interface Column {
  title: string;
  width: number;
  align?: 'right';
}

const COLUMNS = {
  date: { title: 'Data', width: 92 },
  buyer: { title: 'Comprador', width: 150 },
  cpf: { title: 'CPF', width: 76 },
  phone: { title: 'Telefone', width: 80 },
  tickets: { title: 'Qtd.', width: 36, align: 'right' },
  numbers: { title: 'Números', width: 226 },
  value: { title: 'Valor', width: 70, align: 'right' },
  status: { title: 'Status', width: 54 },
} satisfies Record<string, Column>;
type ColumnKey = keyof typeof COLUMNS;

const COLUMN_X = (() => {
  const x = {} as Record<ColumnKey, number>;
  let left = MARGIN;
  for (const key of Object.keys(COLUMNS) as ColumnKey[]) {
    x[key] = left;
    left += COLUMNS[key].width;
  }
  return x;
})();
const TABLE_WIDTH = Object.values(COLUMNS).reduce((sum, column: Column) => sum + column.width, 0);

const SORT_NAMES: Record<SalesSortBy, string> = {
  purchased_at: 'data',
  total_value: 'valor',
  total_tickets: 'quantidade',
  buyer_name: 'comprador',
  status: 'status',
};

/** What the file holds, in words: statuses, search and order. */
export function describeSalesFilters(query: SalesExportQuery): string {
  const statuses =
    query.statuses.length > 0
      ? query.statuses.map((id) => PURCHASE_STATUS[id as PurchaseStatusId]).join(', ')
      : 'todos';
  const search = query.buyerSearch.trim();
  const order = `${SORT_NAMES[query.sortBy]}, ${query.sortOrder === 'asc' ? 'crescente' : 'decrescente'}`;
  return `Status: ${statuses}${search ? ` · Busca: “${search}”` : ''} · Ordem: ${order}`;
}

export async function* salesPdf(
  db: Executor,
  cipher: BuyerCpfCipher,
  campaign: SalesPdfCampaign,
  query: SalesExportQuery,
  now: Date = new Date(),
  chunk = SALES_PDF_CHUNK,
): AsyncGenerator<Buffer> {
  const search = classifySalesSearch(query.buyerSearch);
  const [count, totals] = await Promise.all([
    countSales(db, campaign, query.statuses, search, filteredSales(db, campaign, query.statuses, search)),
    campaignTotals(db, [campaign.id], now),
  ]);
  const stats = toCampaignStats(campaign.total_tickets, totals.get(campaign.id));
  const name = pdfSafeText(campaign.name);
  const pdf = streamedPdf({
    size: 'A4',
    layout: 'landscape',
    // No bottom margin: pdfkit never starts a page on its own; this code decides where each page ends.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
    autoFirstPage: false,
    info: { Title: `Vendas - ${name}`, Author: 'Rifaria', CreationDate: now },
  });
  const { doc } = pdf;
  let pageNumber = 0;
  let y = 0;

  const text = (value: string, x: number, top: number, width: number, align?: 'right') => {
    const fitted = fitText(doc, value, width);
    const left = align === 'right' ? x + width - doc.widthOfString(fitted) : x;
    doc.text(fitted, left, top, { lineBreak: false });
  };

  const newPage = () => {
    doc.addPage();
    pageNumber += 1;
    doc.font('Helvetica').fontSize(7).fillColor('#555555');
    text(`Vendas - ${name}`, MARGIN, FOOTER_Y, TABLE_WIDTH / 2);
    text(`Página ${formatInteger(pageNumber)}`, MARGIN + TABLE_WIDTH / 2, FOOTER_Y, TABLE_WIDTH / 2, 'right');
    y = MARGIN;
  };

  const tableHeader = () => {
    doc.rect(MARGIN, y, TABLE_WIDTH, LINE + 2 * ROW_PADDING).fill('#eeeeee');
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE).fillColor('#000000');
    for (const key of Object.keys(COLUMNS) as ColumnKey[]) {
      const column: Column = COLUMNS[key];
      text(
        column.title,
        COLUMN_X[key] + CELL_PADDING,
        y + ROW_PADDING + 1,
        column.width - 2 * CELL_PADDING,
        column.align,
      );
    }
    y += LINE + 2 * ROW_PADDING;
    doc.font('Helvetica').fontSize(FONT_SIZE);
  };

  // The header, on the first page.
  newPage();
  doc.font('Helvetica-Bold').fontSize(15).fillColor('#000000');
  text(name, MARGIN, y, TABLE_WIDTH);
  y += 22;
  doc.font('Helvetica').fontSize(9);
  const drawDate = campaign.draw_at ? formatDateTime(campaign.draw_at) : 'a definir';
  const lines = [
    `Link: ${pdfSafeText(campaign.url)}`,
    `Sorteio: ${drawDate} · Campanha ${pdfSafeText(campaign.status_description).toLowerCase()}`,
    `Vendas pagas: ${formatInteger(totals.get(campaign.id)?.paidCount ?? 0)} · Arrecadado: ${formatReais(stats.total_revenue)}` +
      ` · Tickets vendidos: ${formatInteger(stats.tickets_sold)} de ${formatInteger(campaign.total_tickets)}` +
      ` · Disponíveis: ${formatInteger(stats.tickets_available)}`,
    `Neste arquivo: ${formatInteger(count)} ${count === 1 ? 'venda' : 'vendas'} · ${pdfSafeText(describeSalesFilters(query))}`,
    `Gerado em ${formatDateTime(now)} (horário de Brasília)`,
  ];
  for (const line of lines) {
    text(line, MARGIN, y, TABLE_WIDTH);
    y += 13;
  }
  y += 6;
  tableHeader();

  // Numbers are zero-padded to the campaign's width and Helvetica's digits are all 0.556 em wide, so how many fit
  // on a line is known without measuring each one.
  const digits = String(Math.max(0, campaign.total_tickets - 1)).length;
  const numbersWidth = COLUMNS.numbers.width - 2 * CELL_PADDING;
  const numberWidth = digits * 0.556 * FONT_SIZE;
  const spaceWidth = 0.278 * FONT_SIZE;
  const perLine = Math.max(1, Math.floor((numbersWidth + spaceWidth) / (numberWidth + spaceWidth)));
  const capacity = perLine * SALES_PDF_NUMBER_LINES;

  // Quantities and values repeat (a price times a few quantities): their widths are measured once.
  const widths = new Map<string, number>();
  const widthOf = (value: string) => {
    let width = widths.get(value);
    if (width === undefined) {
      if (widths.size >= 10_000) widths.clear();
      width = doc.widthOfString(value);
      widths.set(value, width);
    }
    return width;
  };

  if (count === 0) {
    text('Nenhuma venda encontrada com estes filtros.', MARGIN + CELL_PADDING, y + ROW_PADDING, TABLE_WIDTH);
  }

  yield await pdf.take();
  for await (const rows of saleChunks(db, campaign, query, chunk)) {
    const ids = rows.map((row) => String(row.id));
    const numbers = await firstNumbersOf(db, campaign, ids, capacity);
    for (const row of rows) {
      const sale = presentSale(row, cipher);
      const held = numbers.get(String(row.id));
      let shown = held?.first ?? [];
      let rest = 0;
      if (held?.hasMore) {
        // The last line makes room for '+N' (a live purchase holds exactly total_tickets numbers).
        const restWidth = doc.widthOfString(`+${formatInteger(row.total_tickets)}`);
        const slots = Math.ceil((restWidth + spaceWidth) / (numberWidth + spaceWidth));
        shown = shown.slice(0, shown.length - slots);
        rest = row.total_tickets - shown.length;
      }
      const numberLines: string[] = [];
      for (let i = 0; i < shown.length; i += perLine) numberLines.push(shown.slice(i, i + perLine).join(' '));
      if (rest > 0) numberLines[numberLines.length - 1] += ` +${formatInteger(rest)}`;
      const height = Math.max(1, numberLines.length) * LINE + 2 * ROW_PADDING;

      if (y + height > TABLE_BOTTOM) {
        newPage();
        tableHeader();
      }
      const top = y + ROW_PADDING + 1;
      const left = (key: ColumnKey) => COLUMN_X[key] + CELL_PADDING;
      const right = (key: ColumnKey, value: string) =>
        COLUMN_X[key] + COLUMNS[key].width - CELL_PADDING - widthOf(value);
      const tickets = formatInteger(sale.total_tickets);
      const value = formatReais(sale.total_value);
      // Date, CPF, phone and status have bounded lengths that fit their columns; the name is cut to fit.
      drawTexts(doc, [
        [formatDateTime(sale.purchased_at), left('date'), top],
        [fitText(doc, pdfSafeText(sale.buyer.name), COLUMNS.buyer.width - 2 * CELL_PADDING), left('buyer'), top],
        [sale.buyer.cpf, left('cpf'), top],
        [salePhone(sale.buyer.phone), left('phone'), top],
        [tickets, right('tickets', tickets), top],
        ...numberLines.map((line, index) => [line, left('numbers'), top + index * LINE] as const),
        [value, right('value', value), top],
        [sale.status.name, left('status'), top],
      ]);
      y += height;
      // The rule under the row, in pdfkit's top-down page coordinates (what moveTo/lineTo/stroke write).
      doc.addContent(`q 0.3 w 0.8 0.8 0.8 RG ${MARGIN} ${y} m ${MARGIN + TABLE_WIDTH} ${y} l S Q`);
    }
    yield await pdf.take();
  }
  yield await pdf.finish();
}
