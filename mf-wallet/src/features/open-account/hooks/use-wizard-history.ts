import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** What a wizard keeps in `history.state`: its step, or 'guard' on the entry just before its first step. */
interface WizardEntry {
  wizardStep?: number | 'guard';
  /** The guard entry was reached from another page of the app (so "leave" is one step back). */
  fromApp?: boolean;
}

export interface WizardHistory {
  step: number;
  /** Back was pressed on the first step: the wizard is on its guard entry and must stay or leave. */
  atGuard: boolean;
  next: () => void;
  previous: () => void;
  /** Back to an earlier step (e.g. step 1 after a refused submission), popping the entries in between. */
  backTo: (step: number) => void;
  /** From the guard entry: back on the first step. */
  stay: () => void;
  /** From the guard entry: to the page before the wizard (or `fallback` when the wizard was the first page). */
  leave: () => void;
}

/**
 * A wizard whose steps are history entries, so the browser's (or the phone's) Back goes to the previous step.
 *
 * On arrival the current entry becomes a guard and the first step is pushed after it: Back on the first step lands
 * on the guard, where the page can ask before leaving (react-router's blockers need a data router; the shell uses
 * BrowserRouter). A reload keeps the step: it lives in history.state.
 */
export function useWizardHistory(stepCount: number, fallback: string): WizardHistory {
  const location = useLocation();
  const navigate = useNavigate();
  const entry = (location.state ?? {}) as WizardEntry;
  const marker = entry.wizardStep;
  const here = { pathname: location.pathname, search: location.search };
  const started = useRef(false);

  useEffect(() => {
    if (started.current || marker !== undefined) return;
    started.current = true;
    const target = { pathname: location.pathname, search: location.search };
    void navigate(target, { replace: true, state: { wizardStep: 'guard', fromApp: location.key !== 'default' } });
    void navigate(target, { state: { wizardStep: 0 } });
  }, [marker, location.pathname, location.search, location.key, navigate]);

  const step = typeof marker === 'number' ? Math.min(Math.max(Math.trunc(marker), 0), stepCount - 1) : 0;
  return {
    step,
    atGuard: marker === 'guard',
    next: () => void navigate(here, { state: { wizardStep: Math.min(step + 1, stepCount - 1) } }),
    previous: () => void (step > 0 ? navigate(-1) : undefined),
    backTo: (target: number) => void (target < step ? navigate(target - step) : undefined),
    stay: () => void navigate(here, { state: { wizardStep: 0 } }),
    leave: () => void (entry.fromApp ? navigate(-1) : navigate(fallback, { replace: true })),
  };
}
