import * as v from 'valibot';
import { TICKET_QUANTITY_MAX } from '../constants';
import {
  AMOUNT_INPUT_MAX_LENGTH,
  fromSaoPauloWallClock,
  graphemeCount,
  parseDrawDatetime,
  isoDateToBR,
  parseBRDate,
  parseTime,
} from '../format';
import { AMENDMENT_MESSAGES, AMENDMENT_NOTE_MAX, AMENDMENT_NOTE_MIN } from './amendment';
import { boundedCheck, requiredString } from './auth';
import { toCents } from './wallet';
import { idField } from './validate';

/** Spec section 5 "Wizard", "Draw-date modal", "Edit" and section 8 campaign errors — messages reproduced exactly. */
export const CAMPAIGN_MESSAGES = {
  nameRequired: 'Nome da campanha é obrigatório',
  nameTooLong: 'Nome da campanha deve ter no máximo 120 caracteres',
  quantityPositive: 'Quantidade deve ser maior que 0',
  quantityDigits: 'Quantidade deve conter apenas números',
  quantityMax: 'Quantidade máxima é 10.000.000',
  pricePositive: 'Valor deve ser maior que 0',
  priceFormat: 'Valor deve ter no máximo 2 casas decimais',
  drawTypeRequired: 'Tipo de sorteio é obrigatório',
  drawDateRequired: 'Data do sorteio é obrigatória',
  drawTimeRequired: 'Hora do sorteio é obrigatória',
  drawDateFuture: 'A data do sorteio deve ser no futuro',
  drawDateInvalid: 'Dados inválidos. Verifique a data e horário.',
  // The date and time inputs (DD/MM/AAAA and HH:MM, typed whatever the browser's language).
  drawDateFormat: 'Data deve estar no formato DD/MM/AAAA',
  drawDateNotReal: 'Data do sorteio inválida',
  drawTimeFormat: 'Hora deve estar no formato HH:MM',
  drawTimeNotReal: 'Hora do sorteio inválida',
  awardNameRequired: 'Nome do prêmio é obrigatório',
  awardValueFormat: 'Valor do prêmio deve ter no máximo 2 casas decimais',
  awardsRequired: 'Pelo menos um prêmio é obrigatório',
  rulesRequired: 'Regras são obrigatórias',
  walletRequired: 'Selecione uma conta de recebimento',
  // Edit screen (its own wording in the spec).
  editPriceRequired: 'Valor do ticket é obrigatório e deve ser maior que zero',
  editQuantityRequired: 'Quantidade de rifas é obrigatória e deve ser maior que zero',
  editRulesRequired: 'Regulamento da campanha é obrigatório',
  editAwardDescriptionRequired: (position: number) => `Descrição do ${position}º prêmio é obrigatória`,
  totalTicketsLocked: 'Este campo só pode ser alterado quando o status for "Rascunho"',
  // Errors and toasts.
  drawTypesLoadFailed: 'Erro ao carregar tipos de sorteio. Tente novamente.',
  walletsLoadFailed: 'Erro ao carregar carteiras. Tente novamente.',
  fixFields: 'Por favor, corrija os erros nos campos destacados.',
  createFailedPrefix: 'Erro ao criar campanha: ',
  created: 'Campanha criada com sucesso!',
  createdDescription: 'Sua campanha foi salva como rascunho.',
  alreadyPublished: 'Campanha já está publicada',
  notFound: 'Campanha não encontrada',
  cancelNotFound: 'Campanha não encontrada ou você não tem permissão para cancelá-la.',
  cancelSold: (sold: number) =>
    `Não é possível cancelar esta campanha pois já possui ${sold} ${sold === 1 ? 'ticket vendido' : 'tickets vendidos'}.`,
  /** Issue 32: a campaign with sales can be cancelled; the dialog says what happens to the buyers' money. */
  cancelRefundNotice: (sold: number) =>
    `Ela já tem ${sold} ${sold === 1 ? 'ticket vendido' : 'tickets vendidos'}: cada comprador com pagamento confirmado será reembolsado por Pix, e o valor sai do seu saldo Futuro.`,
  /** Issue 32: an operator suspended the campaign; the organiser cannot cancel nor draw it meanwhile. */
  suspendedHint: 'Campanha suspensa pela equipe da Rifaria: vendas e sorteio bloqueados enquanto o caso é analisado.',
  cancelNotAllowed: 'Esta campanha não pode ser cancelada no momento.',
  cancelFailed: 'Erro ao cancelar campanha. Tente novamente.',
  cancelled: 'Campanha cancelada com sucesso!',
  cancelledDescription: 'A campanha foi removida da sua lista.',
} as const;

