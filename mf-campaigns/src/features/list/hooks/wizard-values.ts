/** The wizard's form values (strings as typed), their conversion to the create payload, and 422 field → step. */
import { formatInteger, onlyDigits, parseBRLToCents } from '@rifaria/shared/format';
import { drawDatetimeFromInputs, toTicketQuantity } from '@rifaria/shared/schemas';
import type { CreateCampaignPayload } from '../api/create-campaign';
import { centsToReais } from '@rifaria/shared/money';

export interface AwardRow {
  /** Stable React key: rows are removed from the middle. */
  key: number;
  description: string;
  /** Masked '1.500,00' or ''. */
  value: string;
}

export interface WizardValues {
  name: string;
  /** '10.000' (thousands dots as typed). */
  total_tickets: string;
  /** '12,50' (comma decimals). */
  ticket_price: string;
  draw_type_id: string;
  has_draw_date: boolean;
  /** 'DD/MM/AAAA' as typed (São Paulo calendar). */
  draw_date: string;
  /** 'HH:MM' as typed (24 h, São Paulo). */
  draw_time: string;
  awards: AwardRow[];
  rules: string;
  banner: File | null;
  user_wallet_id: string;
}

export const STEP_TITLES = ['Campanha', 'Prêmios', 'Regras', 'Carteira'] as const;

let awardKey = 0;
export function newAwardRow(): AwardRow {
  awardKey += 1;
  return { key: awardKey, description: '', value: '' };
}

export function initialValues(): WizardValues {
  return {
    name: '',
    total_tickets: '',
    ticket_price: '',
    draw_type_id: '',
    has_draw_date: false,
    draw_date: '',
    draw_time: '',
    awards: [newAwardRow()],
    rules: '',
    banner: null,
    user_wallet_id: '',
  };
}

/**
 * Whether closing the wizard would drop something the person typed or chose (Back, Escape, 'Cancelar' then ask
 * first). Ticking the date box alone, the empty first prize row, or the wallet (chosen for the organiser when it is
 * the only one) is not work to lose.
 */
export function hasTypedData(values: WizardValues): boolean {
  const texts = [
    values.name,
    values.total_tickets,
    values.ticket_price,
    values.draw_type_id,
    values.draw_date,
    values.draw_time,
    values.rules,
    ...values.awards.flatMap((award) => [award.description, award.value]),
  ];
  return texts.some((text) => text.trim() !== '') || values.banner !== null || values.awards.length > 1;
}

/** Ticket quantity mask: digits only, thousands dots as you type ('1000000' → '1.000.000'). */
const QUANTITY_MAX_DIGITS = 9;
export function maskQuantity(input: string): string {
  const digits = onlyDigits(input)
    .replace(/^0+(?=\d)/, '')
    .slice(0, QUANTITY_MAX_DIGITS);
  return digits ? formatInteger(Number(digits)) : '';
}

/** '1.234,56' → 1234.56 reais (the API takes reais as a number). */
function toReais(masked: string): number {
  return centsToReais(parseBRLToCents(masked));
}

/** The spec's create payload (section 3). Call only with values that passed the four step schemas. */
export function toCreatePayload(values: WizardValues): CreateCampaignPayload {
  return {
    name: values.name.trim(),
    draw_type_id: Number(values.draw_type_id),
    total_tickets: toTicketQuantity(values.total_tickets),
    ticket_price: toReais(values.ticket_price),
    rules: values.rules,
    // The banner file goes in a second call (upload-banner) once the campaign exists.
    banner_image: null,
    draw_datetime: values.has_draw_date ? drawDatetimeFromInputs(values.draw_date, values.draw_time) : null,
    user_wallet_id: Number(values.user_wallet_id),
    awards: values.awards.map((award) => ({
      description: award.description.trim(),
      value: award.value.trim() === '' ? null : toReais(award.value),
    })),
  };
}

/** Which step holds a server field ('awards.1.description' → 1); unknown fields go to the first step. */
export function stepOfField(field: string): number {
  const root = field.split('.')[0] ?? '';
  if (root === 'awards') return 1;
  if (root === 'rules' || root === 'banner_image' || root === 'banner') return 2;
  if (root === 'user_wallet_id') return 3;
  return 0;
}

/** The server's draw_datetime error belongs under the date input of step 1. */
export function formFieldOf(field: string): string {
  return field === 'draw_datetime' ? 'draw_date' : field;
}
