// npm run typecheck: tsc --noEmit for every workspace that has a tsconfig.json.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, bin, run } from './lib.mjs';

const workspaces = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces;
let failed = 0;
for (const ws of workspaces) {
  if (!fs.existsSync(path.join(ROOT, ws, 'tsconfig.json'))) continue;
  const code = await run(bin('tsc'), ['-p', ws, '--noEmit'], { prefix: `[${ws}]` });
  console.log(`${ws}: ${code === 0 ? 'ok' : 'erros'}`);
  if (code !== 0) failed++;
}
process.exit(failed ? 1 : 0);
