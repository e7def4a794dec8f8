import { firstName, formatBRL, formatDateTime } from '@rifaria/shared/format';
import { DRAW_RECEIPT, drawReceiptLines } from '@rifaria/shared/schemas';
import { escapeHtml } from '../lib/html';

/**
 * The automatic messages to buyers (issue 14), plain pt-BR text for WhatsApp (and the 'payment confirmed' e-mail,
 * text plus simple HTML). Dates in São Paulo time; amounts from integer centavos.
 */

/** Numbers listed in a WhatsApp text before "e mais N" (a WhatsApp text stays far below the outbox's 4,096). */
const NUMBERS_TEXT_BUDGET = 2400;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const greeting = (name: string) => (firstName(name) ? `Olá, ${firstName(name)}!` : 'Olá!');

export interface ReservedNotice {
  buyerName: string;
  campaignName: string;
  count: number;
  amountCents: number;
  /** The Pix copy-and-paste code of the purchase's charge. */
  copyPasteCode: string;
  expiresAt: Date;
  checkoutUrl: string;
}

export function purchaseReservedText(notice: ReservedNotice): string {
  return [
    `${greeting(notice.buyerName)} Sua reserva na campanha "${notice.campaignName}" foi criada.`,
    '',
    `${plural(notice.count, 'número', 'números')}, total de ${formatBRL(notice.amountCents)}.`,
    `Pague com Pix até ${formatDateTime(notice.expiresAt)} (horário de Brasília); depois disso a reserva expira e os números são liberados.`,
    '',
    'Pix copia e cola:',
    notice.copyPasteCode,
    '',
    `Pagamento e seus números: ${notice.checkoutUrl}`,
  ].join('\n');
}

export interface PaidNotice {
  buyerName: string;
  campaignName: string;
  /** Formatted as on the checkout ('0042'), ascending. */
  numbers: string[];
  amountCents: number;
  checkoutUrl: string;
  /** The campaign's draw date, when it has one. */
  drawAt: Date | null;
  drawMethod: 'rifaria' | 'federal';
  /** 'Sorteio Rifaria': the commitment published before sales (lowercase hex SHA-256 of the seed). */
  commitment: string | null;
}

/** The numbers, as many as fit `budget` characters, then "e mais N". */
function numbersLine(numbers: string[], budget: number): string {
  let text = '';
  let shown = 0;
  for (const number of numbers) {
    const next = shown === 0 ? number : `${text}, ${number}`;
    if (next.length > budget) break;
    text = next;
    shown += 1;
  }
  const rest = numbers.length - shown;
  return rest > 0 ? `${text} e mais ${plural(rest, 'número', 'números')}` : text;
}

const drawLine = (drawAt: Date | null) =>
  drawAt ? `O sorteio está marcado para ${formatDateTime(drawAt)} (horário de Brasília).` : null;

export function paymentConfirmedText(notice: PaidNotice): string {
  return [
    `${greeting(notice.buyerName)} Recebemos o seu Pix de ${formatBRL(notice.amountCents)} na campanha "${notice.campaignName}".`,
    '',
    `Seus ${notice.numbers.length === 1 ? 'número da sorte' : 'números da sorte'}: ${numbersLine(notice.numbers, NUMBERS_TEXT_BUDGET)}`,
    ...[drawLine(notice.drawAt)].filter((line): line is string => line !== null),
    '',
    ...drawReceiptLines(notice.drawMethod, notice.commitment),
    '',
    `Seus números e o comprovante: ${notice.checkoutUrl}`,
    'Boa sorte!',
  ].join('\n');
}

function receiptHtml(notice: PaidNotice): string {
  if (notice.drawMethod === 'federal') return `<p>${escapeHtml(DRAW_RECEIPT.federal)}</p>\n`;
  if (!notice.commitment) return '';
  return `<p>${escapeHtml(DRAW_RECEIPT.commitmentTitle)}:<br><code style="font-family:monospace;word-break:break-all">${escapeHtml(notice.commitment)}</code><br>${escapeHtml(DRAW_RECEIPT.commitmentHint)}</p>\n`;
}

