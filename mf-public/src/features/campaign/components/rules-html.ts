/**
 * The server already sanitises campaign rules to b, strong, i, em, u, br and p without attributes. The page checks
 * again before using innerHTML (defence in depth: a bug or an old row on the server must not become XSS here).
 */
const ALLOWED = new Set(['B', 'STRONG', 'I', 'EM', 'U', 'BR', 'P']);
const DROPPED_WITH_CONTENT = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
  'SVG',
  'MATH',
]);

function clean(node: Node, into: Node, doc: Document): void {
  node.childNodes.forEach((child) => {
    if (child.nodeType === Node.TEXT_NODE) {
      into.appendChild(doc.createTextNode(child.textContent ?? ''));
      return;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) return;
    const tag = (child as Element).tagName.toUpperCase();
    if (DROPPED_WITH_CONTENT.has(tag)) return;
    if (ALLOWED.has(tag)) {
      const copy = doc.createElement(tag.toLowerCase());
      into.appendChild(copy);
      clean(child, copy, doc);
    } else {
      // Any other element (a, img, div…) keeps only its text.
      clean(child, into, doc);
    }
  });
}

export function sanitizeRulesHtml(html: string): string {
  if (!html.trim()) return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const out = doc.createElement('div');
  clean(doc.body, out, doc);
  return out.innerHTML;
}
