/**
 * The one sentence every page, message and file shows of an amendment (issue 30), apart from the organiser's
 * messages of amendment.ts: the buyer's campaign page carries only this.
 */
import type { CampaignAmendment } from '../types';

export const AMENDMENT_PUBLIC_TITLE = 'Alterações do regulamento';

/** 'Alteração do regulamento em 28/11: <note> Nova data do sorteio: 05/12/2026 às 20:00 (antes: 28/11/2026 às 20:00).' */
export function amendmentText(amendment: CampaignAmendment): string {
  const moved =
    amendment.draw_date_after_formatted !== null
      ? ` Nova data do sorteio: ${amendment.draw_date_after_formatted}` +
        (amendment.draw_date_before_formatted ? ` (antes: ${amendment.draw_date_before_formatted}).` : '.')
      : '';
  const note = /[.!?…]$/.test(amendment.note) ? amendment.note : `${amendment.note}.`;
  return `Alteração do regulamento em ${amendment.date_formatted}: ${note}${moved}`;
}
