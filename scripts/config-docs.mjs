// npm run config:docs: writes .env.example and the README's configuration table (between its config:begin and
// config:end markers) from the settings declared once in api/src/config/settings.ts. `--check` writes nothing and
// exits 1 when either file differs from what it would write (api/test/config/documented.test.ts does the same).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib.mjs';

const docs = await import(pathToFileURL(path.join(ROOT, 'api/src/config/docs.ts')).href);
const { configDocs } = docs.configDocs ? docs : docs.default;

const check = process.argv.includes('--check');
const read = (file) => fs.readFileSync(path.join(ROOT, file), 'utf8');
let stale = 0;
for (const { file, content } of configDocs(read)) {
  if (read(file) === content) continue;
  if (check) {
    stale += 1;
    console.error(`${file} está desatualizado / is out of date: rode / run \`npm run config:docs\`.`);
  } else {
    fs.writeFileSync(path.join(ROOT, file), content);
    console.log(`${file} escrito / written.`);
  }
}
if (!stale && check) console.log('.env.example e README.md em dia / up to date.');
process.exit(stale ? 1 : 0);