/** Characters as a person counts them (graphemes: an emoji is one), on the form's counter and on the server. */
export const CAMPAIGN_NAME_MAX = 120;
/**
 * Longest name in UTF-16 units, refused before graphemes are counted: bounds the work and what campaigns.name holds
 * (migration 013). 16 units per character leaves room for 120 of the longest emoji sequences (a family is 11 units,
 * a couple with skin tones 15); a name made of one letter under a pile of combining marks is refused.
 */
export const CAMPAIGN_NAME_MAX_UNITS = CAMPAIGN_NAME_MAX * 16;
export const CAMPAIGN_RULES_MAX = 20_000;
export const AWARD_DESCRIPTION_MAX = 200;
export const AWARDS_MAX = 50;
/** Highest ticket price accepted: R$ 100.000,00. */
export const TICKET_PRICE_MAX_CENTS = 10_000_000;

/** Ticket quantity typed with thousands dots ('10.000') or sent as a number → integer. */
export function toTicketQuantity(input: unknown): number {
  if (typeof input === 'number') return Number.isSafeInteger(input) ? input : Number.NaN;
  if (typeof input !== 'string') return Number.NaN;
  const text = input.trim();
  if (text.length > AMOUNT_INPUT_MAX_LENGTH || !/^\d{1,3}(\.\d{3})*$|^\d+$/.test(text)) return Number.NaN;
  return Number(text.replace(/\./g, ''));
}

/**
 * A positive whole number typed in a form or sent by the API client: `parse` reads it (NaN when it cannot), then it
 * must be present (`positive`), readable (`unreadable`), at least 1 (`positive`) and at most `max` (`tooLarge`).
 */
const positiveNumberField = (
  parse: (input: number | string) => number,
  messages: { positive: string; unreadable: string; tooLarge: string },
  max: number,
) =>
  v.pipe(
    v.optional(v.union([v.number(), v.string()], messages.positive), ''),
    v.transform((input: number | string) => ({ raw: input, value: parse(input) })),
    v.check(({ raw }) => String(raw).trim() !== '', messages.positive),
    v.check(({ value }) => !Number.isNaN(value), messages.unreadable),
    v.transform(({ value }) => value),
    v.minValue(1, messages.positive),
    v.maxValue(max, messages.tooLarge),
  );

const quantityField = (positive: string) =>
  positiveNumberField(
    toTicketQuantity,
    { positive, unreadable: CAMPAIGN_MESSAGES.quantityDigits, tooLarge: CAMPAIGN_MESSAGES.quantityMax },
    TICKET_QUANTITY_MAX,
  );

/** A price in reais (number from the API client, '12,50' from a form) → centavos. */
const priceField = (positive: string) =>
  positiveNumberField(
    toCents,
    { positive, unreadable: CAMPAIGN_MESSAGES.priceFormat, tooLarge: 'Valor máximo do ticket é R$ 100.000,00' },
    TICKET_PRICE_MAX_CENTS,
  );

/** Optional award value → centavos or null. */
const awardValueField = v.pipe(
  v.optional(v.nullable(v.union([v.number(), v.string()])), null),
  v.transform((input) => (input === null || String(input).trim() === '' ? null : toCents(input))),
  // Safe integer: a value past what value_cents (bigint) holds would reach the database and fail there.
  v.check((cents) => cents === null || (Number.isSafeInteger(cents) && cents >= 0), CAMPAIGN_MESSAGES.awardValueFormat),
);

/** The length of a campaign name as the limit counts it: graphemes of the trimmed text (the form's counter shows this). */
export function campaignNameLength(name: string): number {
  const trimmed = name.trim();
  return trimmed.length > CAMPAIGN_NAME_MAX_UNITS ? trimmed.length : graphemeCount(trimmed);
}

