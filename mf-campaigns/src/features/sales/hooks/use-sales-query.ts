/** The sales table's query: filters, sorting and pagination. Any change but a page turn goes back to page 1. */
import { useMemo, useState } from 'react';
import { SALES_DEFAULT_PAGE_SIZE, SALES_DEFAULT_SORT } from '@rifaria/shared/constants';
import type { PurchaseStatusId } from '@rifaria/shared/types';
import type { SalesQuery, SalesSortBy, SortOrder } from '../api/get-sales';

export interface SalesFilters {
  buyerSearch: string;
  statuses: PurchaseStatusId[];
}

export const NO_FILTERS: SalesFilters = { buyerSearch: '', statuses: [] };

export function useSalesQuery() {
  const [filters, setFilters] = useState<SalesFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(SALES_DEFAULT_PAGE_SIZE);
  const [sortBy, setSortBy] = useState<SalesSortBy>(SALES_DEFAULT_SORT.sort_by);
  const [sortOrder, setSortOrder] = useState<SortOrder>(SALES_DEFAULT_SORT.sort_order);

  const query: SalesQuery = useMemo(
    () => ({ ...filters, page, perPage, sortBy, sortOrder }),
    [filters, page, perPage, sortBy, sortOrder],
  );

  return {
    query,
    filters,
    /** Whether a search or a status narrows the table (the 'Filtros ativos' chip). */
    active: filters.buyerSearch.trim() !== '' || filters.statuses.length > 0,
    setPage,
    applyFilters: (next: SalesFilters) => {
      setFilters(next);
      setPage(1);
    },
    changePerPage: (size: number) => {
      setPerPage(size);
      setPage(1);
    },
    /** A click on a column: the same column flips the order, another one sorts ascending by it. */
    sortOn: (column: SalesSortBy) => {
      if (column === sortBy) setSortOrder((order) => (order === 'asc' ? 'desc' : 'asc'));
      else {
        setSortBy(column);
        setSortOrder('asc');
      }
      setPage(1);
    },
  };
}
