import { formatBRL, formatDateTime, formatInteger, formatTicketNumber } from '@rifaria/shared/format';
import { drawMethodOf } from '@rifaria/shared/constants';
import { drawReceiptLines } from '@rifaria/shared/schemas';
import { maskBuyerName, maskBuyerPhone } from '../lib/masks';
import { fitText, pdfSafeText, streamedPdf } from '../lib/pdf';
import type { BuyerCpfCipher } from '../buyers/cpf';
import type { PurchaseRecord } from './presenter';

/**
 * The buyer's receipt (comprovante, issue 30): a PDF of one paid purchase, made by the API (pdfkit, A4 portrait) and
 * downloaded by a plain link from the checkout's 'Pagamento confirmado' and from 'Meus números'. It shows what the
 * buyer needs to prove the purchase and check the draw, and nothing a forwarded copy should not carry: the buyer by
 * the public masks only ('Maria S.', the CPF's check digits, the phone's DDD and last 4 digits: lib/masks.ts, the
 * same pieces every other reply shows), never the full name, CPF, phone or e-mail.
 *
 * A purchase holds up to 1.000 numbers: they are laid out in a grid as wide as the campaign's numbers, page after
 * page, every one of them.
 */

export interface ReceiptData {
  record: PurchaseRecord & { id: string };
  numbers: readonly number[];
  /** The Pix's end-to-end id (E2E) as the PSP reported the payment; null when none was stored. */
  endToEndId: string | null;
  /** Where the campaign's pages are (lib/public-origin.ts linkOriginOf). */
  origin: string;
  cipher: BuyerCpfCipher;
  now: Date;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 48;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN - 14;
const LABEL_WIDTH = 150;
const NUMBER_SIZE = 10;
const NUMBER_GAP = 10;
const NUMBER_LINE = 15;

export const RECEIPT_TEXTS = {
  title: 'Comprovante de compra',
  numbers: (count: number) => `Seus números (${count})`,
  numbersContinued: 'Seus números (continuação)',
  verify: 'Resultado e como conferir o sorteio',
  issued: (when: string) => `Emitido em ${when} (horário de Brasília) por Rifaria.`,
  page: (n: number) => `Página ${n}`,
} as const;

/** The file's name: the campaign's link (a slug) and the purchase's number. */
export function receiptFileName(link: string, purchaseId: string): string {
  return `comprovante-${link.replace(/[^a-z0-9-]/gi, '')}-${purchaseId}.pdf`;
}

/** The receipt's label–value lines, in order (also what the tests read back). */
export function receiptFields(data: ReceiptData): [string, string][] {
  const { record } = data;
  const fields: [string, string][] = [
    ['Campanha', record.campaign_name],
    ['Organizador', record.organizer_name],
    ['Comprador', maskBuyerName(record.buyer_name)],
    ['CPF', data.cipher.masked(record.buyer_cpf_encrypted, record.buyer_cpf_key_id)],
    ['Telefone', maskBuyerPhone(record.buyer_phone)],
    ['Compra nº', record.id],
    ['Quantidade', `${formatInteger(record.total_tickets)} ${record.total_tickets === 1 ? 'número' : 'números'}`],
    ['Valor pago', formatBRL(record.total_cents)],
    ['Pago em', record.paid_at ? formatDateTime(record.paid_at) : '—'],
  ];
  if (data.endToEndId) fields.push(['Pix (identificador E2E)', data.endToEndId]);
  fields.push(['Sorteio', record.campaign_draw_at ? formatDateTime(record.campaign_draw_at) : 'Aguardando data']);
  return fields;
}

export async function drawPurchaseReceipt(data: ReceiptData): Promise<Buffer> {
  const { record } = data;
  const pdf = streamedPdf({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `${RECEIPT_TEXTS.title} ${record.id}`, Author: 'Rifaria' },
  });
  const { doc } = pdf;
  let page = 1;
  const footer = () => {
    doc.font('Helvetica').fontSize(8).fillColor('#666666');
    doc.text(RECEIPT_TEXTS.page(page), MARGIN, PAGE.height - MARGIN, {
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
    doc.fillColor('black');
  };
  const newPage = () => {
    footer();
    doc.addPage();
    page += 1;
    doc.y = MARGIN;
  };
  const ensure = (height: number) => {
    if (doc.y + height > BOTTOM) newPage();
  };

  doc.font('Helvetica-Bold').fontSize(18).text(RECEIPT_TEXTS.title, MARGIN, MARGIN, { width: CONTENT_WIDTH });
  doc.moveDown(0.8);

  for (const [label, value] of receiptFields(data)) {
    doc.font('Helvetica').fontSize(10);
    const text = pdfSafeText(value);
    const height = doc.heightOfString(text, { width: CONTENT_WIDTH - LABEL_WIDTH });
    ensure(height + 4);
    const y = doc.y;
    doc.fillColor('#555555').text(label, MARGIN, y, { width: LABEL_WIDTH - 8, lineBreak: false });
    doc
      .fillColor('black')
      .font('Helvetica-Bold')
      .text(text, MARGIN + LABEL_WIDTH, y, { width: CONTENT_WIDTH - LABEL_WIDTH });
    doc.y = y + height + 4;
  }

  // The draw's fairness, as 'Pagamento confirmado' shows it: the commitment to keep, or the Federal rule.
  const drawLines = drawReceiptLines(drawMethodOf(record.campaign_draw_type_id), record.campaign_draw_commitment);
  if (drawLines.length > 0) {
    doc.moveDown(0.6);
    for (const line of drawLines) {
      doc.font('Helvetica').fontSize(9);
      ensure(doc.heightOfString(line, { width: CONTENT_WIDTH }) + 4);
      doc.text(pdfSafeText(line), MARGIN, doc.y, { width: CONTENT_WIDTH });
      doc.moveDown(0.3);
    }
  }

  const verifyUrl = `${data.origin}/p/${record.campaign_link}/resultado`;
  doc.moveDown(0.6);
  ensure(32);
  doc.font('Helvetica-Bold').fontSize(10).text(RECEIPT_TEXTS.verify, MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.font('Helvetica').fontSize(10).fillColor('#1565c0');
  doc.text(fitText(doc, pdfSafeText(verifyUrl), CONTENT_WIDTH), MARGIN, doc.y, {
    width: CONTENT_WIDTH,
    link: verifyUrl,
    underline: true,
    lineBreak: false,
  });
  doc.fillColor('black');
  doc.y += 16;

  // Every number, in a grid of columns as wide as the campaign's numbers, over as many pages as it takes.
  doc.moveDown(0.8);
  ensure(24 + NUMBER_LINE);
  doc.font('Helvetica-Bold').fontSize(12).text(RECEIPT_TEXTS.numbers(data.numbers.length), MARGIN, doc.y);
  doc.moveDown(0.4);
  doc.font('Courier').fontSize(NUMBER_SIZE);
  const cells = data.numbers.map((n) => formatTicketNumber(n, record.campaign_total_tickets));
  const cellWidth = doc.widthOfString(cells[0] ?? '0') + NUMBER_GAP;
  const columns = Math.max(1, Math.floor((CONTENT_WIDTH + NUMBER_GAP) / cellWidth));
  let y = doc.y;
  for (let i = 0; i < cells.length; i += columns) {
    if (y + NUMBER_LINE > BOTTOM) {
      newPage();
      doc.font('Helvetica-Bold').fontSize(12).text(RECEIPT_TEXTS.numbersContinued, MARGIN, doc.y);
      doc.moveDown(0.4);
      doc.font('Courier').fontSize(NUMBER_SIZE);
      y = doc.y;
    }
    cells.slice(i, i + columns).forEach((cell, column) => {
      doc.text(cell, MARGIN + column * cellWidth, y, { lineBreak: false });
    });
    y += NUMBER_LINE;
  }
  doc.y = y + 8;

  ensure(20);
  doc.font('Helvetica').fontSize(8).fillColor('#666666');
  doc.text(RECEIPT_TEXTS.issued(formatDateTime(data.now)), MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.fillColor('black');
  footer();
  return pdf.finish();
}