const nameField = v.pipe(
  requiredString(CAMPAIGN_MESSAGES.nameRequired),
  v.maxLength(CAMPAIGN_NAME_MAX_UNITS, CAMPAIGN_MESSAGES.nameTooLong),
  boundedCheck(
    CAMPAIGN_NAME_MAX_UNITS,
    (name) => graphemeCount(name) <= CAMPAIGN_NAME_MAX,
    CAMPAIGN_MESSAGES.nameTooLong,
  ),
);

// Kept in format.ts (no schema there): a page that only reads a draw date loads no valibot.
export { parseDrawDatetime };

export const drawDatetimeField = (
  futureMessage: string = CAMPAIGN_MESSAGES.drawDateFuture,
  now: () => Date = () => new Date(),
) =>
  v.pipe(
    v.optional(v.nullable(v.string(CAMPAIGN_MESSAGES.drawDateInvalid)), null),
    v.transform((value) => (value === null || value.trim() === '' ? null : value.trim())),
    v.check((value) => value === null || parseDrawDatetime(value) !== null, CAMPAIGN_MESSAGES.drawDateInvalid),
    v.transform((value) => (value === null ? null : parseDrawDatetime(value))),
    v.check((date) => date === null || date.getTime() > now().getTime(), futureMessage),
  );

// Draw date and time as typed ------------------------------------------------------------------------------------

const BR_DATE_SHAPE = /^\d{2}\/\d{2}\/\d{4}$/;
const TIME_SHAPE = /^\d{2}:\d{2}$/;

export interface DrawInputIssues {
  draw_date?: string;
  draw_time?: string;
}

/**
 * The problems of a draw date typed as DD/MM/AAAA and a time as HH:MM (São Paulo wall clock), one per input.
 * `required`: both must be given (wizard with the box ticked, draw-date modal); otherwise both empty means "no date"
 * (edit screen) and one alone asks for the other. Inputs longer than their format are refused before any pattern.
 */
export function drawInputIssues(
  date: string,
  time: string,
  required: boolean,
  now: Date = new Date(),
): DrawInputIssues {
  const dateText = date.trim();
  const timeText = time.trim();
  if (!required && dateText === '' && timeText === '') return {};
  const issues: DrawInputIssues = {};
  if (dateText === '') issues.draw_date = CAMPAIGN_MESSAGES.drawDateRequired;
  else if (dateText.length !== 10 || !BR_DATE_SHAPE.test(dateText)) issues.draw_date = CAMPAIGN_MESSAGES.drawDateFormat;
  else if (parseBRDate(dateText) === null) issues.draw_date = CAMPAIGN_MESSAGES.drawDateNotReal;
  if (timeText === '') issues.draw_time = CAMPAIGN_MESSAGES.drawTimeRequired;
  else if (timeText.length !== 5 || !TIME_SHAPE.test(timeText)) issues.draw_time = CAMPAIGN_MESSAGES.drawTimeFormat;
  else if (parseTime(timeText) === null) issues.draw_time = CAMPAIGN_MESSAGES.drawTimeNotReal;
  if (issues.draw_date || issues.draw_time) return issues;
  const instant = fromSaoPauloWallClock(`${parseBRDate(dateText)}T${timeText}`);
  return instant.getTime() > now.getTime() ? {} : { draw_date: CAMPAIGN_MESSAGES.drawDateFuture };
}

/**
 * The API's draw_datetime ('YYYY-MM-DD HH:MM:00', São Paulo) of a date and time typed in the form; null when they
 * are not a real date and time (check drawInputIssues first).
 */
export function drawDatetimeFromInputs(date: string, time: string): string | null {
  const dateText = date.trim();
  if (dateText.length !== 10) return null;
  const iso = parseBRDate(dateText);
  const clock = parseTime(time);
  return iso && clock ? `${iso} ${clock}:00` : null;
}

/** The API's draw_datetime ('YYYY-MM-DD HH:MM[:SS]', São Paulo) as the inputs show it; empty inputs for none. */
export function drawInputsFromDatetime(value: string | null | undefined): { date: string; time: string } {
  const [date = '', time = ''] = (value ?? '').slice(0, 19).split(/[ T]/);
  const clock = parseTime(time.slice(0, 5));
  const brDate = isoDateToBR(date);
  return brDate && clock ? { date: brDate, time: clock } : { date: '', time: '' };
}

// Wizard steps (form values: strings as typed) --------------------------------------------------------------------

