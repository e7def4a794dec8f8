/** Handlers of the lookups several screens make, on the one `server` of the render helper. */
import { reply } from './fetch-mock';
import { cepReply } from './fixtures';
import { server } from './render';

/** GET /api/cep/:cep: 01001000 is Praça da Sé (with `complement`), any other CEP is not found. */
export function serveCep(complement?: string) {
  server.on('GET', '/api/cep/:cep', ({ params }) =>
    params.cep === '01001000'
      ? cepReply(complement === undefined ? {} : { complement })
      : reply(404, { success: false, message: 'CEP não encontrado ou inválido' }),
  );
}
