// npm run bench -- lighthouse [--runs N] [--url http://host:porta] [--paginas /p/x,checkout,/login] [--json arquivo]
//
// Lighthouse 13 as PageSpeed Insights runs it on a phone: its default mobile settings (simulated slow 4G and 4x CPU
// slowdown, never overridden here), performance and accessibility only, in Debian's headless Chromium. Pages: the
// demo campaign that the server publishes at start, a real checkout (a buyer registered and a purchase made through
// the public API, as the reservation modal does) and /login. Each page runs N times; the median run is reported with
// the targets it misses. Figures only: the exit code is 1 only when something could not be measured.
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Flags, Result } from 'lighthouse';
import { cpfFromBase } from '../api/test/support/buyers';
import { paths } from '../shared/src/paths';
import { ROOT, startServer, type RunningServer } from './server';

const PORT = 8193;
/** /p/<link> of the campaign `npm start` publishes (api/src/demo.ts). */
const DEMO_LINK = 'rifa-demo-iphone-16-pro';
/** In --paginas, the checkout of a purchase made for the run (its hash is new every run). */
const CHECKOUT = 'checkout';
const DEFAULT_PAGES = [paths.publicCampaign.getHref(DEMO_LINK), CHECKOUT, paths.login.getHref()];
const DEFAULT_RUNS = 3;
const MAX_RUNS = 20;
const MAX_PAGES = 20;
/** One Lighthouse run waits at most 45 s for the load itself; beyond 120 s something is stuck. */
const RUN_TIMEOUT_MS = 120_000;
const API_TIMEOUT_MS = 15_000;
/** Tries of one run that Lighthouse could not trace (see runWithRetries). */
const ATTEMPTS = 3;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Headless, and no sandbox because the bench runs as root in the containers. Everything else is chrome-launcher's
// default set (no extensions, no first-run, no background networking...), the one the Lighthouse CLI uses.
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu'];

/** The targets of a buyer's page on a phone; JS over the wire is checked on /p pages only. */
const TARGETS = { score: 90, lcpSeconds: 2.5, tbtMs: 200, cls: 0.1, a11y: 95, jsKb: 150 };

/** A failure that stops the measurement, with the pt-BR message the user sees (no stack trace). */
class Unmeasurable extends Error {}

interface Options {
  runs: number;
  url: string | null;
  pages: string[];
  json: string | null;
}

/** The figures of one page's median run (times in ms, scores 0-100, bytes as received). */
interface Figures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  a11y: number;
  jsBytes: number;
  jsRequests: number;
}

export async function lighthouseBench(args: string[]): Promise<void> {
  try {
    await measure(parseOptions(args));
  } catch (error) {
    if (!(error instanceof Unmeasurable)) throw error;
    console.error(`\n${error.message}`);
    process.exitCode = 1;
  }
}

const USAGE =
  'uso: npm run bench -- lighthouse [--runs N] [--url http://host:porta] [--paginas /p/x,checkout,/login] [--json arquivo]';

function parseOptions(args: string[]): Options {
  const options: Options = { runs: DEFAULT_RUNS, url: null, pages: DEFAULT_PAGES, json: null };
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1]];
    if (value === undefined || value.length > 1000) throw new Unmeasurable(USAGE);
    if (flag === '--runs') options.runs = parseRuns(value);
    else if (flag === '--url') options.url = parseBaseUrl(value);
    else if (flag === '--paginas') options.pages = parsePages(value);
    else if (flag === '--json') options.json = value;
    else throw new Unmeasurable(USAGE);
  }
  return options;
}

function parseRuns(value: string): number {
  const runs = /^\d{1,2}$/.test(value) ? Number(value) : 0;
  if (runs < 1 || runs > MAX_RUNS) throw new Unmeasurable(`--runs deve ser um número de 1 a ${MAX_RUNS}.`);
  return runs;
}

