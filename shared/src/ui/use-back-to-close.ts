import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext, useLocation, useNavigate } from 'react-router-dom';

/** The key of history.state (react-router's `usr`) that marks the entry a dialog pushed. */
const MARKER = 'rifariaDialog';
let nextEntryId = 1;

function markerOf(state: unknown): unknown {
  return state !== null && typeof state === 'object' ? (state as Record<string, unknown>)[MARKER] : undefined;
}

/**
 * The browser's and the phone's Back button while a dialog is open act on the dialog, not on the page behind it.
 *
 * Opening pushes one history entry for the same address, marked in its state; Back pops it and calls `onBack`.
 * `onBack` closes the dialog (its entry is gone already), or returns false to stay open — a wizard going one step
 * back, or asking before it drops what was typed — and the entry is pushed again for the next Back.
 * Closing any other way (a button, Escape) takes the entry off again, so the history is what it was before the
 * dialog opened. A dialog closed by navigating to another page leaves its entry behind: Back from that page then
 * shows the page the dialog was on, which is where the person was.
 */
export function useBackToClose(open: boolean, onBack: () => boolean | void): void {
  const navigate = useNavigate();
  const location = useLocation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const latest = useRef({ location, onBack, navigate });
  latest.current = { location, onBack, navigate };
  /**
   * The entry this dialog pushed; `landed` once it is in the history (read from the router's history when it has one,
   * else once the router shows it); `from`, the rendered location it was pushed from.
   */
  const entry = useRef<{ id: number; landed: boolean; from: unknown } | null>(null);
  /** The history's current state as the router's history holds it now, or undefined when it does not say. */
  const liveState = (): { known: boolean; state: unknown } => {
    const live = (navigator as { location?: { state?: unknown } }).location;
    return live ? { known: true, state: live.state } : { known: false, state: undefined };
  };

  const pushEntry = () => {
    const { location: here, navigate: go } = latest.current;
    const id = nextEntryId++;
    const mine = { id, landed: false, from: here as unknown };
    entry.current = mine;
    const state = here.state !== null && typeof here.state === 'object' ? here.state : {};
    go({ pathname: here.pathname, search: here.search, hash: here.hash }, { state: { ...state, [MARKER]: id } });
    // The push is in the browser's history at once, but react-router renders it in a transition. On a slow phone a
    // Back pressed before that render lands makes React skip the pushed location altogether: read the history itself.
    const live = liveState();
    if (live.known && markerOf(live.state) === id) mine.landed = true;
  };

  // On closing, the entry is taken off only while it is still the history's current one, read from the router's
  // history itself: the rendered location can lag behind, since react-router applies navigations in a transition.
  // A click that closes the dialog AND navigates (onClose + navigate) renders "closed" while the old entry is still
  // on screen; going back then would undo that navigation.
  useEffect(() => {
    if (open && !entry.current) pushEntry();
    if (!open && entry.current) {
      const { id } = entry.current;
      entry.current = null;
      const live = liveState();
      const current = live.known ? live.state : latest.current.location.state;
      if (markerOf(current) === id) latest.current.navigate(-1);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only an opening or a closing acts
  }, [open]);

  useEffect(() => {
    const mine = entry.current;
    if (!open || !mine || location === mine.from) return;
    if (markerOf(location.state) === mine.id) {
      mine.landed = true;
      return;
    }
    if (!mine.landed) return;
    // Back (or any other move) took the page off this dialog's entry.
    entry.current = null;
    if (latest.current.onBack() === false) pushEntry();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reacts to history moves only
  }, [location]);
}