interface StepOneDrawInputs {
  has_draw_date: boolean;
  draw_date: string;
  draw_time: string;
}
const DRAW_INPUT_PATHS = [['has_draw_date'], ['draw_date'], ['draw_time']] as const;
/** With the box ticked, both inputs are required. */
const stepOneDrawIssue = (input: StepOneDrawInputs, field: keyof DrawInputIssues) =>
  input.has_draw_date ? drawInputIssues(input.draw_date, input.draw_time, true)[field] : undefined;
const stepOneDrawMessage = (field: keyof DrawInputIssues) => (issue: { input: unknown }) =>
  stepOneDrawIssue(issue.input as StepOneDrawInputs, field) ?? CAMPAIGN_MESSAGES.drawDateInvalid;

/** Step 1 'Campanha'. The date (DD/MM/AAAA) and time (HH:MM) are checked only when the checkbox is ticked. */
export const campaignStepOneSchema = v.pipe(
  v.object({
    name: nameField,
    total_tickets: quantityField(CAMPAIGN_MESSAGES.quantityPositive),
    ticket_price: priceField(CAMPAIGN_MESSAGES.pricePositive),
    draw_type_id: idField(CAMPAIGN_MESSAGES.drawTypeRequired, 'smallint'),
    has_draw_date: v.optional(v.boolean(), false),
    draw_date: v.optional(v.string(), ''),
    draw_time: v.optional(v.string(), ''),
  }),
  v.forward(
    v.partialCheck(DRAW_INPUT_PATHS, (i) => !stepOneDrawIssue(i, 'draw_date'), stepOneDrawMessage('draw_date')),
    ['draw_date'],
  ),
  v.forward(
    v.partialCheck(DRAW_INPUT_PATHS, (i) => !stepOneDrawIssue(i, 'draw_time'), stepOneDrawMessage('draw_time')),
    ['draw_time'],
  ),
);

export const awardSchema = v.object({
  description: v.pipe(
    requiredString(CAMPAIGN_MESSAGES.awardNameRequired),
    v.maxLength(AWARD_DESCRIPTION_MAX, CAMPAIGN_MESSAGES.awardNameRequired),
  ),
  value: awardValueField,
});

/** Step 2 'Prêmios': at least one row, each with a name. */
export const campaignStepTwoSchema = v.object({
  awards: v.pipe(
    v.array(awardSchema, CAMPAIGN_MESSAGES.awardsRequired),
    v.minLength(1, CAMPAIGN_MESSAGES.awardsRequired),
    v.maxLength(AWARDS_MAX, `No máximo ${AWARDS_MAX} prêmios`),
  ),
});

/** Step 3 'Regras' (rules text with **bold**, *italic* and __underline__ markers). */
export const campaignStepThreeSchema = v.object({
  rules: v.pipe(
    requiredString(CAMPAIGN_MESSAGES.rulesRequired),
    v.maxLength(CAMPAIGN_RULES_MAX, `Regras devem ter no máximo ${CAMPAIGN_RULES_MAX} caracteres`),
  ),
});

/** Step 4 'Carteira'. */
export const campaignStepFourSchema = v.object({
  user_wallet_id: idField(CAMPAIGN_MESSAGES.walletRequired, 'bigint'),
});

// API payloads ---------------------------------------------------------------------------------------------------

/**
 * POST /api/campaigns — the spec's create payload: name, draw_type_id, total_tickets, ticket_price (reais),
 * rules, banner_image (always null), draw_datetime ('YYYY-MM-DD HH:MM:00' or null), user_wallet_id, awards[].
 * Output: money in centavos, draw_datetime as a Date or null.
 */
export const createCampaignSchema = v.object({
  name: nameField,
  draw_type_id: idField(CAMPAIGN_MESSAGES.drawTypeRequired, 'smallint'),
  total_tickets: quantityField(CAMPAIGN_MESSAGES.quantityPositive),
  ticket_price: priceField(CAMPAIGN_MESSAGES.pricePositive),
  rules: campaignStepThreeSchema.entries.rules,
  banner_image: v.optional(v.nullable(v.string()), null),
  draw_datetime: drawDatetimeField(),
  user_wallet_id: idField(CAMPAIGN_MESSAGES.walletRequired, 'bigint'),
  awards: campaignStepTwoSchema.entries.awards,
});
export type CreateCampaignInput = v.InferOutput<typeof createCampaignSchema>;

