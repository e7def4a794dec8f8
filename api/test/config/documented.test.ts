import fs from 'node:fs';
import path from 'node:path';
import { REMOTES, REPO_ROOT } from '../../src/config';
import { configDocs } from '../../src/config/docs';
import { ALL_SETTINGS } from '../../src/config/settings';

/**
 * Every variable the API reads is declared once in api/src/config/settings.ts, and documented in .env.example and in
 * the README (issue 10: no setting is secret), both written from that declaration by `npm run config:docs`.
 */

const read = (file: string): string => fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
const declared = Object.keys(ALL_SETTINGS);

/** The first line where `committed` and `expected` differ, to point at. */
function firstDifference(committed: string, expected: string): string {
  const a = committed.split('\n');
  const b = expected.split('\n');
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: ${JSON.stringify((a[at] ?? '').slice(0, 120))}, expected ${JSON.stringify((b[at] ?? '').slice(0, 120))}`;
}

/** Names the configuration's code reads from the environment by hand (env.X, env['X'], opt(env, 'X')). */
function variablesReadByHand(): string[] {
  const dir = path.join(REPO_ROOT, 'api/src/config');
  const files = [path.join(REPO_ROOT, 'api/src/config.ts'), ...fs.readdirSync(dir).map((file) => path.join(dir, file))];
  const names = new Set<string>();
  const patterns = [/env\.([A-Z][A-Z0-9_]*)/g, /env\['([A-Z][A-Z0-9_]*)'\]/g, /\(env, '([A-Z][A-Z0-9_]*)'\)/g];
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of source.matchAll(pattern)) names.add(match[1]!);
  }
  return [...names].sort();
}

describe('documented settings', () => {
  it('should declare the variables the API reads', () => {
    expect(declared).toEqual(expect.arrayContaining(['TICKET_POOL_SECRET', 'TRUST_PROXY', 'REMOTE_MF_PUBLIC_URL']));
    // The remotes' URL overrides come from the registry of front ends.
    expect(declared).toEqual(expect.arrayContaining(REMOTES.map((remote) => remote.env)));
    expect(variablesReadByHand()).toEqual(expect.arrayContaining(['NODE_ENV', 'PIX_BACEN_BASE_URL']));
    expect(variablesReadByHand().filter((name) => !declared.includes(name))).toEqual([]);
  });

  it('should give every setting a one-line description', () => {
    const bad = declared.filter((name) => {
      const { description } = ALL_SETTINGS[name]!;
      return description.length < 5 || description.length > 1000 || /[\r\n]/.test(description);
    });
    expect(bad).toEqual([]);
  });

  it('should list every variable in .env.example', () => {
    const listed = new Set([...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
    expect(declared.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('should describe every variable in the README', () => {
    const readme = read('README.md');
    expect(declared.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('should have .env.example and the README table exactly as `npm run config:docs` writes them', () => {
    const stale = configDocs(read)
      .filter(({ file, content }) => read(file) !== content)
      .map(
        ({ file, content }) =>
          `${file} difere da declaração em api/src/config/settings.ts / differs from the declaration in ` +
          `api/src/config/settings.ts (${firstDifference(read(file), content)}): rode / run \`npm run config:docs\``,
      );
    expect(stale).toEqual([]);
  });
});
