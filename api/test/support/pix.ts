import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';

/**
 * POST /payments/webhook/pix as a PSP calls it: a JSON body (a string is sent as it is) with the PSP's headers
 * (the sandbox's secret header, the fake PSP's `x-fake-psp: ok`…), optionally from another address.
 */
export const postPixWebhook = (
  app: FastifyInstance,
  body: unknown,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) =>
  app.inject({
    method: 'POST',
    url: '/payments/webhook/pix',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });

/** The payer pays the sandbox charge (POST /payments/sandbox/charges/{txid}/pay); the sandbox then calls the webhook. */
export const payCharge = (app: FastifyInstance, txid: string) =>
  app.inject({ method: 'POST', url: `/payments/sandbox/charges/${txid}/pay` });

/** The sandbox PSP's record of charge `txid` (its status, amount, expiry and webhook attempts). */
export const sandboxChargeOf = (db: Kysely<Database>, txid: string) =>
  db.selectFrom('sandbox_pix_charges').selectAll().where('txid', '=', txid).executeTakeFirstOrThrow();
