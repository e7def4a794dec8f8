// npm run bench -- faults: the launch crowd of `load` while the topology breaks (issue 29, "Prove: Faults").
//
// Same topology and crowd as bench/load.ts (reservations of 30 s, so they expire within the run), except that api-2
// reaches PostgreSQL through a TCP proxy this script starts (HeldLink), and the sandbox PSP sends its webhooks to
// api-1 and api-2 in turn (not through nginx), so confirmations can be counted per process. Meanwhile:
//   1. kill -9 of api-1 at random moments, 5 times, each time started again (once it answers, the next kill);
//   2. api-2's database link held for 15 s (no packet either way, no reset: a network cut), then given back;
//   3. 30 % of the PSP's webhooks lost on the way; after the crowd, every webhook delivered twice more.
// Then, once the worker has had time to expire reservations and reclaim the killed process's ticket leases (bounded),
// it checks: nothing paid lost, api-1 kept confirming during the cut (confirmations per second per process),
// no purchase Pendente past its expiry, no number stranded, /api/health of api-2 503 during the cut and 200 again by
// itself, plus every invariant of `load`. Exit 1 when one fails.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { cpfFromBase } from '../api/test/support/buyers';
import { adminDatabaseUrl } from './fixtures';
import {
  address,
  benchPorts,
  BenchPsp,
  fmt,
  invariants,
  printChecks,
  printCrowd,
  reserve,
  launchCrowd,
  LAUNCH_ADDRESSES,
  LAUNCH_BUYERS,
  scene,
  startBed,
  Stats,
  type Check,
} from './crowd';

const BUYERS = LAUNCH_BUYERS;
const ADDRESSES = LAUNCH_ADDRESSES;
const HOT_TOTAL = 1_000_000;
const KILLS = 5;
const CUT_MS = 15_000;
const DROP_SHARE = 0.3;
const RESERVATION_MS = 60_000;
/** Purchases made through api-1 just before the cut and paid one every 250 ms during it. */
const CUT_PAYMENTS = 60;
/**
 * Paid just before the cut with their webhooks all to api-2: its crediting transactions queue on the ledger, so the
 * cut finds one of them in the middle (the case of issue 29: a transaction orphaned with its locks).
 */
const BURST = 30;
/** How long the worker may take to reclaim a killed process's leases (60 s lease + 60 s grace + ticks). */
const SETTLE_MAX_MS = 150_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const random = (min: number, max: number) => min + Math.random() * (max - min);

