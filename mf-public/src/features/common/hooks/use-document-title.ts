/** Sets the tab's title ('{title} | Rifaria', like the shell's pages) and puts the previous one back on unmount. */
import { useEffect } from 'react';
import { PRODUCT_NAME } from '@rifaria/shared/constants';

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
