import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/**
 * A real SMTP server on a local port (smtp-server, the library nodemailer's own tests use) that keeps what it
 * receives: the delivery worker is tested over the wire, as it talks to a production server. Plain SMTP with AUTH
 * (no STARTTLS: the worker sends no password in clear except to a loopback host, see mail/smtp.ts).
 */

export interface ReceivedMail {
  /** SMTP envelope. */
  mailFrom: string;
  rcptTo: string[];
  /** Who logged in (AUTH), null without. */
  user: string | null;
  /** Header names lower-cased, values unfolded and decoded (RFC 2047). */
  headers: Record<string, string>;
  text: string | null;
  html: string | null;
  raw: string;
}

/** The reply to the next message's DATA: null accepts it, otherwise that SMTP code and text. */
export type Verdict = { code: number; message: string } | null;

export interface TestSmtpServer {
  url: string;
  port: number;
  /** Accepted messages, in order. */
  received: ReceivedMail[];
  /** Every DATA the server got, accepted or refused. */
  attempts: number;
  /** Decides each message's fate (default: accept). */
  verdict: () => Verdict;
  /** Delay before answering DATA (to make two workers overlap). */
  delayMs: number;
  close(): Promise<void>;
}

export const SMTP_USER = 'rifaria';
export const SMTP_PASSWORD = 'segredo-smtp';

export async function startSmtpServer(host = '127.0.0.1'): Promise<TestSmtpServer> {
  const state = {
    received: [] as ReceivedMail[],
    attempts: 0,
    verdict: (() => null) as () => Verdict,
    delayMs: 0,
  };
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }));
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.attempts += 1;
        const raw = Buffer.concat(chunks).toString('utf8');
        const verdict = state.verdict();
        setTimeout(() => {
          if (verdict) {
            callback(Object.assign(new Error(verdict.message), { responseCode: verdict.code }));
            return;
          }
          state.received.push({
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            user: typeof session.user === 'string' ? session.user : null,
            raw,
            ...parseMessage(raw),
          });
          callback(null);
        }, state.delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return Object.assign(state, {
    port,
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@${host}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

// A small MIME reader: enough for what nodemailer writes (one text part, or multipart/alternative text + html).

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), adjacent ones joined. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_word, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const input = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < input.length; i += 1) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function parseMessage(raw: string): Pick<ReceivedMail, 'headers' | 'text' | 'html'> {
  const { headers, body } = splitHeaders(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const parts: { headers: Record<string, string>; body: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      parts.push(splitHeaders(chunk.replace(/^\r\n/, '')));
    }
  } else {
    parts.push({ headers, body });
  }
  const partOf = (mime: string) => {
    const part = parts.find((each) => (each.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(mime));
    // Lines end in CRLF on the wire; the stored message has LF.
    return part ? decodeBody(part.headers, part.body).replace(/\r\n/g, '\n').replace(/\n$/, '') : null;
  };
  return { headers, text: partOf('text/plain'), html: partOf('text/html') };
}
