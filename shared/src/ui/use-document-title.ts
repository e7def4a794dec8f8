/**
 * Sets the tab's title ('{title} | Rifaria') for the shell's and the remotes' pages, and puts the previous one back
 * on unmount (a remote's page leaves no stale title behind). `null`: not known yet (still loading), nothing changes.
 */
import { useEffect } from 'react';
import { PRODUCT_NAME } from '../constants';

export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (!title) return undefined;
    const previous = document.title;
    document.title = `${title} | ${PRODUCT_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
