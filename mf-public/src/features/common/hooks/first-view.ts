/**
 * The data the server rendered the buyer page from (FirstViewData, issue 15). The page's entries set it before the
 * first render: src/page/client.tsx from the JSON inlined in the page, src/page/server.tsx around renderToString
 * (synchronous, so one request's data never leaks into another's render). The hooks of the page's first screen start
 * from it, so the browser's first render draws exactly what the server sent (hydration) without a request.
 * Inside the shell (in-app navigation, tests) there is none and the hooks load as before.
 */
import { useEffect, useState } from 'react';
import type { FirstViewData, FirstViewReply, PublicCampaign, Purchase } from '@rifaria/shared/types';

let current: FirstViewData | null = null;
let hydrating = false;

export function setFirstView(data: FirstViewData | null): void {
  current = data;
}

/** Set by client.tsx when the page it starts holds the server's HTML (ServerDrawn keeps it while taking it over). */
export function setHydratingFirstView(value: boolean): void {
  hydrating = value;
}

/** True when the browser took over the HTML the server drew (ServerDrawn keeps it as it is while hydrating). */
export function isHydratingFirstView(): boolean {
  return hydrating;
}

/** The layout the server drew (a phone's or not); undefined when the page was not rendered by the server. */
export function firstViewMobile(): boolean | undefined {
  return current?.mobile;
}

/**
 * The reply the page was rendered with, for the screen that shows `key` (the campaign's link or the purchase's hash),
 * read once when the screen mounts. After that first screen has mounted the data is dropped: coming back to it later
 * (in-app navigation) loads fresh data.
 */
function useSeed<T>(pick: (data: FirstViewData) => { key: string; reply: T } | undefined, key: string): T | undefined {
  const [seed] = useState(() => {
    const entry = current ? pick(current) : undefined;
    return entry && entry.key === key ? entry.reply : undefined;
  });
  useEffect(() => {
    if (seed !== undefined && current) current = { ...current, campaign: undefined, purchase: undefined };
  }, [seed]);
  return seed;
}

export function useFirstViewCampaign(link: string): FirstViewReply<PublicCampaign> | undefined {
  return useSeed((data) => (data.campaign ? { key: data.campaign.link, reply: data.campaign.reply } : undefined), link);
}

export function useFirstViewPurchase(hash: string | null): FirstViewReply<Purchase> | undefined {
  return useSeed(
    (data) => (data.purchase ? { key: data.purchase.hash, reply: data.purchase.reply } : undefined),
    hash ?? '',
  );
}
