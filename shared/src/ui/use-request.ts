/**
 * The one way a screen loads data: `useRequest(load, deps)` runs `load` on mount and whenever `deps` change, and holds
 * its state as `{ status: 'loading' | 'ready' | 'error', data, error, reload }`.
 *
 * - Only the latest request writes: a slow earlier answer never overwrites a newer one.
 * - A request is aborted when a newer one starts or the component unmounts (`load` gets the AbortSignal; pass it to
 *   ky as `{ signal }`).
 * - `reload()` keeps the data on screen while it refreshes (`status` is 'loading', `data` the previous value).
 * - `setData` replaces what is shown after a mutation without a round trip.
 * - `initial` (optional) is an answer already in hand, e.g. the data a server-rendered page was drawn from: the first
 *   render is 'ready' with it and the first load is skipped; a change of `deps` loads as usual.
 *
 * The call itself is a function of the feature's `api/` folder (one function per endpoint, built on the shared `api`
 * client); this hook only holds its state.
 */
import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

export type RequestStatus = 'loading' | 'ready' | 'error';

export interface RequestState<T> {
  status: RequestStatus;
  /** The last answer (kept while reloading); null before the first one. */
  data: T | null;
  /** What the failed request threw (read it with readApiError / isHttpError); null otherwise. */
  error: unknown;
  reload: () => void;
  setData: (data: T | null) => void;
}

export function useRequest<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  initial?: T,
): RequestState<T> {
  const [state, setState] = useState<{ status: RequestStatus; data: T | null; error: unknown }>(() =>
    initial === undefined
      ? { status: 'loading', data: null, error: null }
      : { status: 'ready', data: initial, error: null },
  );
  const skipFirstLoad = useRef(initial !== undefined);
  const loadRef = useRef(load);
  loadRef.current = load;
  const current = useRef<AbortController | null>(null);

  const run = useCallback(() => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setState((previous) => ({ status: 'loading', data: previous.data, error: null }));
    loadRef.current(controller.signal).then(
      (data) => {
        if (current.current === controller) setState({ status: 'ready', data, error: null });
      },
      (error: unknown) => {
        if (current.current === controller) setState((previous) => ({ status: 'error', data: previous.data, error }));
      },
    );
  }, []);

  useEffect(() => {
    if (skipFirstLoad.current) skipFirstLoad.current = false;
    else run();
    return () => {
      current.current?.abort();
      current.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps decide when to load again
  }, deps);

  const setData = useCallback((data: T | null) => {
    current.current?.abort();
    current.current = null;
    setState({ status: 'ready', data, error: null });
  }, []);

  return { ...state, reload: run, setData };
}
