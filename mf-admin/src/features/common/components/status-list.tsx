/**
 * A list filtered by one choice (a queue's status): the choice's buttons over the list, the empty text of each
 * choice, paging when `paged`. `columns` gets `reload`, for the rows' actions. Rows are keyed by their id.
 */
import type { ReactNode } from 'react';
import { ChoiceFilter } from './choice-filter';
import { ListView, type ListTexts, type Paged } from './list-view';
import type { Column } from './data-table';
import { useListQuery } from '../hooks/use-list-query';

export interface StatusListTexts extends Omit<ListTexts, 'empty'> {
  /** The choices' group name ('Situação'). */
  filter: string;
}

/** Each choice: its button's text and what the list says when it is empty. */
export type Statuses<S extends string> = Readonly<Record<S, { label: string; empty: ReactNode }>>;

export function StatusList<S extends string, T extends { id: string | number }>(props: {
  texts: StatusListTexts;
  statuses: Statuses<S>;
  initial: S;
  load: (query: { status: S; page: number }, signal: AbortSignal) => Promise<Paged<T>>;
  columns: (reload: () => void) => readonly Column<T>[];
  paged?: boolean;
}) {
  const list = useListQuery({ status: props.initial }, props.load);
  const { status } = list.query;
  const labels = Object.fromEntries(
    Object.entries(props.statuses).map(([key, value]) => [key, (value as { label: string }).label]),
  );
  return (
    <>
      <ChoiceFilter
        label={props.texts.filter}
        value={status}
        choices={labels as Record<S, string>}
        onChange={(next) => list.filter({ status: next } as never)}
      />
      <ListView
        state={list.request}
        texts={{ ...props.texts, empty: props.statuses[status].empty }}
        columns={props.columns(list.request.reload)}
        {...(props.paged ? { onPage: list.goTo } : {})}
      />
    </>
  );
}
