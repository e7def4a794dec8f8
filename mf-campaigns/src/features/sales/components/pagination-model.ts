import { PAGINATION_SIBLINGS } from '@rifaria/shared/constants';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The pages the sales pagination shows (spec section 9): the first, the last and those within 2 of the current,
 * with an ellipsis wherever pages are skipped. (6, 20) → 1 … 4 5 6 7 8 … 20.
 */
export function paginationModel(current: number, last: number, siblings: number = PAGINATION_SIBLINGS): PageItem[] {
  if (last < 1) return [];
  const page = Math.min(Math.max(1, current), last);
  const start = Math.max(2, page - siblings);
  const end = Math.min(last - 1, page + siblings);
  const items: PageItem[] = [1];
  if (start > 2) items.push('ellipsis-start');
  for (let n = start; n <= end; n++) items.push(n);
  if (end < last - 1) items.push('ellipsis-end');
  if (last > 1) items.push(last);
  return items;
}
