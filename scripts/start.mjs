// npm start: builds the front ends that are missing or out of date, then runs ONE process
// (the API) that serves the API and every built front end on http://localhost:8080 (PORT overrides).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, run } from './lib.mjs';

const built = await run(process.execPath, [path.join(ROOT, 'scripts/build.mjs')]);
if (built !== 0) {
  console.error('\nFalha ao compilar os front ends (veja acima).');
  process.exit(built);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/server.ts')], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
