/**
 * A part of the buyer page that never changes once drawn (the prizes, the draw rule, the rules, the trust section).
 * When the page came drawn from the server, the browser keeps that HTML as it is instead of rendering the part again to
 * hydrate it: none of its components run and none of its styles are computed on a phone's busy first second (issue 15;
 * its styles are already in the head). Mounted any other way (in-app navigation, the shell, a page the server could not
 * draw) it renders its children. The kept HTML is the server's: a later change of the data does not redraw it, which is
 * why only parts that do not change while the page is open go in here.
 */
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { isHydratingFirstView } from '../hooks/first-view';

/** React neither compares nor replaces what is inside an element with dangerouslySetInnerHTML while hydrating it. */
const KEEP = { __html: '' };

const noSubscription = () => () => undefined;

export function ServerDrawn({ children }: { children: ReactNode }) {
  // True only in a render that takes over existing HTML (React reads the "server snapshot" then), whenever it comes:
  // a page inside <Suspense> is taken over after the rest of the page has committed.
  const takingOver = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  // …and only when that HTML is the server's first view (the server's own render takes over nothing).
  const [keep] = useState(() => takingOver && isHydratingFirstView());
  return keep ? (
    <div data-server-drawn="" suppressHydrationWarning dangerouslySetInnerHTML={KEEP} />
  ) : (
    <div data-server-drawn="">{children}</div>
  );
}