/** Edit tab 'Prêmios': at least one, each 'Descrição do Nº prêmio é obrigatória'. */
export const editAwardsSchema = v.pipe(
  v.array(
    v.object({
      description: v.optional(v.string(), ''),
      value: awardValueField,
    }),
    CAMPAIGN_MESSAGES.awardsRequired,
  ),
  v.minLength(1, CAMPAIGN_MESSAGES.awardsRequired),
  v.maxLength(AWARDS_MAX, `No máximo ${AWARDS_MAX} prêmios`),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    dataset.value.forEach((award, index) => {
      if (award.description.trim() === '') {
        addIssue({
          message: CAMPAIGN_MESSAGES.editAwardDescriptionRequired(index + 1),
          path: [
            { type: 'array', origin: 'value', input: dataset.value, key: index, value: award },
            { type: 'object', origin: 'value', input: award, key: 'description', value: award.description },
          ],
        });
      }
    });
  }),
  v.transform((awards) => awards.map((award) => ({ ...award, description: award.description.trim() }))),
);

/**
 * PUT /api/campaigns/{id} — partial update (the edit screen's tabs save separately): name, draw_date, rules,
 * ticket_price, awards; total_tickets only while draft (the server refuses it otherwise).
 */
export const updateCampaignSchema = v.object({
  name: v.optional(nameField),
  draw_date: v.optional(drawDatetimeField()),
  draw_datetime: v.optional(drawDatetimeField()),
  rules: v.optional(
    v.pipe(
      requiredString(CAMPAIGN_MESSAGES.editRulesRequired),
      v.maxLength(CAMPAIGN_RULES_MAX, `Regulamento deve ter no máximo ${CAMPAIGN_RULES_MAX} caracteres`),
    ),
  ),
  ticket_price: v.optional(priceField(CAMPAIGN_MESSAGES.editPriceRequired)),
  total_tickets: v.optional(quantityField(CAMPAIGN_MESSAGES.editQuantityRequired)),
  awards: v.optional(editAwardsSchema),
  draw_type_id: v.optional(idField(CAMPAIGN_MESSAGES.drawTypeRequired, 'smallint')),
  user_wallet_id: v.optional(idField(CAMPAIGN_MESSAGES.walletRequired, 'bigint')),
  /**
   * Once a number is reserved, a change of rules or draw date is an amendment (issue 30): what changed, for the
   * buyers. Ignored while nothing is reserved.
   */
  amendment: v.optional(
    v.pipe(
      v.string(AMENDMENT_MESSAGES.noteRequired),
      v.maxLength(AMENDMENT_NOTE_MAX * 4, AMENDMENT_MESSAGES.noteRequired),
      v.trim(),
      v.minLength(AMENDMENT_NOTE_MIN, AMENDMENT_MESSAGES.noteRequired),
      v.maxLength(AMENDMENT_NOTE_MAX, AMENDMENT_MESSAGES.noteRequired),
    ),
  ),
});
export type UpdateCampaignInput = v.InferOutput<typeof updateCampaignSchema>;

/** Draw-date modal: PUT /api/campaigns/{id} {draw_datetime} with a date in the future. */
export const drawDateSchema = v.object({
  draw_datetime: v.pipe(
    v.optional(v.string(CAMPAIGN_MESSAGES.drawDateInvalid), ''),
    v.transform((value) => parseDrawDatetime(value)),
    v.check((date): date is Date => date !== null, CAMPAIGN_MESSAGES.drawDateInvalid),
    v.check((date) => date !== null && date.getTime() > Date.now(), CAMPAIGN_MESSAGES.drawDateFuture),
  ),
});

/** Default draw date: next Saturday 20:00 in São Paulo (a week later if it is Saturday 20:00 or later). */
export function defaultDrawDatetime(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  const hour = Number(get('hour'));
  let days = (6 - weekday + 7) % 7;
  if (days === 0 && hour >= 20) days = 7;
  const base = new Date(Date.UTC(Number(get('year')), Number(get('month')) - 1, Number(get('day')) + days));
  const yyyy = base.getUTCFullYear();
  const mm = String(base.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(base.getUTCDate()).padStart(2, '0');
  return `${yyyy}-${mm}-${dd} 20:00:00`;
}