/** bench/held-link.ts in a process of its own, listening on `port`. */
async function startLink(port: number, host: string, target: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'held-link.ts'), String(port), host, String(target)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the database proxy exited (${code})`)));
  });
  return child;
}

interface Probe {
  at: number;
  doneAt: number;
  status: number;
}

/** GET /api/health of one process every 500 ms (3 s timeout) until `stop` returns true. */
async function probe(url: string, stop: () => boolean): Promise<Probe[]> {
  const probes: Probe[] = [];
  while (!stop()) {
    const at = Date.now();
    let status = 0;
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3000) });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      // no answer within 3 s
    }
    probes.push({ at, doneAt: Date.now(), status });
    await sleep(Math.max(0, 500 - (Date.now() - at)));
  }
  return probes;
}

export async function faultsBench(_args: string[]): Promise<void> {
  const pgUrl = new URL(adminDatabaseUrl());
  const proxyPort = benchPorts().firstApi + 3;
  const link = await startLink(proxyPort, pgUrl.hostname, Number(pgUrl.port || 5432));
  const exits: string[] = [];
  const bed = await startBed(
    'faults',
    { PURCHASE_RESERVATION_MS: String(RESERVATION_MS) },
    {
      // api-2 (index 1) reaches the database through the proxy.
      apiEnv: (index, env) => {
        if (index !== 1) return env;
        const url = new URL(env.DATABASE_URL!);
        url.host = `127.0.0.1:${proxyPort}`;
        return { ...env, DATABASE_URL: url.toString() };
      },
      onExit: (label) => exits.push(label),
    },
  ).catch((error: unknown) => {
    link.kill('SIGTERM');
    throw error;
  });
  let ok = false;
  try {
    const { staging } = bed;
    const [api1, api2] = staging.topology.api as [string, string];
    const nginx = staging.topology.nginx;
    console.log(
      `Topologia de staging: nginx ${nginx} → api-1 ${api1}, api-2 ${api2} (banco pelo proxy :${proxyPort}); worker ${staging.topology.worker}`,
    );
    const world = await scene(nginx, bed.db, 3, HOT_TOTAL);
    const psp = new BenchPsp(bed.db, bed.webhookSecret, [api1, api2], DROP_SHARE);

    let finish!: () => void;
    const until = new Promise<void>((resolve) => (finish = resolve));
    const crowd = launchCrowd(nginx, world, psp, until, 150);
    const started = Date.now();
    const t = (at: number) => fmt((at - started) / 1000, 1);

    // 1. kill -9 of api-1 at random moments, each time started again.
    const kills: { at: number; back: number }[] = [];
    await sleep(random(2000, 4000));
    for (let i = 0; i < KILLS; i += 1) {
      await sleep(random(500, 3000));
      const at = Date.now();
      await staging.kill('api-1', 'SIGKILL');
      await staging.restart('api-1');
      kills.push({ at, back: Date.now() });
      console.log(`  kill -9 api-1 em t=${t(at)} s, de volta em ${fmt((Date.now() - at) / 1000, 1)} s`);
    }
    const lastKill = kills.at(-1)!.at;

    // 2. api-2's database link held for 15 s; both processes' health probed from 3 s before until 5 s after it is back.
    // Payments must keep coming during the cut whatever the crowd does (its buyers end up waiting on api-2): purchases
    // made through api-1 beforehand are paid at a steady pace, their webhooks to both processes in turn.
    const reserveStats = new Stats();
    const toPay: string[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async (_, worker) => {
        for (let i = worker; i < CUT_PAYMENTS + BURST; i += 10) {
          const made = await reserve(
            reserveStats,
            api1,
            { 'content-type': 'application/json', 'x-forwarded-for': address(i % ADDRESSES) },
            world.hot.link,
            5,
            {
              phone: `219${String(80_000_000 + i).padStart(8, '0')}`,
              cpf: cpfFromBase(String(300_000_000 + i * 7919)),
              name: `Pagador ${i}`,
            },
          );
          if (made?.txid) toPay.push(made.txid);
        }
      }),
    );
    let probing = true;
    const probes = Promise.all([probe(api1, () => !probing), probe(api2, () => !probing)]);
    await sleep(3000);
    const burstStart = Date.now();
    const burst = toPay.splice(0, BURST).map((txid) => psp.pay(txid, api2).catch(() => false));
    // The cut once api-2 has confirmed one of them: the others are then in its crediting transactions (10 s at most).
    while (
      Date.now() - burstStart < 10_000 &&
      !psp.deliveries.some((d) => d.target === api2 && d.sentAt >= burstStart && d.status === 200)
    ) {
      await sleep(20);
    }
    const cutStart = Date.now();
    link.kill('SIGUSR1');
    console.log(
      `  banco de api-2 cortado em t=${t(cutStart)} s; ${toPay.length} compras de api-1 a pagar durante o corte`,
    );
    const payments: Promise<boolean>[] = [];
    for (const txid of toPay) {
      if (Date.now() - cutStart >= CUT_MS) break;
      payments.push(psp.pay(txid).catch(() => false));
      await sleep(CUT_MS / CUT_PAYMENTS);
    }
    await sleep(Math.max(0, CUT_MS - (Date.now() - cutStart)));
    link.kill('SIGUSR2');
    const cutEnd = Date.now();
    console.log(`  banco de api-2 de volta em t=${t(cutEnd)} s`);
    // api-2 healthy again by itself (bounded: 60 s).
    let recovered: number | null = null;
    while (recovered === null && Date.now() - cutEnd < 60_000) {
      await sleep(250);
      try {
        const response = await fetch(`${api2}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (response.status === 200) recovered = Date.now();
      } catch {
        // not yet
      }
    }
    await sleep(5000);
    probing = false;
    const [probes1, probes2] = await probes;
    const cutPaid = (await Promise.all(payments)).filter(Boolean).length;
    const burstPaid = (await Promise.all(burst)).filter(Boolean).length;
    finish();
    const result = await crowd;
    const crowdEnd = Date.now();

    printCrowd(result, BUYERS, ADDRESSES);
    console.log(
      '(os recusados acima são esperados aqui: requisições em curso num processo morto, ou paradas no corte do banco)',
    );

    // 3. Every webhook twice more, to both processes in turn.
    const firstDeliveries = psp.deliveries.length;
    const replay = await psp.replay(2);
    console.log(
      `\nWebhooks: ${psp.sent.length} enviados pelo PSP, ${psp.dropped} perdidos (${fmt((psp.dropped / Math.max(1, psp.sent.length)) * 100, 1)}%), ` +
        `${psp.deliveries.slice(0, firstDeliveries).filter((d) => d.status !== 200).length} sem 200 na entrega; ` +
        `repetição de todos 2×: ${[...replay].map(([status, count]) => `${status === 0 ? 'sem resposta' : status}×${count}`).join(' ')}`,
    );

    // Confirmations per process per second: a webhook answered 200 whose charge turned paid while it was handled.
    const { rows: paidRows } = await sql<{ txid: string; at: string }>`
      SELECT txid, (extract(epoch FROM updated_at) * 1000)::bigint::text AS at
      FROM pix_charges WHERE status = 'paid'`.execute(bed.db);
    const paidAt = new Map(paidRows.map((row) => [row.txid, Number(row.at)]));
    const confirmations = (target: string, from: number, to: number) =>
      psp.deliveries
        .filter((d) => d.target === target && d.status === 200)
        .map((d) => ({ d, at: paidAt.get(d.txid) }))
        .filter(({ d, at }) => at !== undefined && at >= d.sentAt - 5 && at <= d.answeredAt + 5)
        .map(({ at }) => at!)
        .filter((at) => at >= from && at < to)
        .sort((a, b) => a - b);
    const perSecond = (times: number[], from: number, to: number) => {
      const bins = Array.from({ length: Math.ceil((to - from) / 1000) }, () => 0);
      for (const at of times) bins[Math.floor((at - from) / 1000)]! += 1;
      return bins;
    };
    const windows = [
      { label: '15 s antes do corte', from: cutStart - CUT_MS, to: cutStart },
      { label: 'durante o corte', from: cutStart, to: cutEnd },
      { label: '15 s depois', from: cutEnd, to: cutEnd + CUT_MS },
    ];
    console.log('\nConfirmações de pagamento por processo (webhook respondido 200 que confirmou a cobrança):');
    for (const [label, target] of [
      ['api-1', api1],
      ['api-2', api2],
    ] as const) {
      for (const w of windows) {
        const times = confirmations(target, w.from, w.to);
        console.log(
          `  ${label} ${w.label.padEnd(20)} ${fmt(times.length / ((w.to - w.from) / 1000), 2)}/s  por segundo: ${perSecond(times, w.from, w.to).join(' ')}`,
        );
      }
    }
    const during = confirmations(api1, cutStart, cutEnd);
    const gaps = [cutStart, ...during, cutEnd].map((at, i, all) => (i === 0 ? 0 : at - all[i - 1]!));
    const longestGap = Math.max(...gaps);
    // Every webhook api-1 got during the cut: answered 200, its charge confirmed within 3 s.
    const sentToApi1During = psp.deliveries.filter(
      (d) => d.target === api1 && d.sentAt >= cutStart && d.sentAt < cutEnd,
    );
    const slow = sentToApi1During.filter((d) => {
      const at = paidAt.get(d.txid);
      return d.status !== 200 || at === undefined || at - d.sentAt > 3000;
    });
    const answerMs = sentToApi1During.map((d) => d.answeredAt - d.sentAt).sort((a, b) => a - b);

    // Health during the cut: every probe of api-2 from 2 s after the cut until its end is a 503.
    const show = (probes: Probe[], from: number, to: number) =>
      probes
        .filter((p) => p.at >= from && p.at < to)
        .map((p) => (p.status === 0 ? '—' : String(p.status)))
        .join(' ');
    console.log('\n/api/health a cada 0,5 s (— = sem resposta em 3 s):');
    for (const [label, probes] of [
      ['api-1', probes1],
      ['api-2', probes2],
    ] as const) {
      console.log(`  ${label} antes:   ${show(probes, 0, cutStart)}`);
      console.log(`  ${label} corte:   ${show(probes, cutStart, cutEnd)}`);
      console.log(`  ${label} depois:  ${show(probes, cutEnd, Infinity)}`);
    }
    const cutProbes = probes2.filter((p) => p.at >= cutStart + 2000 && p.doneAt < cutEnd);

    // Settling: the worker expires reservations and reclaims the killed process's leases (bounded).
    const settleStart = Date.now();
    let stale = { pending: 0, leases: 0 };
    for (;;) {
      const { rows } = await sql<{ pending: string; leases: string }>`
        SELECT (SELECT count(*) FROM purchases WHERE status_id = 1 AND expires_at < now() - interval '5 seconds') AS pending,
               (SELECT count(*) FROM campaign_ticket_leases WHERE leased_at <= ${new Date(lastKill)}) AS leases`.execute(
        bed.db,
      );
      stale = { pending: Number(rows[0]!.pending), leases: Number(rows[0]!.leases) };
      if ((stale.pending === 0 && stale.leases === 0) || Date.now() - lastKill > SETTLE_MAX_MS) break;
      await sleep(2000);
    }
    console.log(
      `\nDepois da carga: ${fmt((Date.now() - settleStart) / 1000, 1)} s até o worker expirar as reservas e recuperar os blocos do processo morto ` +
        `(limite: ${SETTLE_MAX_MS / 1000} s após o último kill)`,
    );
    const { rows: pendingRows } = await sql<{ pending: string }>`
      SELECT count(*) AS pending FROM purchases WHERE status_id = 1 AND expires_at < now() - interval '5 seconds'`.execute(
      bed.db,
    );

    const checks: Check[] = [
      {
        name: `kill -9 de api-1 ${KILLS}× e reinício`,
        ok: kills.length >= KILLS,
        detail: kills.map((k) => `${fmt((k.back - k.at) / 1000, 1)} s`).join(', ') + ' até responder de novo',
      },
      {
        name: 'api-1 não parou de confirmar pagamentos durante o corte de api-2',
        ok: sentToApi1During.length > 0 && slow.length === 0,
        detail:
          `${sentToApi1During.length} webhooks a api-1 no corte (${burstPaid} pagamentos com webhook a api-2 logo antes, ${cutPaid} durante), ${during.length} confirmados ali, ` +
          `${slow.length} sem 200 ou confirmados depois de 3 s; resposta p50 ${fmt((answerMs[Math.floor(answerMs.length / 2)] ?? 0) / 1000, 1)} s, ` +
          `máx. ${fmt((answerMs.at(-1) ?? 0) / 1000, 1)} s; maior intervalo sem confirmação ${fmt(longestGap / 1000, 1)} s`,
      },
      {
        name: '/api/health de api-2 503 com o banco fora',
        ok: cutProbes.length > 0 && cutProbes.every((p) => p.status === 503),
        detail: `${cutProbes.filter((p) => p.status === 503).length} de ${cutProbes.length} respostas 503 (sondas de 2 s após o corte, respondidas antes do fim)`,
      },
      {
        name: '/api/health de api-2 volta a 200 sozinho',
        ok: recovered !== null,
        detail:
          recovered === null ? 'não voltou em 60 s' : `${fmt((recovered - cutEnd) / 1000, 1)} s após o banco voltar`,
      },
      {
        name: 'nenhuma compra Pendente depois do seu vencimento',
        ok: Number(pendingRows[0]!.pending) === 0,
        detail: `${pendingRows[0]!.pending} Pendentes vencidas há mais de 5 s`,
      },
      {
        name: 'nenhum bloco de números preso no processo morto',
        ok: stale.leases === 0,
        detail: `${stale.leases} blocos anteriores ao último kill ainda na tabela`,
      },
      {
        name: 'nenhum processo saiu sozinho',
        ok: exits.length === 0,
        detail: exits.length ? exits.join(', ') : 'nenhum',
      },
    ];
    console.log(`(carga: ${fmt((crowdEnd - started) / 1000, 1)} s)`);
    const forced = await staging.stop();
    if (forced.length) console.log(`Parados à força (sem sair 15 s após SIGTERM): ${forced.join(', ')}`);
    checks.push(...(await invariants(bed.db, world)));
    ok = printChecks(checks);
    console.log(ok ? '\nTudo certo.' : '\nFALHOU (acima).');
  } finally {
    await bed.close(!ok);
    link.kill('SIGTERM');
  }
  if (!ok) process.exitCode = 1;
}
