import * as v from 'valibot';
import { requiredString } from './auth';
import { DOCUMENT_INPUT_MAX_LENGTH, onlyDigits } from './documents';

/** Spec section 5 "Address" / "Account opening, step 2". */
export const ADDRESS_MESSAGES = {
  cepDigits: 'CEP deve ter 8 dígitos',
  cepNotFound: 'CEP não encontrado ou inválido',
  streetRequired: 'Logradouro é obrigatório',
  numberRequired: 'Número é obrigatório',
  neighborhoodRequired: 'Bairro é obrigatório',
  cityRequired: 'Cidade é obrigatória',
  stateRequired: 'Estado é obrigatório',
  stateInvalid: 'Estado inválido',
  saveFailed: 'Erro ao salvar endereço. Tente novamente.',
  complementInvalid: 'Complemento inválido',
  /**
   * The lookup failed (services down, no connection): the CEP itself may well be right, so the field is not marked
   * invalid (issue 30: a valid CEP turned red when the lookup was offline). The API's 503 says the same.
   */
  cepLookupFailed: 'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.',
} as const;

/**
 * What a failed CEP lookup tells the person: only a 404 is the CEP's fault (`error`: the field turns red); anything
 * else (503, no connection, a time-out) is the lookup's (`notice`: said under the field, which stays valid).
 */
export function cepLookupFailure(status: number | undefined): { error: string | null; notice: string | null } {
  return status === 404
    ? { error: ADDRESS_MESSAGES.cepNotFound, notice: null }
    : { error: null, notice: ADDRESS_MESSAGES.cepLookupFailed };
}

/** The 27 federative units, in the order of their IBGE codes. */
export const BRAZILIAN_STATES = [
  { id: 12, abbreviation: 'AC', name: 'Acre' },
  { id: 27, abbreviation: 'AL', name: 'Alagoas' },
  { id: 16, abbreviation: 'AP', name: 'Amapá' },
  { id: 13, abbreviation: 'AM', name: 'Amazonas' },
  { id: 29, abbreviation: 'BA', name: 'Bahia' },
  { id: 23, abbreviation: 'CE', name: 'Ceará' },
  { id: 53, abbreviation: 'DF', name: 'Distrito Federal' },
  { id: 32, abbreviation: 'ES', name: 'Espírito Santo' },
  { id: 52, abbreviation: 'GO', name: 'Goiás' },
  { id: 21, abbreviation: 'MA', name: 'Maranhão' },
  { id: 51, abbreviation: 'MT', name: 'Mato Grosso' },
  { id: 50, abbreviation: 'MS', name: 'Mato Grosso do Sul' },
  { id: 31, abbreviation: 'MG', name: 'Minas Gerais' },
  { id: 15, abbreviation: 'PA', name: 'Pará' },
  { id: 25, abbreviation: 'PB', name: 'Paraíba' },
  { id: 41, abbreviation: 'PR', name: 'Paraná' },
  { id: 26, abbreviation: 'PE', name: 'Pernambuco' },
  { id: 22, abbreviation: 'PI', name: 'Piauí' },
  { id: 33, abbreviation: 'RJ', name: 'Rio de Janeiro' },
  { id: 24, abbreviation: 'RN', name: 'Rio Grande do Norte' },
  { id: 43, abbreviation: 'RS', name: 'Rio Grande do Sul' },
  { id: 11, abbreviation: 'RO', name: 'Rondônia' },
  { id: 14, abbreviation: 'RR', name: 'Roraima' },
  { id: 42, abbreviation: 'SC', name: 'Santa Catarina' },
  { id: 35, abbreviation: 'SP', name: 'São Paulo' },
  { id: 17, abbreviation: 'SE', name: 'Sergipe' },
  { id: 28, abbreviation: 'TO', name: 'Tocantins' },
] as const;

export type StateUf = (typeof BRAZILIAN_STATES)[number]['abbreviation'];
const UFS = new Set<string>(BRAZILIAN_STATES.map((s) => s.abbreviation));

const required = (message: string, label: string, max = 120) =>
  v.pipe(requiredString(message), v.maxLength(max, `${label} deve ter no máximo ${max} caracteres`));

export const cepField = v.pipe(
  v.optional(v.string(ADDRESS_MESSAGES.cepDigits), ''),
  v.maxLength(DOCUMENT_INPUT_MAX_LENGTH, ADDRESS_MESSAGES.cepDigits),
  v.transform(onlyDigits),
  v.length(8, ADDRESS_MESSAGES.cepDigits),
);

/** PUT /api/auth/address {zip_code, street, number, neighborhood, complement, city, state_uf}. */
export const addressSchema = v.object({
  zip_code: cepField,
  street: required(ADDRESS_MESSAGES.streetRequired, 'Logradouro', 200),
  number: required(ADDRESS_MESSAGES.numberRequired, 'Número', 20),
  neighborhood: required(ADDRESS_MESSAGES.neighborhoodRequired, 'Bairro'),
  complement: v.optional(
    v.nullable(
      v.pipe(
        v.string(ADDRESS_MESSAGES.complementInvalid),
        v.trim(),
        v.maxLength(120, 'Complemento deve ter no máximo 120 caracteres'),
        v.transform((value) => value || null),
      ),
    ),
    null,
  ),
  city: required(ADDRESS_MESSAGES.cityRequired, 'Cidade'),
  state_uf: v.pipe(
    requiredString(ADDRESS_MESSAGES.stateRequired),
    v.toUpperCase(),
    v.check((uf) => UFS.has(uf), ADDRESS_MESSAGES.stateInvalid),
  ),
});
export type AddressInput = v.InferOutput<typeof addressSchema>;
