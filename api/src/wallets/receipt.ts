import { formatBRL, formatDateTime, maskAccountNumber } from '@rifaria/shared/format';
import { displayPixKey, PIX_KEY_TYPE_LABELS } from '@rifaria/shared/schemas';
import { pdfSafeText, streamedPdf } from '../lib/pdf';
import type { WalletTransfer } from './transfers';

/**
 * The receipt (comprovante) of a completed Pix transfer, as an A4 PDF (issue 30, item 11): amount, date and time in
 * São Paulo, the end-to-end id, the recipient as the PSP's directory answered at confirmation (a person's CPF masked
 * as the banks show it, '***.456.789-**'), the key, and the origin (the organiser and their account, masked).
 * Only ever built for the wallet's owner (TransfersService.getOwned).
 */

export const RECEIPT_TEXTS = {
  title: 'Comprovante de transferência Pix',
  amount: 'Valor',
  date: 'Data e hora',
  status: 'Situação',
  completed: 'Concluída',
  endToEnd: 'ID da transação (fim a fim)',
  recipient: 'Destinatário',
  name: 'Nome',
  document: 'CPF/CNPJ',
  bank: 'Instituição',
  key: 'Chave Pix',
  origin: 'Origem',
  holder: 'Titular',
  account: 'Conta digital Rifaria',
  description: 'Descrição',
  noLookup: 'Nome e instituição não informados pelo provedor de pagamentos.',
  sandbox: 'Transferência simulada no ambiente de testes (sandbox): nenhum dinheiro foi movimentado.',
  issued: (when: Date) => `Emitido pela Rifaria em ${formatDateTime(when)} (horário de Brasília).`,
} as const;

export const receiptFileName = (transfer: WalletTransfer) => `comprovante-pix-${transfer.id}.pdf`;

export interface ReceiptContext {
  holderName: string;
  accountNumber: string;
  /** The sandbox PSP: the receipt says nothing real moved. */
  sandbox: boolean;
  now?: Date;
}

export async function transferReceiptPdf(transfer: WalletTransfer, context: ReceiptContext): Promise<Buffer> {
  const { doc, finish } = streamedPdf({
    size: 'A4',
    margin: 56,
    info: { Title: RECEIPT_TEXTS.title, Author: 'Rifaria' },
  });
  const width = doc.page.width - 112;
  const heading = (text: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor('#111827').text(pdfSafeText(text), { width });
    doc.moveDown(0.3);
  };
  const field = (label: string, value: string) => {
    doc.font('Helvetica').fontSize(9).fillColor('#6b7280').text(pdfSafeText(label), { width });
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#111827').text(pdfSafeText(value), { width });
    doc.moveDown(0.4);
  };

  doc.font('Helvetica-Bold').fontSize(18).fillColor('#111827').text(RECEIPT_TEXTS.title, { width });
  doc.moveDown(0.6);
  field(RECEIPT_TEXTS.amount, formatBRL(Number(transfer.amount_cents)));
  field(RECEIPT_TEXTS.date, formatDateTime(transfer.updated_at));
  field(RECEIPT_TEXTS.status, RECEIPT_TEXTS.completed);
  field(RECEIPT_TEXTS.endToEnd, transfer.end_to_end_id ?? '—');

  heading(RECEIPT_TEXTS.recipient);
  if (transfer.recipient_name) {
    field(RECEIPT_TEXTS.name, transfer.recipient_name);
    if (transfer.recipient_document) field(RECEIPT_TEXTS.document, transfer.recipient_document);
    if (transfer.recipient_bank) {
      field(
        RECEIPT_TEXTS.bank,
        transfer.recipient_ispb
          ? `${transfer.recipient_bank} (ISPB ${transfer.recipient_ispb})`
          : transfer.recipient_bank,
      );
    }
  } else {
    doc.font('Helvetica').fontSize(10).fillColor('#374151').text(RECEIPT_TEXTS.noLookup, { width }).moveDown(0.4);
  }
  field(
    RECEIPT_TEXTS.key,
    `${displayPixKey(transfer.pix_key_type, transfer.pix_key)} (${PIX_KEY_TYPE_LABELS[transfer.pix_key_type]})`,
  );

  heading(RECEIPT_TEXTS.origin);
  field(RECEIPT_TEXTS.holder, context.holderName);
  field(RECEIPT_TEXTS.account, maskAccountNumber(context.accountNumber));
  if (transfer.description) field(RECEIPT_TEXTS.description, transfer.description);

  doc.moveDown(1);
  doc.font('Helvetica').fontSize(9).fillColor('#6b7280');
  if (context.sandbox) doc.text(RECEIPT_TEXTS.sandbox, { width });
  doc.text(RECEIPT_TEXTS.issued(context.now ?? new Date()), { width });
  return finish();
}
