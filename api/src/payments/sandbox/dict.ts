import { createHash } from 'node:crypto';
import { displayPixKey, maskPixCpf } from '@rifaria/shared/schemas';
import type { PixKeyOwner, PixKeyQuery } from '../pix-provider';

/**
 * The sandbox PSP's answer to a DICT lookup: deterministic, realistic holders (the same key always gives the same
 * person or company, at a real institution with its real ISPB), and 'not registered' for SANDBOX_UNREGISTERED_KEY
 * and the nil random key, so the 'Chave Pix não encontrada' path can be tried in the demo. The holder's CPF comes
 * back masked, as DICT gives it to a payer ('***.456.789-**'); a CNPJ comes in full.
 */

/** The key the sandbox's directory does not know (the demo's way to see 'Chave Pix não encontrada'). */
export const SANDBOX_UNREGISTERED_KEY = 'naoexiste@sandbox.rifaria';
const NIL_EVP = '00000000-0000-0000-0000-000000000000';

/** Real institutions and their ISPB (BCB's list of Pix participants). */
const BANKS = [
  { name: 'Nu Pagamentos S.A. - Instituição de Pagamento', ispb: '18236120' },
  { name: 'Banco do Brasil S.A.', ispb: '00000000' },
  { name: 'Itaú Unibanco S.A.', ispb: '60701190' },
  { name: 'Caixa Econômica Federal', ispb: '00360305' },
  { name: 'Banco Bradesco S.A.', ispb: '60746948' },
  { name: 'Banco Inter S.A.', ispb: '00416968' },
  { name: 'Banco Santander (Brasil) S.A.', ispb: '90400888' },
] as const;

const FIRST_NAMES = ['Maria', 'João', 'Ana', 'Pedro', 'Juliana', 'Carlos', 'Fernanda', 'Lucas', 'Patrícia', 'Rafael'];
const MIDDLE_NAMES = ['Aparecida', 'Henrique', 'Clara', 'Augusto', 'Beatriz', 'Eduardo', 'Cristina', 'Gabriel'];
const LAST_NAMES = ['Souza', 'Oliveira', 'Santos', 'Pereira', 'Lima', 'Costa', 'Ferreira', 'Almeida', 'Ribeiro'];
const COMPANIES = [
  'Padaria Pão Quente Ltda',
  'Mercadinho Bom Preço Ltda',
  'Associação Amigos do Bairro',
  'Oficina Dois Irmãos Ltda',
  'Papelaria Estrela ME',
];

const pick = <T>(list: readonly T[], byte: number): T => list[byte % list.length]!;

/** A valid CPF derived from the digest (check digits computed), for keys that are not a CPF themselves. */
function cpfFrom(digest: Buffer): string {
  const base = Array.from({ length: 9 }, (_, i) => digest[10 + i]! % 10);
  if (base.every((d) => d === base[0])) base[8] = (base[8]! + 1) % 10;
  const check = (digits: number[]) => {
    const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = check(base);
  return [...base, first, check([...base, first])].join('');
}

export function sandboxLookup(query: PixKeyQuery): PixKeyOwner | null {
  if (query.key === SANDBOX_UNREGISTERED_KEY || query.key === NIL_EVP) return null;
  const digest = createHash('sha256').update(`${query.type}:${query.key}`).digest();
  const bank = pick(BANKS, digest[0]!);
  if (query.type === 'cnpj') {
    return {
      name: pick(COMPANIES, digest[1]!),
      document: displayPixKey('cnpj', query.key),
      documentType: 'cnpj',
      ...bankOf(bank),
    };
  }
  const name = `${pick(FIRST_NAMES, digest[1]!)} ${pick(MIDDLE_NAMES, digest[2]!)} ${pick(LAST_NAMES, digest[3]!)}`;
  const cpf = query.type === 'cpf' ? query.key : cpfFrom(digest);
  return { name, document: maskPixCpf(cpf), documentType: 'cpf', ...bankOf(bank) };
}

const bankOf = (bank: (typeof BANKS)[number]) => ({ bankName: bank.name, ispb: bank.ispb });
