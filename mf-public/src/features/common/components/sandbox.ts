import type { DrawResult } from '@rifaria/shared/types';

/** A draw made with the offline demo (sandbox beacon, or sandbox Federal prizes): not a real draw. */
export function isSandboxDraw(result: Pick<DrawResult, 'beacon' | 'federal'>): boolean {
  return result.beacon?.source === 'sandbox' || result.federal?.source === 'sandbox';
}

/** The short warning shown next to the winners of a sandbox draw (result page top, campaign 'Sorteio realizado'). */
export const SANDBOX_DRAW_NOTE = 'Sorteio de demonstração (sandbox): não vale como sorteio real.';
