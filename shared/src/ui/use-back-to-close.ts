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
  /** The entry this dialog pushed; `landed` once the router shows it (the push is applied on the next render). */
  const entry = useRef<{ id: number; landed: boolean } | null>(null);

  const pushEntry = () => {
    const { location: here, navigate: go } = latest.current;
    const id = nextEntryId++;
    entry.current = { id, landed: false };
    const state = here.state !== null && typeof here.state === 'object' ? here.state : {};
    go({ pathname: here.pathname, search: here.search, hash: here.hash }, { state: { ...state, [MARKER]: id } });
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
      const live = (navigator as { location?: { state?: unknown } }).location;
      const current = live ? live.state : latest.current.location.state;
      if (markerOf(current) === id) latest.current.navigate(-1);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only an opening or a closing acts
  }, [open]);

  useEffect(() => {
    const mine = entry.current;
    if (!open || !mine) return;
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
