/** API replies of the issue 32 contract (the /api/admin routes) for mf-admin's tests. */
import { refusal, reply, server } from '@rifaria/shared/testing';
import type { Operator } from '../features/common/api/operator';
import type { OpeningDetail, OpeningItem } from '../features/kyc/api/account-openings';

/** A 1×1 PNG: what the API's QR data URLs look like, small. */
export const QR =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const OPERATOR: Operator = { id: 'op-1', name: 'Olga Operadora', email: 'operador@rifaria.com.br' };

/** The same 404 the API gives an unknown route (what /api/admin answers anyone but an operator). */
export const notFound = () => reply(404, refusal('Rota não encontrada.'));

/** GET /api/admin/me answering the operator (signed in) or the 404 (anyone else). */
export function signedIn(operator: Operator | null = OPERATOR) {
  server.on('GET', '/api/admin/me', () => operator ?? notFound());
}

/** Serves `path` with `body` (any GET the screen makes), after signing the operator in. */
export function serve(path: string, body: unknown) {
  signedIn();
  server.on('GET', path, () => body);
}

/** A refusal as the API words it (its status and message). */
export const refused = (status: number, text: string) => reply(status, refusal(text));

/** An account opening waiting for review (GET /api/admin/account-openings's item). */
export function opening(overrides: Partial<OpeningItem> = {}): OpeningItem {
  const checks = { cpf_valid: true, adult: true, cpf_unique: true };
  const base = { id: 7, name: 'Ana Paula Souza', cpf_masked: '***.456.789-**', created_at: '2026-11-28T13:00:00.000Z' };
  return { ...base, status: 'pending', status_label: 'Em análise', checks, ...overrides };
}

/** Its detail (GET /api/admin/account-openings/7): the data, the checks and the document's operators-only address. */
export function openingDetail(overrides: Partial<OpeningDetail> = {}): OpeningDetail {
  const { id, status, status_label, created_at, checks } = opening();
  return {
    id,
    status,
    status_label,
    created_at,
    checks,
    reviewed_at: null,
    reviewer: null,
    data: {
      name: 'Ana Paula Souza',
      email: 'ana@rifaria.com.br',
      cpf: '123.456.789-09',
      birthdate: '1990-05-17',
      city: 'São Paulo',
    },
    document_type: 'RG',
    rejection: null,
    resubmission_of: null,
    document: { mime: 'image/jpeg', size: 1024 },
    document_url: '/api/admin/account-openings/7/document',
    ...overrides,
  };
}
