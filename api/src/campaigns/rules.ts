import sanitizeHtml from 'sanitize-html';

/**
 * Campaign rules on the public page. The organiser writes them in the wizard as plain text with the editor's
 * markers (**bold**, *italic*, __underline__) and line breaks; older or hand-made rules may carry HTML. The page
 * renders the result as HTML, so it is reduced here to a whitelist (b, strong, i, em, u, br, p, no attributes)
 * by sanitize-html, a real HTML parser: anything else is dropped, keeping its text, and script/style contents go
 * entirely. The conversion runs on already-sanitised text and the result is sanitised again, so no marker can
 * smuggle markup in.
 */

export const RULES_ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'u', 'br', 'p'] as const;

const WHITELIST: sanitizeHtml.IOptions = {
  allowedTags: [...RULES_ALLOWED_TAGS],
  allowedAttributes: {},
  allowedSchemes: [],
  allowProtocolRelative: false,
  // Dropped together with their contents (sanitize-html keeps the text of other disallowed tags).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'svg'],
  disallowedTagsMode: 'discard',
};

const BLOCK_MARKUP = /<(p|br)\b/i;

/** **bold**, __underline__, *italic* within one line (the wizard's markers; see mf-campaigns rules-markers.ts). */
function markersToTags(line: string): string {
  return line
    .replace(/\*\*(?=\S)([^*]+?)\*\*/g, '<strong>$1</strong>')
    .replace(/__(?=\S)([^_]+?)__/g, '<u>$1</u>')
    .replace(/\*(?=\S)([^*]+?)\*/g, '<em>$1</em>');
}

/** Blank lines separate paragraphs, single line breaks become <br>. */
function textToParagraphs(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split('\n').map(markersToTags).join('<br>')}</p>`)
    .join('');
}

/** The public, safe HTML of a campaign's rules; '' when nothing visible is left (the page shows its default text). */
export function publicRulesHtml(rules: string | null | undefined): string {
  const safe = sanitizeHtml(rules ?? '', WHITELIST);
  const html = BLOCK_MARKUP.test(safe) ? safe.split('\n').map(markersToTags).join('\n') : textToParagraphs(safe);
  const out = sanitizeHtml(html, WHITELIST).trim();
  // Only empty tags or whitespace left (e.g. rules that were all <script>): nothing to show. A tag stops at the
  // next '<' too, so a run of them is walked once (sanitised text has none inside a tag: no attributes are kept).
  return out.replace(/<[^<>]*>|&nbsp;|\s/g, '') === '' ? '' : out;
}
