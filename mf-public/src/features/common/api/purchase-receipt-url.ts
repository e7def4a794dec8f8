/**
 * GET /public/purchases/{hash}/comprovante.pdf: a paid purchase's receipt, made by the API (issue 30) and served as an
 * attachment. Not fetched here: the screens link to it (`<a href download>`) and the browser downloads it with the
 * device's buyer cookie, the only proof the API accepts; no PDF code on the buyer's phone.
 */
import { apiUrl } from '@rifaria/shared/api-client';

export function purchaseReceiptUrl(hash: string): string {
  return apiUrl(`/public/purchases/${encodeURIComponent(hash)}/comprovante.pdf`);
}

export const RECEIPT_LINK_TEXT = 'Baixar comprovante (PDF)';
