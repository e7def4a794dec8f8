/**
 * The campaign a buyer last opened on this device (its page or a checkout of it), so a screen that does not know
 * its campaign (a broken checkout link, the public home) can still send the buyer back to it instead of the
 * organiser's login. Kept in localStorage: buyers come back from a WhatsApp link in a new tab.
 * No React here: the buyer page's boot script (src/page/boot.ts) remembers the campaign before the app loads.
 */

export interface LastCampaign {
  link: string;
  title: string;
}

const STORAGE_KEY = 'rifaria-last-campaign';
const LINK_MAX = 200;
const TITLE_MAX = 300;
/** The shape of a campaign link (api/src/campaigns/slug.ts); checked after the length. */
const LINK_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function isLastCampaign(value: unknown): value is LastCampaign {
  if (typeof value !== 'object' || value === null) return false;
  const { link, title } = value as Record<string, unknown>;
  return (
    typeof link === 'string' &&
    link.length <= LINK_MAX &&
    LINK_SHAPE.test(link) &&
    typeof title === 'string' &&
    title.length <= TITLE_MAX
  );
}

export function readLastCampaign(): LastCampaign | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw || raw.length > 1_000) return null;
    const value: unknown = JSON.parse(raw);
    return isLastCampaign(value) ? { link: value.link, title: value.title } : null;
  } catch {
    // Storage blocked (private mode, disabled cookies) or a value written by something else.
    return null;
  }
}

export function rememberCampaign(campaign: LastCampaign): void {
  const value = { link: campaign.link, title: campaign.title.slice(0, TITLE_MAX) };
  if (!isLastCampaign(value)) return;
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Nothing to do: the screens fall back to the public home.
  }
}
