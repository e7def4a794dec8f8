import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Link } from '@mui/material';

/**
 * http(s) addresses in a mail's text. One pass, no nested quantifiers (linear on any input); the characters that
 * cannot be part of a bare URL in our templates (spaces, quotes, angle brackets) end it.
 */
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
/** Punctuation that closes a sentence rather than the address ('…?token=abc.' ends at 'abc'). */
const TRAILING_PUNCTUATION = new Set(['.', ',', ';', ':', '!', '?', ')', ']']);

function withoutTrailingPunctuation(url: string): string {
  let end = url.length;
  while (end > 0 && TRAILING_PUNCTUATION.has(url[end - 1]!)) end -= 1;
  return url.slice(0, end);
}

type Segment = { kind: 'text'; value: string } | { kind: 'link'; href: string };

export function splitLinks(text: string): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const href = withoutTrailingPunctuation(match[0]);
    const start = match.index ?? 0;
    if (start > last) segments.push({ kind: 'text', value: text.slice(last, start) });
    segments.push({ kind: 'link', href });
    last = start + href.length;
  }
  if (last < text.length) segments.push({ kind: 'text', value: text.slice(last) });
  return segments;
}

/** A link of this app stays in it (no reload); any other opens in a new tab. */
function MailLink({ href }: { href: string }) {
  let url: URL | null = null;
  try {
    url = new URL(href);
  } catch {
    return <>{href}</>;
  }
  if (url.origin === window.location.origin) {
    return (
      <Link component={RouterLink} to={`${url.pathname}${url.search}${url.hash}`}>
        {href}
      </Link>
    );
  }
  return (
    <Link href={url.href} target="_blank" rel="noopener noreferrer">
      {href}
    </Link>
  );
}

/** The plain-text version of a mail, line breaks kept and addresses clickable. */
export function MailText({ text }: { text: string }) {
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        fontFamily: 'inherit',
        fontSize: '0.95rem',
        lineHeight: 1.6,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {splitLinks(text).map((segment, index) =>
        segment.kind === 'text' ? (
          <Fragment key={index}>{segment.value}</Fragment>
        ) : (
          <MailLink key={index} href={segment.href} />
        ),
      )}
    </Box>
  );
}
