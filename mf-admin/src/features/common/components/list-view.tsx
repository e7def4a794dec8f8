/**
 * A console list: its states (Loaded), the table, and the pages under it when the answer is paged
 * ({items, total, page, per_page}).
 */
import type { ReactNode } from 'react';
import { Stack } from '@mui/material';
import { DataTable, type Column } from './data-table';
import { Loaded, type LoadState } from './loaded';
import { Pager } from './pager';

export interface Paged<T> {
  items: T[];
  /** A list that is not paged may leave it out. */
  total?: number;
  page?: number;
  per_page?: number;
}

/** What a list says: what it loads (for the error), its table's name, and its empty state. */
export interface ListTexts {
  what: string;
  table: string;
  empty: ReactNode;
}

export function ListView<T extends { id: string | number }>({
  state,
  texts,
  columns,
  onPage,
}: {
  state: LoadState<Paged<T>>;
  texts: ListTexts;
  columns: readonly Column<T>[];
  onPage?: (page: number) => void;
}) {
  return (
    <Loaded state={state} what={texts.what} isEmpty={(data) => data.items.length === 0} empty={texts.empty}>
      {(data) => (
        <Stack spacing={2}>
          <DataTable label={texts.table} rows={data.items} columns={columns} rowKey={(row) => row.id} />
          {onPage && data.page && data.per_page ? (
            <Pager page={data.page} perPage={data.per_page} total={data.total ?? data.items.length} onPage={onPage} />
          ) : null}
        </Stack>
      )}
    </Loaded>
  );
}
