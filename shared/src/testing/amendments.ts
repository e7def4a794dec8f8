/** An amendment after sales (issue 30), for the tests of the pages that list them. */
import type { CampaignAmendment } from '../types';

/** The draw moved a week later, on 28/11. */
export const POSTPONED_DRAW: CampaignAmendment = {
  id: 1,
  created_at: '2026-11-28T15:00:00.000Z',
  date_formatted: '28/11',
  note: 'Sorteio adiado uma semana',
  rules_changed: false,
  draw_date_before_formatted: '19/12/2026 às 20:00',
  draw_date_after_formatted: '26/12/2026 às 20:00',
};

/** How every page shows POSTPONED_DRAW. */
export const POSTPONED_DRAW_TEXT =
  'Alteração do regulamento em 28/11: Sorteio adiado uma semana. Nova data do sorteio: 26/12/2026 às 20:00 (antes: 19/12/2026 às 20:00).';
