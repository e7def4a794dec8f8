/**
 * Public links: /p/<link>. Readable ('Rifa do Carro 0km!' → 'rifa-do-carro-0km'), unique ('-2', '-3' on a
 * collision), never one of the routes that live under /p/ themselves.
 */

export const RESERVED_LINKS: ReadonlySet<string> = new Set(['checkout']);
const MAX_LINK_BASE = 80;
/** The shape every stored link has (CHECK of campaigns.link in 007_campaigns). */
const LINK_SHAPE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Whether a link typed or sent by anyone could be a campaign's. Anything else (a NUL byte, spaces, upper case) is
 * answered "not found" without a query: PostgreSQL refuses some of it as text, and a lookup shared by several
 * buyers must not fail because of one of them.
 */
export function isCampaignLink(link: string): boolean {
  return link.length <= 200 && LINK_SHAPE.test(link);
}

export function slugify(name: string): string {
  const slug = name
    // The plain text of a name typed with markup: '<b>negrito</b>' is 'negrito', not 'b-negrito-b'.
    .replace(/<\/?[a-z][^<>]*>/gi, ' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '') // accents, after NFD split them from their letters
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-') // from here on, no two dashes follow each other
    .replace(/^-|-$/g, '')
    .slice(0, MAX_LINK_BASE)
    .replace(/-$/, '');
  return slug || 'campanha';
}

/**
 * The first free candidate among base, base-2, base-3, … given the links already taken that start with base.
 * A reserved base starts at '-2' ('checkout-2').
 */
export function firstFreeLink(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!RESERVED_LINKS.has(base) && !used.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}
