/**
 * npm run verify-draw -- FILE
 *
 * Recomputes a draw from its verification file (downloaded from /p/{link}/resultado), with no server: the
 * commitment, the list hash, the beacon's BLS signature (drand quicknet) and the winners. Prints each check, then
 * one line per winner, `{position}º prêmio: {number}`; exits 0 only when everything checks out.
 */
import fs from 'node:fs';
import { resolve } from 'node:path';
import { formatTicketNumber } from '@rifaria/shared/format';
import { verifyDrawFile } from './verification';

/** 10 million paid numbers as JSON stay well under this. */
const MAX_FILE_BYTES = 256 * 1024 * 1024;

function main(argv: string[]): number {
  if (!argv[0]) {
    console.error('Uso: npm run verify-draw -- arquivo-de-verificacao.json');
    return 2;
  }
  // npm runs scripts from the root; the file is named relative to where the user typed the command.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), argv[0]);
  let raw: unknown;
  try {
    const size = fs.statSync(path).size;
    if (size > MAX_FILE_BYTES) throw new Error(`arquivo grande demais (${size} bytes)`);
    raw = JSON.parse(fs.readFileSync(path, 'utf8'));
  } catch (error) {
    console.error(`Não foi possível ler ${path}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const report = verifyDrawFile(raw);
  for (const check of report.checks) {
    console.log(`${check.ok ? '✔' : '✘'} ${check.label}${check.detail ? `: ${check.detail}` : ''}`);
  }
  const total = (raw as { campaign?: { total_tickets?: number } }).campaign?.total_tickets ?? 1;
  for (const winner of report.winners) {
    console.log(`${winner.position}º prêmio: ${formatTicketNumber(winner.number, total)}`);
  }
  console.log(report.ok ? 'Sorteio verificado: tudo confere.' : 'O sorteio NÃO confere com o arquivo.');
  return report.ok ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