/** Only the origin counts: the pages are paths on it. */
function parseBaseUrl(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Unmeasurable(
      `--url deve ser o endereço de um servidor, como http://localhost:8080 (recebido: ${value.slice(0, 200)}).`,
    );
  }
  return url.origin;
}

function parsePages(value: string): string[] {
  const pages = value.split(',').map((page) => page.trim());
  const valid = (page: string) => page === CHECKOUT || /^\/[\x21-\x7e]{0,199}$/.test(page);
  if (pages.length > MAX_PAGES || !pages.every(valid)) {
    throw new Unmeasurable(
      `--paginas: até ${MAX_PAGES} caminhos separados por vírgula (/p/link, /login) ou "checkout".`,
    );
  }
  return pages;
}

async function measure(options: Options): Promise<void> {
  let server: RunningServer | null = null;
  try {
    let baseUrl = options.url;
    if (!baseUrl) {
      server = await startBuiltServer();
      baseUrl = server.baseUrl;
    }
    await checkHealth(baseUrl);
    const results: { label: string; figures: Figures }[] = [];
    for (const page of options.pages) {
      const label = page === CHECKOUT ? paths.checkout.path : page;
      const target = page === CHECKOUT ? await checkoutPath(baseUrl, campaignLinkOf(options.pages)) : page;
      const lhr = await medianRun(baseUrl + target, label, options.runs);
      results.push({ label, figures: figuresOf(lhr) });
    }
    printTable(results, options.runs);
    printTargets(results);
    if (options.json) writeJson(options.json, results, options.runs);
  } finally {
    await server?.stop();
  }
}

/** The one-process server of `npm start`, which serves the front ends only once they are built. */
async function startBuiltServer(): Promise<RunningServer> {
  if (!fs.existsSync(path.join(ROOT, 'shell/dist/index.html'))) {
    throw new Unmeasurable(
      'Os front ends não estão compilados (falta shell/dist/index.html). Rode `npm run build` e tente de novo.',
    );
  }
  console.log(`iniciando o servidor na porta ${PORT}…`);
  return startServer(PORT);
}

async function checkHealth(baseUrl: string): Promise<void> {
  const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(API_TIMEOUT_MS) }).then(
    (res) => res.ok,
    () => false,
  );
  if (!ok) throw new Unmeasurable(`O servidor em ${baseUrl} não respondeu em /api/health.`);
}

/** The campaign the checkout buys from: the first /p/<link> measured, else the demo campaign. */
function campaignLinkOf(pages: string[]): string {
  for (const page of pages) {
    const link = /^\/p\/([\w-]{1,200})$/.exec(page)?.[1];
    if (link && link !== CHECKOUT) return link;
  }
  return DEMO_LINK;
}

/**
 * A real checkout: a new buyer (random valid CPF and mobile phone) registers and reserves 5 numbers, as the
 * reservation modal does (POST /public/buyers, then POST /public/purchases with an Idempotency-Key). The purchase
 * stays Pendente and expires by itself.
 */
async function checkoutPath(baseUrl: string, link: string): Promise<string> {
  const phone = `119${String(randomInt(100_000_000)).padStart(8, '0')}`;
  const suffix = randomUUID().slice(0, 8);
  await postJson(baseUrl, '/public/buyers', {
    name: 'Comprador Lighthouse',
    phone,
    cpf: cpfFromBase(String(randomInt(100_000_000, 1_000_000_000))),
    email: `lighthouse.${suffix}@example.com`,
  });
  const purchase = await postJson(
    baseUrl,
    '/public/purchases',
    { buyer_phone: phone, campaign_link: link, total_tickets: 5, payment_method_id: 1, terms_accepted: true },
    { 'idempotency-key': randomUUID() },
  );
  const hash = (purchase as { data?: { purchase_hash?: unknown } }).data?.purchase_hash;
  if (typeof hash !== 'string') throw new Unmeasurable('A compra foi criada sem purchase_hash na resposta.');
  return paths.checkout.getHref(hash);
}

