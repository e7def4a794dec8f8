/**
 * A list's query (filters and page) and its request: a filter change goes back to page 1. `load` gets the query and
 * the AbortSignal; the list reloads whenever the query changes.
 */
import { useState } from 'react';
import { useRequest } from '@rifaria/shared/ui';

export function useListQuery<Q extends Record<string, string>, T>(
  initial: Q,
  load: (query: Q & { page: number }, signal: AbortSignal) => Promise<T>,
) {
  const [query, setQuery] = useState({ ...initial, page: 1 });
  const request = useRequest((signal) => load(query, signal), [JSON.stringify(query)]);
  const filter = (changes: Partial<Q>) => setQuery((current) => ({ ...current, ...changes, page: 1 }));
  const goTo = (page: number) => setQuery((current) => ({ ...current, page }));
  return { query, request, filter, goTo };
}
