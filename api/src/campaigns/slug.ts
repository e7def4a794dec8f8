/**
 * Public links: /p/<link>. Readable ('Rifa do Carro 0km!' → 'rifa-do-carro-0km'), unique ('-2', '-3' on a
 * collision), never one of the routes that live under /p/ themselves.
 */

export const RESERVED_LINKS: ReadonlySet<string> = new Set(['checkout']);
const MAX_LINK_BASE = 80;

export function slugify(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '') // accents, after NFD split them from their letters
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_LINK_BASE)
    .replace(/-+$/g, '');
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
