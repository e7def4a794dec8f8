import { DRAFT_CARD_MAX_PRIZES } from '@rifaria/shared/constants';
import type { Award } from '@rifaria/shared/types';

/** The draft card's prizes: the first two by position, then '+N prêmio(s) mais' for the rest. */
export function prizesSummary(awards: Award[]): { shown: Award[]; more: string | null } {
  const sorted = [...awards].sort((a, b) => a.position - b.position);
  const rest = sorted.length - DRAFT_CARD_MAX_PRIZES;
  return { shown: sorted.slice(0, DRAFT_CARD_MAX_PRIZES), more: rest > 0 ? `+${rest} prêmio(s) mais` : null };
}
