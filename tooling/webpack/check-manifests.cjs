#!/usr/bin/env node
'use strict';
/**
 * After a build: checks every app's dist/mf-manifest.json against the ONE shared map.
 *   node tooling/webpack/check-manifests.cjs
 * - every shared entry of a manifest is covered by the map (a key, or a subpath of a 'pkg/' key);
 * - the remoteEntry/main runtime declares it singleton (the manifest leaves `singleton` out for subpath entries);
 * - the shell provides the singletons every remote consumes (so the shell's copy is the one used).
 * Webpack only lists what an app actually imports: a remote that does not use ky does not list ky.
 */
const fs = require('node:fs');
const path = require('node:path');
const { SINGLETONS } = require('./shared-map.cjs');
const { APPS } = require('./ports.cjs');

const ROOT = path.resolve(__dirname, '../..');
const covered = (name) => SINGLETONS.some((k) => (k.endsWith('/') ? name.startsWith(k) : name === k));
let failures = 0;
const byApp = {};
for (const app of APPS) {
  const file = path.join(ROOT, app.dir, 'dist/mf-manifest.json');
  if (!fs.existsSync(file)) {
    console.error(`✖ ${app.dir}: no dist/mf-manifest.json (build first)`);
    failures++;
    continue;
  }
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  // The share config compiled into the runtime: remoteEntry.js for a remote, the main entry for the host.
  const dist = path.join(ROOT, app.dir, 'dist');
  const entryName =
    app.kind === 'host'
      ? fs.readdirSync(dist).find((f) => /^main\.[^.]+\.js$/.test(f))
      : manifest.metaData.remoteEntry.name;
  const runtime = fs.readFileSync(path.join(dist, entryName), 'utf8');
  const isRuntimeSingleton = (name) => {
    const at = runtime.indexOf(`${JSON.stringify(name)}:[{`);
    return at >= 0 && /singleton:!0/.test(runtime.slice(at, runtime.indexOf('}]', at)));
  };
  const names = manifest.shared.map((s) => s.name).sort();
  byApp[app.dir] = names;
  for (const s of manifest.shared) {
    if (!covered(s.name)) {
      console.error(`✖ ${app.dir}: shares "${s.name}", which is not in tooling/webpack/shared-map.cjs`);
      failures++;
    }
    if (s.singleton !== true && !isRuntimeSingleton(s.name)) {
      console.error(`✖ ${app.dir}: "${s.name}" is not a singleton`);
      failures++;
    }
  }
  console.log(`✔ ${app.dir.padEnd(13)} ${names.length} shared: ${names.join(', ')}`);
}
const shell = new Set(byApp.shell ?? []);
for (const [dir, names] of Object.entries(byApp)) {
  if (dir === 'shell') continue;
  const missing = names.filter((n) => !shell.has(n) && !n.startsWith('@rifaria/shared'));
  if (missing.length)
    console.warn(
      `! ${dir} uses ${missing.join(', ')} which the shell does not provide (the remote's own copy is used)`,
    );
}
process.exit(failures ? 1 : 0);
