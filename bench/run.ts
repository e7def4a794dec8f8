// npm run bench -- <name> [...args]: benchmarks that print figures (never timed tests).
import { faultsBench } from './faults';
import { lighthouseBench } from './lighthouse';
import { loadBench } from './load';
import { pageWeight } from './page-weight';
import { publishBench } from './publish';
import { purchaseBench } from './purchase';
import { scaleBench } from './scale';
import { scaleDrawBench } from './scale-draw';

const benchmarks: Record<string, { describe: string; run: (args: string[]) => Promise<void> }> = {
  faults: {
    describe:
      'A carga de `load` com falhas: kill -9 de um processo da API (5×), banco de outro cortado por 15 s, 30% dos webhooks perdidos e todos repetidos 2×',
    run: faultsBench,
  },
  lighthouse: {
    describe:
      'Lighthouse no celular (4G lento, CPU 4x): desempenho, LCP, TBT, CLS, acessibilidade e JS de /p/<demo>, checkout e /login',
    run: lighthouseBench,
  },
  load: {
    describe:
      'Lançamento na topologia de staging (nginx, 2 APIs, worker, PostgreSQL): 200 compradores em 20 endereços, organizadores, webhooks; p50/p99 e invariantes',
    run: loadBench,
  },
  'page-weight': {
    describe: 'JS que o navegador baixa (gzip) para /login, /cadastro, /dashboard e uma página pública',
    run: pageWeight,
  },
  publish: {
    describe:
      'Publicação de campanhas de 10 mil, 1 milhão e 10 milhões de bilhetes (PostgreSQL e PGlite): tempo e crescimento do banco',
    run: publishBench,
  },
  purchase: {
    describe:
      'Compras via HTTP no PostgreSQL: 10, 50 e 100 compradores (compras/s, p50/p99), esgotamento de 1.000 números, teto SELECT 1',
    run: purchaseBench,
  },
  'scale-draw': {
    describe:
      'Sorteio de 10 milhões de números pagos no PostgreSQL (DATABASE_URL): tempo e RSS, arquivo de verificação, /result p50/p99, verify-draw',
    run: scaleDrawBench,
  },
  scale: {
    describe:
      'Uma campanha com 1 milhão de compras no PostgreSQL: p50/p99 de vendas (páginas, ordens, buscas), dashboard, painel, página pública, CSV e RSS',
    run: scaleBench,
  },
};

async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const bench = name ? benchmarks[name] : undefined;
  if (!bench) {
    console.log('uso: npm run bench -- <nome>\n');
    for (const [key, b] of Object.entries(benchmarks)) console.log(`  ${key.padEnd(14)} ${b.describe}`);
    process.exit(name ? 1 : 0);
  }
  await bench.run(args);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
