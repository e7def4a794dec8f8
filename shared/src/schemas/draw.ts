import * as v from 'valibot';

/** A Federal contest number as Caixa numbers them (1 to 999999). */
export const FEDERAL_CONTEST_MAX = 999_999;
/** Caixa publishes five prizes per contest. */
export const FEDERAL_PRIZE_COUNT = 5;

/** The draw dialogs and POST /api/campaigns/{id}/draw (issue 13). */
export const DRAW_MESSAGES = {
  contestRequired: 'Número do concurso é obrigatório',
  contestInvalid: 'Número do concurso inválido',
  prizeRequired: (position: number) => `Informe o ${position}º prêmio`,
  prizesHint: 'Como a Caixa publica (5 dígitos), ou use "Buscar resultado" para preenchê-los.',
  prizeInvalid: (position: number) => `O ${position}º prêmio deve ter 5 dígitos`,
  prizesCount: 'Informe os 5 prêmios da Loteria Federal',
  // Refusals of the draw (422).
  notPublished: 'Apenas campanhas publicadas podem ser sorteadas.',
  suspended: 'Esta campanha foi suspensa pela equipe da Rifaria e não pode ser sorteada enquanto estiver suspensa.',
  alreadyDrawn: 'O sorteio desta campanha já foi realizado.',
  noDrawDate: 'Defina a data do sorteio antes de realizá-lo.',
  tooEarly: (when: string) => `O sorteio só pode ser realizado a partir de ${when}.`,
  noPaidTickets: 'Nenhum número desta campanha foi pago: não há ganhadores a sortear.',
  federalBodyRequired: 'Informe o número do concurso da Loteria Federal.',
  rifariaTakesNoBody: 'O Sorteio Rifaria não recebe dados: os ganhadores saem da semente e do beacon público.',
  beaconNotYet:
    'A rodada pública de aleatoriedade (drand) da data do sorteio ainda não saiu. Tente de novo em 1 minuto.',
  beaconUnavailable:
    'Não foi possível obter a aleatoriedade pública (drand) agora. Nada foi sorteado; tente de novo em instantes.',
  federalNotFound: (contest: number) =>
    `Resultado do concurso ${contest} da Loteria Federal não encontrado. Confira o número ou informe os 5 prêmios.`,
  federalUnavailable:
    'Não foi possível consultar o resultado na Caixa agora. Tente de novo em instantes ou informe os 5 prêmios.',
  resultNotFound: 'Resultado do sorteio não encontrado',
  prizesMismatch: (contest: number, prizes: string[]) =>
    `Os prêmios informados não conferem com o resultado do concurso ${contest} publicado pela Caixa: ${prizes.join(', ')}.`,
  contestBeforeDraw: (contest: number, held: string, drawDay: string) =>
    `O concurso ${contest} foi realizado em ${held}, antes da data do sorteio (${drawDay}). Use o primeiro concurso da Loteria Federal realizado a partir de ${drawDay}.`,
  notFederal: 'Esta campanha não é sorteada pela Loteria Federal.',
  drawFailed: 'Erro ao realizar o sorteio. Tente novamente.',
  drawn: 'Sorteio realizado com sucesso!',
} as const;

/**
 * What every 'Pagamento confirmado' (checkout, e-mail, WhatsApp) says about the draw's fairness: for 'Sorteio
 * Rifaria' the commitment published before sales, so thousands of buyers hold a copy made before the draw and a
 * verification file with another seed is caught (`npm run verify-draw -- ARQUIVO --commitment HEX`).
 */
export const DRAW_RECEIPT = {
  commitmentTitle: 'Compromisso do sorteio (SHA-256 da semente)',
  commitmentHint:
    'Guarde este código: ele foi fixado antes das vendas e não pode mudar. Depois do sorteio, o arquivo de verificação deve trazer exatamente este compromisso.',
  federal:
    'Sorteio pela Loteria Federal: os ganhadores saem do resultado oficial da Caixa do primeiro concurso a partir da data do sorteio, que ninguém conhece antes.',
} as const;

/** The receipt's lines about the draw, as plain text (e-mail and WhatsApp). */
export function drawReceiptLines(method: 'rifaria' | 'federal', commitment: string | null): string[] {
  if (method === 'federal') return [DRAW_RECEIPT.federal];
  if (!commitment) return [];
  return [`${DRAW_RECEIPT.commitmentTitle}: ${commitment}`, DRAW_RECEIPT.commitmentHint];
}

const CONTEST_PATTERN = /^\d{1,6}$/;
/** A prize as typed: its 5 digits, or 6 with Caixa's leading zero ('050366'); the number is its last 5. */
const PRIZE_PATTERN = /^0?\d{5}$/;

/** The 5 digits of a Federal prize typed with or without Caixa's leading zero; null when it is not one. */
export function federalPrizeDigits(raw: unknown): string | null {
  const text = (typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : '').trim();
  if (text.length > 6 || !PRIZE_PATTERN.test(text)) return null;
  return text.slice(-5);
}

const contestField = v.pipe(
  v.union(
    [v.string(DRAW_MESSAGES.contestRequired), v.number(DRAW_MESSAGES.contestRequired)],
    DRAW_MESSAGES.contestRequired,
  ),
  v.transform((raw) => (typeof raw === 'number' ? String(raw) : raw.trim())),
  v.nonEmpty(DRAW_MESSAGES.contestRequired),
  v.maxLength(6, DRAW_MESSAGES.contestInvalid),
  v.regex(CONTEST_PATTERN, DRAW_MESSAGES.contestInvalid),
  v.transform(Number),
  v.minValue(1, DRAW_MESSAGES.contestInvalid),
);

/**
 * 'Loteria Federal' draw: the contest, and either the 5 prizes as Caixa publishes them or none (the server then
 * fetches the contest's result). The same schema checks the panel's dialog and the API's body.
 */
export const federalDrawSchema = v.pipe(
  v.object(
    {
      contest: v.optional(contestField, ''),
      prizes: v.optional(
        v.pipe(
          v.array(v.union([v.string(), v.number()]), DRAW_MESSAGES.prizesCount),
          v.maxLength(FEDERAL_PRIZE_COUNT, DRAW_MESSAGES.prizesCount),
          // All blank: the server fetches the result. Otherwise all five, each a Federal prize.
          v.rawCheck(({ dataset, addIssue }) => {
            if (!dataset.typed) return;
            const prizes = dataset.value;
            const typed = prizes.map((p) => String(p).trim());
            if (typed.every((p) => p === '')) return;
            for (let i = 0; i < FEDERAL_PRIZE_COUNT; i++) {
              const text = typed[i] ?? '';
              if (text !== '' && federalPrizeDigits(text)) continue;
              addIssue({
                message: text === '' ? DRAW_MESSAGES.prizeRequired(i + 1) : DRAW_MESSAGES.prizeInvalid(i + 1),
                path: [{ type: 'array', origin: 'value', input: prizes, key: i, value: prizes[i] }],
              });
            }
          }),
        ),
      ),
    },
    DRAW_MESSAGES.federalBodyRequired,
  ),
  v.transform(({ contest, prizes }) => {
    const digits = (prizes ?? []).map(federalPrizeDigits);
    return {
      contest: contest as number,
      prizes:
        digits.length === FEDERAL_PRIZE_COUNT && digits.every((d) => d !== null) ? (digits as string[]) : undefined,
    };
  }),
);

export type FederalDrawInput = v.InferOutput<typeof federalDrawSchema>;
