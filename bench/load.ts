// npm run bench -- load [seconds]: a launch crowd on the staging topology (issue 29, "Prove: Load").
//
// nginx, two API processes and the worker (scripts/staging-topology.mjs) on a throw-away PostgreSQL database.
// 200 buyers behind 20 addresses buy on one hot campaign of 1,000,000 numbers for N seconds (60) while 3 organisers
// read their dashboards and sales and the sandbox PSP confirms by webhook through nginx. Prints throughput and
// p50/p99 per endpoint and every refusal of a legitimate client; then stops the processes (they give their ticket
// leases back) and checks the invariants in the database. Exit 1 on any refusal or failed invariant.
import {
  BenchPsp,
  invariants,
  printChecks,
  printCrowd,
  launchCrowd,
  LAUNCH_ADDRESSES,
  LAUNCH_BUYERS,
  scene,
  startBed,
} from './crowd';

const BUYERS = LAUNCH_BUYERS;
const ADDRESSES = LAUNCH_ADDRESSES;
const HOT_TOTAL = 1_000_000;
const ORGANISERS = 3;

export async function loadBench(args: string[]): Promise<void> {
  const seconds = Math.min(240, Math.max(5, Number(args[0] ?? 60)));
  let unexpected: string[] = [];
  const bed = await startBed('load', {}, { onExit: (label) => unexpected.push(label) });
  let ok = false;
  try {
    const nginx = bed.staging.topology.nginx;
    console.log(
      `Topologia de staging: nginx ${nginx} → ${bed.staging.topology.api.join(', ')}; worker ${bed.staging.topology.worker}; ` +
        `PostgreSQL ${bed.databaseUrl.replace(/:[^:@/]*@/, ':***@')}`,
    );
    const world = await scene(nginx, bed.db, ORGANISERS, HOT_TOTAL);
    const psp = new BenchPsp(bed.db, bed.webhookSecret, [nginx]);
    console.log(
      `${BUYERS} compradores, ${ADDRESSES} endereços, campanha de ${HOT_TOTAL.toLocaleString('pt-BR')} números, ${seconds} s; ` +
        `${ORGANISERS} organizadores lendo painel e vendas`,
    );
    const result = await launchCrowd(
      nginx,
      world,
      psp,
      new Promise((resolve) => setTimeout(resolve, seconds * 1000)),
      seconds + 5,
    );
    printCrowd(result, BUYERS, ADDRESSES);
    const undelivered = psp.deliveries.filter((each) => each.status !== 200).length;
    console.log(`Webhooks do PSP: ${psp.deliveries.length} entregues pelo nginx, ${undelivered} sem 200`);
    unexpected = [...unexpected];
    if (unexpected.length) console.log(`Processos que saíram sozinhos: ${unexpected.join(', ')}`);

    const forced = await bed.staging.stop();
    if (forced.length) console.log(`Parados à força (sem sair 15 s após SIGTERM): ${forced.join(', ')}`);
    const checks = await invariants(bed.db, world);
    const held = printChecks(checks);
    ok = held && result.stats.failed === 0 && undelivered === 0 && unexpected.length === 0;
    console.log(ok ? '\nTudo certo.' : '\nFALHOU (acima).');
  } finally {
    await bed.close(!ok);
  }
  if (!ok) process.exitCode = 1;
}
