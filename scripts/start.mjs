// npm start: builds the front ends that are missing or out of date, then runs ONE process
// (the API) that serves the API and every built front end on http://localhost:8080 (PORT overrides).
// The environment is passed through untouched: with nothing set this is the embedded demo (PGlite, sandbox
// adapters, demo data, secrets generated under DATA_DIR); NODE_ENV=production asks for a deployment, which
// refuses to start until every required setting is there (see .env.example).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, run } from './lib.mjs';

const serverEntry = ['--import', 'tsx', path.join(ROOT, 'api/src/server.ts')];

// A deployment with missing settings is refused before minutes of building, with the same message.
if (process.env.NODE_ENV === 'production') {
  const checked = await run(process.execPath, [...serverEntry, '--check-config']);
  if (checked !== 0) process.exit(checked);
}

const built = await run(process.execPath, [path.join(ROOT, 'scripts/build.mjs')]);
if (built !== 0) {
  console.error('\nFalha ao compilar os front ends (veja acima).');
  process.exit(built);
}

const server = spawn(process.execPath, serverEntry, {
  cwd: ROOT,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
