// What a newcomer's first `npm start` must give, checked from outside over HTTP (.ci/run calls this):
//   node scripts/newcomer-check.mjs <start-log-file> [timeout-seconds]
// 1. waits for the URL the start command prints ("Rifaria is running at …");
// 2. /login serves the shell (HTML with the app's root element);
// 3. the demo campaign's public API answers;
// 4. one number is bought through the public API (a new buyer, a purchase, the sandbox Pix paid) and shows as Pago.
// Exit 0 when all hold; otherwise 1 with the step that failed (and the end of the start log).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';

const [logFile, timeoutArg] = process.argv.slice(2);
if (!logFile) {
  console.error('uso: node scripts/newcomer-check.mjs <arquivo-de-log-do-npm-start> [segundos]');
  process.exit(2);
}
const deadline = Date.now() + Number(timeoutArg ?? 600) * 1000;
const DEMO_LINK = 'rifa-demo-iphone-16-pro';

function fail(step, detail) {
  console.error(`✘ ${step}: ${detail}`);
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
  console.error(`--- últimas linhas de ${logFile} ---\n${log.split('\n').slice(-40).join('\n')}`);
  process.exit(1);
}
const ok = (step) => console.log(`✔ ${step}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForUrl() {
  while (Date.now() < deadline) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    const match = /Rifaria is running at (https?:\/\/\S+)/.exec(log);
    if (match) return match[1];
    if (/Falha ao compilar|failed to start|refuses to start/.test(log)) fail('npm start', 'o processo parou');
    await sleep(1000);
  }
  return fail('npm start', 'a URL não apareceu a tempo');
}

async function call(step, url, init = {}) {
  let response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    return fail(step, `${url}: ${error.message}`);
  }
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', text };
}

async function json(step, url, init, expected) {
  const reply = await call(step, url, init);
  if (!expected.includes(reply.status)) fail(step, `HTTP ${reply.status} (esperado ${expected.join(' ou ')}): ${reply.text.slice(0, 300)}`);
  try {
    return JSON.parse(reply.text);
  } catch {
    return fail(step, `resposta não é JSON: ${reply.text.slice(0, 200)}`);
  }
}

/** A valid CPF that nobody typed: 9 random digits and their two check digits. */
function randomCpf() {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (new Set(digits).size === 1) digits[0] = (digits[0] + 1) % 10;
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, digit, i) => acc + digit * (length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

const base = (await waitForUrl()).replace(/\/+$/, '');
ok(`npm start imprimiu ${base}`);

const login = await call('/login', `${base}/login`, { headers: { accept: 'text/html' } });
if (login.status !== 200 || !login.type.includes('text/html') || !/<div id="root"/.test(login.text)) {
  fail('/login', `HTTP ${login.status} ${login.type}: não é o shell`);
}
ok('/login serve o shell');

const campaign = await json('campanha demo', `${base}/public/campaigns/${DEMO_LINK}`, {}, [200]);
if (!campaign.success || campaign.data?.link !== DEMO_LINK) fail('campanha demo', JSON.stringify(campaign).slice(0, 300));
ok(`campanha demo: "${campaign.data.name}", ${campaign.data.total_tickets} números`);

const phone = `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const headers = { 'content-type': 'application/json' };
await json(
  'cadastro do comprador',
  `${base}/public/buyers`,
  { method: 'POST', headers, body: JSON.stringify({ name: 'Comprador CI', phone, cpf: randomCpf(), email: null }) },
  [201],
);
const created = await json(
  'compra de 1 número',
  `${base}/public/purchases`,
  {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ buyer_phone: phone, campaign_link: DEMO_LINK, total_tickets: 1, terms_accepted: true }),
  },
  [201],
);
const hash = created.data?.purchase_hash;
if (!hash) fail('compra de 1 número', JSON.stringify(created).slice(0, 300));
const pending = await json('checkout', `${base}/public/purchases/${hash}`, {}, [200]);
const txid = pending.data?.payment?.txid;
if (pending.data?.tickets?.length !== 1 || !txid) fail('checkout', JSON.stringify(pending).slice(0, 300));
ok(`compra criada: número ${pending.data.tickets[0].number}, Pix ${txid}`);

await json('pagamento sandbox', `${base}/payments/sandbox/charges/${txid}/pay`, { method: 'POST' }, [200]);
const paid = await json('compra paga', `${base}/public/purchases/${hash}`, {}, [200]);
if (paid.data?.status?.name !== 'Pago') fail('compra paga', `status ${JSON.stringify(paid.data?.status)}`);
ok('pagamento sandbox confirmado: a compra está Paga');