export function paymentConfirmedMail(notice: PaidNotice): { subject: string; text: string; html: string } {
  const subject = `Pagamento confirmado: ${notice.campaignName}`.slice(0, 200);
  const draw = drawLine(notice.drawAt);
  const numbers = notice.numbers.join(', ');
  const text = [
    greeting(notice.buyerName),
    '',
    `Recebemos o seu Pix de ${formatBRL(notice.amountCents)} na campanha "${notice.campaignName}".`,
    '',
    `Seus ${notice.numbers.length === 1 ? 'número da sorte' : 'números da sorte'}: ${numbers}`,
    ...(draw ? [draw] : []),
    '',
    ...drawReceiptLines(notice.drawMethod, notice.commitment),
    '',
    `Veja seus números a qualquer momento: ${notice.checkoutUrl}`,
    '',
    'Boa sorte!',
    'Equipe Rifaria',
  ].join('\n');
  const html = `<!doctype html>
<html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${escapeHtml(greeting(notice.buyerName))}</p>
<p>Recebemos o seu Pix de <strong>${escapeHtml(formatBRL(notice.amountCents))}</strong> na campanha <strong>${escapeHtml(notice.campaignName)}</strong>.</p>
<p>Seus ${notice.numbers.length === 1 ? 'número da sorte' : 'números da sorte'}:<br><strong style="font-family:monospace;font-size:16px">${escapeHtml(numbers)}</strong></p>
${draw ? `<p>${escapeHtml(draw)}</p>\n` : ''}${receiptHtml(notice)}<p><a href="${escapeHtml(notice.checkoutUrl)}" style="background:#16a34a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Ver meus números</a></p>
<p>Boa sorte!<br>Equipe Rifaria</p>
</body></html>`;
  return { subject, text, html };
}

export interface ReservationEndedNotice {
  buyerName: string;
  campaignName: string;
  count: number;
  campaignUrl: string;
  /** 'expired': the time to pay ran out; 'sales_closed': the campaign's draw came first. */
  reason: 'expired' | 'sales_closed';
}

export function reservationEndedText(notice: ReservationEndedNotice): string {
  const numbers = plural(notice.count, 'número', 'números');
  if (notice.reason === 'sales_closed') {
    return [
      `${greeting(notice.buyerName)} As vendas da campanha "${notice.campaignName}" foram encerradas para o sorteio antes do pagamento da sua reserva de ${numbers}, que foi cancelada.`,
      'Se o Pix ainda for pago, o valor é devolvido automaticamente.',
    ].join('\n');
  }
  return [
    `${greeting(notice.buyerName)} O prazo para pagar sua reserva de ${numbers} na campanha "${notice.campaignName}" terminou e os números foram liberados.`,
    'Se o Pix for pago mesmo assim, você recebe novos números enquanto houver, ou o valor de volta.',
    `Para participar de novo, faça uma nova reserva: ${notice.campaignUrl}`,
  ].join('\n');
}

export interface AmendmentNotice {
  campaignName: string;
  /** amendmentText() of shared/schemas: 'Alteração do regulamento em dd/mm: …'. */
  sentence: string;
  campaignUrl: string;
}

/** An amendment, to every buyer with a paid purchase (issue 30): the same words for all, no personal data. */
export function amendmentText(notice: AmendmentNotice): string {
  return [
    `Olá! A campanha "${notice.campaignName}", em que você tem números pagos, foi alterada.`,
    '',
    notice.sentence,
    '',
    `Seus números continuam valendo. Veja a campanha: ${notice.campaignUrl}`,
  ].join('\n');
}

export function amendmentMail(notice: AmendmentNotice): { subject: string; text: string; html: string } {
  const subject = `Alteração do regulamento: ${notice.campaignName}`.slice(0, 200);
  const text = [amendmentText(notice), '', 'Equipe Rifaria'].join('\n');
  const html = `<!doctype html>
<html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>Olá! A campanha <strong>${escapeHtml(notice.campaignName)}</strong>, em que você tem números pagos, foi alterada.</p>
<p>${escapeHtml(notice.sentence)}</p>
<p>Seus números continuam valendo.</p>
<p><a href="${escapeHtml(notice.campaignUrl)}" style="background:#16a34a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Ver a campanha</a></p>
<p>Equipe Rifaria</p>
</body></html>`;
  return { subject, text, html };
}
