import { SECTIONS } from './settings';

/**
 * .env.example and the README's configuration table, written from the declaration (config/settings.ts) by
 * `npm run config:docs` (scripts/config-docs.mjs); api/test/config/documented.test.ts compares them with the
 * committed files.
 */

export const ENV_EXAMPLE = '.env.example';
export const README = 'README.md';
export const TABLE_BEGIN =
  '<!-- config:begin: written by `npm run config:docs` from api/src/config/settings.ts; edit that file, not this table -->';
export const TABLE_END = '<!-- config:end -->';

const WIDTH = 118;
const RULE = `# ${'-'.repeat(WIDTH - 6)}`;

/** `text` as comment lines of at most WIDTH characters (a longer word stays whole on its own line). */
function comment(text: string): string[] {
  const lines: string[] = [];
  let line = '#';
  for (const word of text.replaceAll('`', '').split(' ').filter(Boolean)) {
    if (line.length > 1 && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = '#';
    }
    line += ` ${word}`;
  }
  if (line.length > 1) lines.push(line);
  return lines;
}

const HEADER = [
  '# Rifaria — every setting the API reads, with its default.',
  '#',
  ...comment(
    '`npm start` needs none of them: with an empty environment it is the embedded demo (PGlite under DATA_DIR, sandbox Pix and KYC, demo data, secrets generated once under DATA_DIR).',
  ),
  '#',
  ...comment(
    'NODE_ENV=production is a deployment: it refuses to start, with one message listing every problem, until each setting of the first block is set and safe. The process reads the environment only (no .env file is loaded): copy this file, fill it in, and pass it with your service manager (systemd EnvironmentFile=, docker --env-file).',
  ),
  '#',
  ...comment(
    'Written by `npm run config:docs` from api/src/config/settings.ts, where each setting is declared once: edit that file, not this one.',
  ),
];

const FOOTER = [
  RULE,
  '# Docker Compose (docker/compose.yaml) only: not read by the API',
  RULE,
  ...comment(
    "The PostgreSQL container's password; compose writes it into the API processes' DATABASE_URL (letters and digits only, e.g. `openssl rand -hex 24`). Compose also sets DATABASE_URL, REDIS_URL, HOST, PORT, DATA_DIR, STORAGE_DIR, TRUST_PROXY, PIX_WEBHOOK_CLIENT_VERIFY_HEADER and BACKGROUND_JOBS for its topology (docker/README.md); nginx's own settings (NGINX_TLS_CERT…) can be added here too (scripts/nginx-conf.cjs).",
  ),
  'POSTGRES_PASSWORD=',
];

/** .env.example: every setting under its section, its description as a comment, then NAME=example. */
export function envExample(): string {
  const lines = [...HEADER];
  for (const section of SECTIONS) {
    lines.push('', RULE, `# ${section.title}`, ...(section.note ? comment(section.note) : []), RULE);
    for (const [name, setting] of Object.entries(section.settings)) {
      const sentence = setting.description.charAt(0).toUpperCase() + setting.description.slice(1);
      const fallback =
        setting.exampleIsDefault || setting.docDefault === '(unset)' ? '' : ` Default: ${setting.docDefault}.`;
      lines.push(...comment(`${sentence}.${fallback}`), `${name}=${setting.example}`);
    }
  }
  lines.push('', ...FOOTER);
  return `${lines.join('\n')}\n`;
}

/** Width as prettier counts it for a table cell (one per character: no wide characters are written here). */
const widthOf = (cell: string): number => [...cell].length;
const cellOf = (text: string): string => text.replaceAll('|', '\\|');

/** The README's table: one row per setting, aligned as prettier aligns a markdown table. */
export function readmeTable(): string {
  const rows = [
    ['variable', 'default', 'what'],
    ...SECTIONS.flatMap((section) =>
      Object.entries(section.settings).map(([name, setting]) =>
        [`\`${name}\``, setting.docDefault, setting.description].map(cellOf),
      ),
    ),
  ];
  const widths = [0, 1, 2].map((column) => Math.max(3, ...rows.map((row) => widthOf(row[column]!))));
  const line = (cells: string[]): string =>
    `| ${cells.map((cell, column) => cell + ' '.repeat(widths[column]! - widthOf(cell))).join(' | ')} |`;
  const [head, ...body] = rows;
  return [line(head!), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n');
}

/** `readme` with the block between the markers replaced by the table; an error when the markers are missing. */
export function withReadmeTable(readme: string): string {
  const begin = readme.indexOf(TABLE_BEGIN);
  const end = readme.indexOf(TABLE_END, begin);
  if (begin === -1 || end === -1) {
    throw new Error(`${README}: the markers ${TABLE_BEGIN} … ${TABLE_END} around the configuration table are missing`);
  }
  return `${readme.slice(0, begin)}${TABLE_BEGIN}\n\n${readmeTable()}\n\n${readme.slice(end)}`;
}

/** What the generator writes: each file (relative to the repo root) and its expected content. */
export function configDocs(read: (file: string) => string): { file: string; content: string }[] {
  return [
    { file: ENV_EXAMPLE, content: envExample() },
    { file: README, content: withReadmeTable(read(README)) },
  ];
}
