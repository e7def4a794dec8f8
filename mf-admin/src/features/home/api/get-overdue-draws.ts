/** GET /api/admin/overdue-draws (issue 32): campaigns still undrawn AUTO_DRAW_AFTER_HOURS after their draw date. */
import { api } from '@rifaria/shared/api-client';

export interface OverdueDraw {
  id: string;
  name: string;
  organiser: string;
  draw_type: 'rifaria' | 'federal';
  draw_at: string;
  hours_overdue: number;
  paid_purchases: number;
  /** What happens next: the worker draws it ('Sorteio Rifaria'), or Caixa's result is awaited (federal). */
  next: 'auto_draw' | 'federal_result';
}

export const getOverdueDraws = (signal: AbortSignal) =>
  api.get('/api/admin/overdue-draws', { signal }).json<{ items: OverdueDraw[]; auto_draw_after_hours: number }>();
