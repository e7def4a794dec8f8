import fs from 'node:fs';
import path from 'node:path';
import { REMOTES, REPO_ROOT } from '../../src/config';

/** Every variable the API reads is documented in .env.example and in the README (issue 10): no setting is secret. */
function variablesRead(): string[] {
  const source = fs.readFileSync(path.join(REPO_ROOT, 'api/src/config.ts'), 'utf8');
  const names = new Set<string>();
  const patterns = [
    /(?:intFrom|boolFrom|listFrom|urlFrom|percentFrom)\(env, '([A-Z][A-Z0-9_]*)'/g,
    /env\.([A-Z][A-Z0-9_]*)/g,
    /(?:opt|value)\('([A-Z][A-Z0-9_]*)'\)/g,
  ];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) names.add(match[1]!);
  // The remotes' URL overrides are read through the REMOTES table (built from the registry of front ends).
  for (const remote of REMOTES) names.add(remote.env);
  return [...names].sort();
}

describe('documented settings', () => {
  const read = variablesRead();

  it('should find the variables config.ts reads', () => {
    expect(read).toEqual(expect.arrayContaining(['TICKET_POOL_SECRET', 'TRUST_PROXY', 'REMOTE_MF_PUBLIC_URL']));
  });

  it('should list every variable in .env.example', () => {
    const example = fs.readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
    const listed = new Set([...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
    expect(read.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('should describe every variable in the README', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    expect(read.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });
});
