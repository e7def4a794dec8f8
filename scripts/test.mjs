// npm test: every workspace's tests, then one closing line "N passed, N failed".
//  1. front-end suites (jest projects: shared, shell, remotes) in jsdom;
//  2. the API suite on PGlite, and again on PostgreSQL when DATABASE_URL is set;
//  3. the browser journeys (Playwright + Debian Chromium) when Chromium exists: with DATABASE_URL, through
//     `npm run staging` (Debian's nginx, two API processes and the worker on that PostgreSQL) plus the deploy tests
//     of e2e/tests/staging; otherwise against one process on PGlite.
// RIFARIA_TEST_SUMMARY_FILE, when set, receives the totals as JSON (used by .ci/run).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, bin, run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rifaria-test-'));
const results = [];

function readJest(label, file, code) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    // A suite that fails to run (syntax error, missing module) has no test results: count it as a failure.
    const counted = report.numFailedTests + report.numRuntimeErrorTestSuites;
    // A non-zero exit with nothing counted as failed (a crash outside the tests) still fails the run.
    const failed = counted || (code !== 0 ? 1 : 0);
    const note = failed > counted ? `saída ${code} sem teste falho: veja acima` : undefined;
    results.push({
      label,
      passed: report.numPassedTests,
      failed,
      skipped: report.numPendingTests + report.numTodoTests,
      note,
    });
  } catch {
    results.push({ label, passed: 0, failed: 1, skipped: 0, note: `sem relatório (saída ${code})` });
  }
}

async function jest(label, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const out = path.join(tmp, `${label.replace(/\W+/g, '-')}.json`);
  const code = await run(bin('jest'), ['--ci', '--json', `--outputFile=${out}`, ...args], { env });
  readJest(label, out, code);
}

// RIFARIA_TEST_POSTGRES_ONLY=1 (with DATABASE_URL): only what depends on PostgreSQL, the API suite on it and the
// journeys through staging. .ci/run's second pass sets it: its first pass ran the front-end suites and the API on
// PGlite, which do not change with DATABASE_URL (the front ends never see a database).
const POSTGRES_ONLY = Boolean(process.env.DATABASE_URL) && process.env.RIFARIA_TEST_POSTGRES_ONLY === '1';
if (POSTGRES_ONLY)
  console.log('RIFARIA_TEST_POSTGRES_ONLY=1: front-end suites and the API on PGlite left to the PGlite pass');
else {
  await jest('front-end (jest)', ['-c', path.join(ROOT, 'jest.config.js')], { DATABASE_URL: '' });
  await jest('api (PGlite)', ['-c', path.join(ROOT, 'api/jest.config.js'), '--runInBand'], { DATABASE_URL: '' });
}
if (process.env.DATABASE_URL) {
  await jest('api (PostgreSQL)', ['-c', path.join(ROOT, 'api/jest.config.js'), '--runInBand']);
}

if (fs.existsSync(CHROMIUM)) {
  const staging = Boolean(process.env.DATABASE_URL) && fs.existsSync(NGINX);
  console.log(`\n=== e2e (Chromium${staging ? ', through npm run staging' : ''}) ===`);
  if (process.env.DATABASE_URL && !staging) {
    console.log(`nginx not found (${NGINX}; apt-get install -y nginx): the journeys run against one process`);
  }
  const built = await run(process.execPath, [path.join(ROOT, 'scripts/build.mjs')]);
  if (built !== 0) {
    results.push({ label: 'e2e (Chromium)', passed: 0, failed: 1, skipped: 0, note: 'build falhou' });
  } else {
    const out = path.join(tmp, 'e2e.json');
    const code = await run(bin('playwright'), ['test', '-c', path.join(ROOT, 'e2e/playwright.config.ts')], {
      env: {
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
        CHROMIUM_PATH: CHROMIUM,
        E2E_TOPOLOGY: staging ? 'staging' : '',
      },
    });
    try {
      const { stats } = JSON.parse(fs.readFileSync(out, 'utf8'));
      // A run that could not start (a port in use, a server that never answered) reports no test at all: its exit
      // code is what says it failed.
      const failed = stats.unexpected || (code !== 0 ? 1 : 0);
      const note = failed > stats.unexpected ? `saída ${code} sem teste falho: veja acima` : undefined;
      results.push({
        label: 'e2e (Chromium)',
        passed: stats.expected + stats.flaky,
        failed,
        skipped: stats.skipped,
        note,
      });
    } catch {
      results.push({
        label: 'e2e (Chromium)',
        passed: 0,
        failed: 1,
        skipped: 0,
        note: `sem relatório (saída ${code})`,
      });
    }
  }
} else {
  console.log(`\ne2e skipped: no chromium (${CHROMIUM} not found; apt-get install -y chromium)`);
}

console.log('\n=== resumo ===');
for (const r of results) {
  console.log(
    `${r.label.padEnd(20)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${r.note ? ` (${r.note})` : ''}`,
  );
}
const total = results.reduce(
  (acc, r) => ({ passed: acc.passed + r.passed, failed: acc.failed + r.failed, skipped: acc.skipped + r.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
if (process.env.RIFARIA_TEST_SUMMARY_FILE)
  fs.writeFileSync(process.env.RIFARIA_TEST_SUMMARY_FILE, JSON.stringify(total));
fs.rmSync(tmp, { recursive: true, force: true });
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