async function postJson(
  baseUrl: string,
  route: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const res = await fetch(baseUrl + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(API_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw new Unmeasurable(`POST ${route} falhou: ${String(error)}`);
  });
  const text = (await res.text()).slice(0, 2000);
  if (res.status === 429) {
    throw new Unmeasurable(`POST ${route}: limite de requisições do servidor; aguarde um minuto e tente de novo.`);
  }
  if (res.status !== 200 && res.status !== 201) {
    throw new Unmeasurable(`POST ${route} respondeu ${res.status}: ${text.slice(0, 300)}`);
  }
  return JSON.parse(text) as unknown;
}

/**
 * Runs Lighthouse `runs` times on `url` and returns the median run, chosen by Lighthouse's own computeMedianRun
 * (the run closest to the median FCP and TTI, as PageSpeed Insights and lighthouse-ci do), or by the median
 * performance score when no run has both.
 */
async function medianRun(url: string, label: string, runs: number): Promise<Result> {
  const { computeMedianRun, filterToValidRuns } = await import('lighthouse/core/lib/median-run.js');
  const results: Result[] = [];
  for (let run = 1; run <= runs; run++) {
    const lhr = await runWithRetries(url, label);
    const score = lhr.categories.performance?.score;
    console.log(`  ${label}: execução ${run}/${runs}, desempenho ${score == null ? '?' : Math.round(score * 100)}`);
    results.push(lhr);
  }
  const valid = filterToValidRuns(results);
  if (valid.length) return computeMedianRun(valid);
  const byScore = results.slice().sort((a, b) => scoreOf(a, 'performance') - scoreOf(b, 'performance'));
  return byScore[Math.floor((byScore.length - 1) / 2)]!;
}

/**
 * A run that ends with a Lighthouse runtime error (NO_NAVSTART, NO_FCP…: the trace came out unusable, "run
 * Lighthouse again" says its message) is tried again, up to ATTEMPTS times; a timeout is not.
 */
