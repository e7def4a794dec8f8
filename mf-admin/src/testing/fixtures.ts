/** API replies of the issue 32 contract (the /api/admin routes) for mf-admin's tests. */
import { refusal, reply, server } from '@rifaria/shared/testing';
import type { Operator } from '../features/common/api/operator';

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
