/**
 * The server already sanitises campaign rules to b, strong, i, em, u, br and p without attributes. The page checks
 * again before using innerHTML (defence in depth: a bug or an old row on the server must not become XSS here).
 * A small tokenizer rather than DOMParser: the page is also drawn on the server (src/page/), where there is no DOM,
 * and both sides must produce the same markup. Only the allowed tags come out, rebuilt without attributes; any
 * other tag is dropped (keeping its text, or with its content for script-like ones); every '<' and '>' of the text
 * is escaped, so nothing else can open a tag.
 */
const ALLOWED = new Set(['b', 'strong', 'i', 'em', 'u', 'br', 'p']);
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'textarea',
  'title',
]);
/** Rules are bounded by the server (a few KB); anything past this is not shown. */
const MAX_LENGTH = 100_000;

const escapeText = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function sanitizeRulesHtml(html: string): string {
  const source = html.slice(0, MAX_LENGTH);
  if (!source.trim()) return '';
  const lower = source.toLowerCase();
  const tags = /<[^>]*>/g; // linear: one pass, no nesting
  let out = '';
  let at = 0;
  for (let match = tags.exec(source); match; match = tags.exec(source)) {
    out += escapeText(source.slice(at, match.index));
    at = match.index + match[0].length;
    const parsed = /^<(\/?)\s*([a-z][a-z0-9]*)/i.exec(match[0]);
    if (!parsed) continue; // a comment, a doctype, '<>'…
    const closing = parsed[1] === '/';
    const name = (parsed[2] ?? '').toLowerCase();
    if (!closing && DROPPED_WITH_CONTENT.has(name)) {
      const end = lower.indexOf(`</${name}`, at);
      if (end < 0) return out;
      const close = source.indexOf('>', end);
      at = close < 0 ? source.length : close + 1;
      tags.lastIndex = at;
    } else if (ALLOWED.has(name) && !(closing && name === 'br')) {
      out += closing ? `</${name}>` : `<${name}>`;
    }
  }
  return out + escapeText(source.slice(at));
}