async function runWithRetries(url: string, label: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const lhr = await runLighthouse(url, label);
    if (!lhr.runtimeError) return lhr;
    const error = `${label}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
    if (attempt === ATTEMPTS) throw new Unmeasurable(error);
    console.log(`  ${error}; tentando de novo`);
  }
}

/**
 * One Lighthouse run in a Chromium of its own (as the CLI does): no cache, cookie or compiled code carried from
 * another run. Chromium is killed whatever happens; a run past RUN_TIMEOUT_MS stops the bench.
 */
async function runLighthouse(url: string, label: string): Promise<Result> {
  // Dynamic imports: both are ES modules, loaded only by this benchmark.
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
  ]);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'error',
  });
  try {
    const flags: Flags = { port: chrome.port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
    const result = await withTimeout(lighthouse(url, flags), RUN_TIMEOUT_MS, label);
    const lhr = result?.lhr;
    if (!lhr) throw new Unmeasurable(`${label}: o Lighthouse não devolveu resultado.`);
    return lhr;
  } finally {
    chrome.kill();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  // After a timeout Chromium is killed and the abandoned run rejects: nobody is waiting for it any more.
  promise.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Unmeasurable(`${label}: o Lighthouse não terminou em ${ms / 1000} s.`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function scoreOf(lhr: Result, category: 'performance' | 'accessibility'): number {
  const score = lhr.categories[category]?.score;
  if (score == null) throw new Unmeasurable(`${lhr.finalDisplayedUrl}: sem nota de ${category}.`);
  return Math.round(score * 100);
}

function numericValue(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (value === undefined) throw new Unmeasurable(`${lhr.finalDisplayedUrl}: a auditoria ${audit} não tem valor.`);
  return value;
}

/**
 * JS over the wire: transferSize of the requests for JavaScript, i.e. the bytes the browser received (compressed or
 * not): the scripts, and the ones fetched ahead into the cache (the campaign page prefetches its app after load).
 */
function scriptRequests(lhr: Result): { bytes: number; count: number } {
  const details = lhr.audits['network-requests']?.details;
  const items = details?.type === 'table' ? (details.items as Record<string, unknown>[]) : [];
  const scripts = items.filter(
    (item) =>
      item.resourceType === 'Script' || (typeof item.mimeType === 'string' && item.mimeType.includes('javascript')),
  );
  const bytes = scripts.reduce((sum, item) => sum + (typeof item.transferSize === 'number' ? item.transferSize : 0), 0);
  return { bytes, count: scripts.length };
}

function figuresOf(lhr: Result): Figures {
  const js = scriptRequests(lhr);
  return {
    score: scoreOf(lhr, 'performance'),
    lcp: numericValue(lhr, 'largest-contentful-paint'),
    tbt: numericValue(lhr, 'total-blocking-time'),
    cls: numericValue(lhr, 'cumulative-layout-shift'),
    a11y: scoreOf(lhr, 'accessibility'),
    jsBytes: js.bytes,
    jsRequests: js.count,
  };
}

/** The figures as the table shows them; the targets are checked on these same roundings. */
function shown(figures: Figures) {
  return {
    score: String(figures.score),
    lcp: (figures.lcp / 1000).toFixed(1),
    tbt: String(Math.round(figures.tbt)),
    cls: figures.cls.toFixed(3),
    a11y: String(figures.a11y),
    js: (figures.jsBytes / 1024).toFixed(1),
    requests: String(figures.jsRequests),
  };
}

const COLUMNS: [string, number][] = [
  ['página', 32],
  ['desempenho', 10],
  ['LCP (s)', 8],
  ['TBT (ms)', 9],
  ['CLS', 6],
  ['acessibilidade', 14],
  ['JS transferido (KB)', 19],
  ['requisições JS', 14],
];

function printTable(results: { label: string; figures: Figures }[], runs: number): void {
  console.log(
    `\nLighthouse ${runs > 1 ? `(mediana de ${runs} execuções)` : '(1 execução)'}, celular, 4G lento + CPU 4x\n`,
  );
  const row = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(COLUMNS[i]![1]) : cell.padStart(COLUMNS[i]![1]))).join(' ');
  console.log(row(COLUMNS.map(([name]) => name)));
  for (const { label, figures } of results) {
    const s = shown(figures);
    console.log(row([label, s.score, s.lcp, s.tbt, s.cls, s.a11y, s.js, s.requests]));
  }
  console.log('');
}

function missedTargets(label: string, figures: Figures): string[] {
  const s = shown(figures);
  const missed: string[] = [];
  if (figures.score < TARGETS.score) missed.push(`desempenho ${s.score} < ${TARGETS.score}`);
  if (Number(s.lcp) > TARGETS.lcpSeconds) missed.push(`LCP ${s.lcp} s > ${TARGETS.lcpSeconds} s`);
  if (Number(s.tbt) > TARGETS.tbtMs) missed.push(`TBT ${s.tbt} ms > ${TARGETS.tbtMs} ms`);
  if (Number(s.cls) > TARGETS.cls) missed.push(`CLS ${s.cls} > ${TARGETS.cls}`);
  if (figures.a11y < TARGETS.a11y) missed.push(`acessibilidade ${s.a11y} < ${TARGETS.a11y}`);
  if (label.startsWith('/p/') && Number(s.js) > TARGETS.jsKb) missed.push(`JS ${s.js} KB > ${TARGETS.jsKb} KB`);
  return missed;
}

function printTargets(results: { label: string; figures: Figures }[]): void {
  for (const { label, figures } of results) {
    const missed = missedTargets(label, figures);
    console.log(missed.length ? `✘ ${label}: ${missed.join(', ')}` : `✔ ${label}: todas as metas`);
  }
}

function writeJson(file: string, results: { label: string; figures: Figures }[], runs: number): void {
  const pages = Object.fromEntries(results.map(({ label, figures }) => [label, figures]));
  fs.writeFileSync(file, `${JSON.stringify({ runs, pages }, null, 2)}\n`);
  console.log(`\nmedianas gravadas em ${file}`);
}
