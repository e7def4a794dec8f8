/**
 * npm run verify-draw -- FILE [--commitment HEX] [--link URL]
 *
 * Recomputes a draw from its verification file (downloaded from /p/{link}/resultado): the commitment, the list hash,
 * the beacon's BLS signature (drand quicknet) and the winners. A file agrees with itself by construction (a forger
 * picks a new seed, its SHA-256 and recomputes the winners), so it is then compared with what was published BEFORE
 * the draw: the commitment every buyer's 'pagamento confirmado' carries (--commitment), or the public campaign
 * (--link: its commitment and paid count).
 *
 * Exit 0: everything agrees, including the published commitment; 1: something does not; 2: the check is incomplete
 * (no --commitment nor --link, the campaign could not be fetched) or the command is malformed.
 */
import fs from 'node:fs';
import { resolve } from 'node:path';
import { formatTicketNumber } from '@rifaria/shared/format';
import { readVerificationFile, verifyDrawFile, type Check } from './verification';

const USAGE = 'Uso: npm run verify-draw -- arquivo-de-verificacao.json [--commitment HEX] [--link URL-da-campanha]';
/** The public campaign answers in milliseconds; a hung server must not hang the check. */
const FETCH_TIMEOUT_MS = 15_000;
const HEX_32 = /^[0-9a-f]{64}$/;
const URL_MAX_LENGTH = 2000;
/** /p/{link}, /p/{link}/resultado, or the API's /public/campaigns/{link}. */
const LINK_PATH = /^\/(?:p|public\/campaigns)\/([^/]{1,200})/;

const bold = (text: string) => (process.env.NO_COLOR ? text : `\x1b[1m${text}\x1b[0m`);

interface Options {
  file: string;
  commitment?: string;
  link?: string;
}

function parseArgs(argv: string[]): Options | string {
  const options: Partial<Options> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') ? (arg.split(/=(.*)/s, 2) as [string, string?]) : [arg];
    if (flag === '--commitment' || flag === '--link') {
      const value = inline ?? argv[++i];
      if (!value) return `${flag} precisa de um valor.`;
      options[flag === '--commitment' ? 'commitment' : 'link'] = value;
    } else if (arg.startsWith('--') || options.file) {
      return `Argumento desconhecido: ${arg.slice(0, 100)}`;
    } else {
      options.file = arg;
    }
  }
  if (!options.file) return 'Informe o arquivo de verificação.';
  if (options.commitment !== undefined) {
    options.commitment = options.commitment.trim().toLowerCase();
    if (options.commitment.length !== 64 || !HEX_32.test(options.commitment)) {
      return 'O compromisso (--commitment) deve ter 64 dígitos hexadecimais.';
    }
  }
  return options as Options;
}

/** The public campaign as `npm run verify-draw -- --link` needs it. */
interface PublishedCampaign {
  link: string;
  commitment: string | null;
  paidCount: number | null;
}

async function fetchCampaign(pageUrl: string): Promise<PublishedCampaign> {
  if (pageUrl.length > URL_MAX_LENGTH) throw new Error('endereço longo demais');
  const url = new URL(pageUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('use um endereço http(s)');
  const match = LINK_PATH.exec(url.pathname);
  if (!match) throw new Error('o endereço deve ser o da campanha (…/p/<link> ou …/p/<link>/resultado)');
  const link = decodeURIComponent(match[1]!);
  const response = await fetch(new URL(`/public/campaigns/${encodeURIComponent(link)}`, url.origin), {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`o servidor respondeu ${response.status}`);
  const body = (await response.json()) as {
    data?: { link?: unknown; draw_commitment?: unknown; stats?: { tickets_paid?: unknown } };
  };
  const data = body.data ?? {};
  return {
    link: typeof data.link === 'string' ? data.link : link,
    commitment: typeof data.draw_commitment === 'string' ? data.draw_commitment : null,
    paidCount: typeof data.stats?.tickets_paid === 'number' ? data.stats.tickets_paid : null,
  };
}

const compare = (label: string, fromFile: string, published: string): Check =>
  fromFile === published
    ? { label, ok: true, detail: published }
    : { label, ok: false, detail: `arquivo ${fromFile}, publicado ${published}` };

async function main(argv: string[]): Promise<number> {
  const options = parseArgs(argv);
  if (typeof options === 'string') {
    console.error(`${options}\n${USAGE}`);
    return 2;
  }
  // npm runs scripts from the root; the file is named relative to where the user typed the command.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), options.file);
  let raw: unknown;
  try {
    raw = readVerificationFile(fs.readFileSync(path));
  } catch (error) {
    console.error(`Não foi possível ler ${path}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const report = verifyDrawFile(raw);
  const facts = report.facts;
  const published: Check[] = [];
  if (options.commitment !== undefined) {
    published.push(
      facts?.commitment
        ? compare('Compromisso publicado antes do sorteio', facts.commitment, options.commitment)
        : { label: 'Compromisso publicado antes do sorteio', ok: false, detail: 'o arquivo não tem compromisso' },
    );
  }
  if (options.link !== undefined) {
    let campaign: PublishedCampaign;
    try {
      campaign = await fetchCampaign(options.link);
    } catch (error) {
      const reason = error instanceof Error ? (error.name === 'TimeoutError' ? 'tempo esgotado' : error.message) : '';
      console.error(`Não foi possível consultar a campanha em ${options.link.slice(0, 200)}: ${reason}`);
      return 2;
    }
    if (facts) {
      published.push(compare('Campanha do arquivo', facts.link, campaign.link));
      published.push(compare('Compromisso da página da campanha', facts.commitment ?? '—', campaign.commitment ?? '—'));
      published.push(
        compare('Quantidade de números pagos', String(facts.paidCount), String(campaign.paidCount ?? '—')),
      );
    }
  }

  for (const check of [...report.checks, ...published]) {
    console.log(`${check.ok ? '✔' : '✘'} ${check.label}${check.detail ? `: ${check.detail}` : ''}`);
  }
  const total = facts?.totalTickets ?? 1;
  for (const winner of report.winners) {
    console.log(`${winner.position}º prêmio: ${formatTicketNumber(winner.number, total)}`);
  }
  if (!report.ok || published.some((check) => !check.ok)) {
    console.log('O sorteio NÃO confere: não confie neste arquivo.');
    return 1;
  }
  if (published.length === 0) {
    console.log(
      facts?.commitment
        ? bold(`Compromisso do arquivo: ${facts.commitment}`)
        : bold(`Números pagos no arquivo: ${facts?.paidCount ?? 0}`),
    );
    console.log(
      [
        'Verificação INCOMPLETA: o arquivo confere consigo mesmo, mas ainda não foi comparado com o que foi publicado antes do sorteio.',
        facts?.commitment
          ? "Compare o compromisso acima com o do seu comprovante 'Pagamento confirmado' ou com a página da campanha:"
          : 'Compare a quantidade de números pagos com a página da campanha:',
        `  npm run verify-draw -- ${options.file} ${facts?.commitment ? '--commitment <compromisso> ou ' : ''}--link <endereço da campanha>`,
      ].join('\n'),
    );
    return 2;
  }
  console.log('Sorteio verificado: tudo confere com o que foi publicado antes do sorteio.');
  return 0;
}

void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
