/**
 * The public buyer calls (spec section 7 "Public purchasing"). They go through the one shared `api` client, but never
 * carry the organiser's token: an organiser looking at their own campaign page buys as an anonymous buyer, and the
 * public routes must not learn who is signed in on that browser.
 */
import type { Options } from 'ky';
import { api } from '@rifaria/shared/api-client';
import type { ChangePhoneInput, PurchaseRequest } from '@rifaria/shared/schemas';
import type {
  ApiLookup,
  ApiSuccess,
  MyTickets,
  PublicBuyer,
  PublicCampaign,
  Purchase,
  PurchaseCreated,
} from '@rifaria/shared/types';

/**
 * Runs after the shared client's hook that adds `Authorization` (per-call hooks are appended to the instance's).
 * No automatic retries: the pages offer 'Tentar novamente', the checkout polls again anyway, and a POST that
 * reserves numbers is retried only with its Idempotency-Key.
 */
const anonymous: Options = {
  retry: 0,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        request.headers.delete('Authorization');
      },
    ],
  },
};

function withAnonymous(options: Options = {}): Options {
  return { ...anonymous, ...options, hooks: anonymous.hooks };
}

export interface NewBuyer {
  name: string;
  phone: string;
  cpf: string;
  email: string | null;
}

export const publicApi = {
  async campaign(link: string): Promise<ApiSuccess<PublicCampaign> | { success: false; message?: string }> {
    return api
      .get(`/public/campaigns/${encodeURIComponent(link)}`, withAnonymous())
      .json<ApiSuccess<PublicCampaign> | { success: false; message?: string }>();
  },

  /** The known buyer (masked data), or null for a new buyer (a 200 with found false, not an error). */
  async checkBuyer(phoneDigits: string): Promise<PublicBuyer | null> {
    const reply = await api
      .get(`/public/buyers/check/${encodeURIComponent(phoneDigits)}`, withAnonymous())
      .json<ApiLookup<PublicBuyer>>();
    return reply.found ? reply.data : null;
  },

  async createBuyer(buyer: NewBuyer): Promise<PublicBuyer> {
    const reply = await api.post('/public/buyers', withAnonymous({ json: buyer })).json<ApiSuccess<PublicBuyer>>();
    return reply.data;
  },

  /** 'Trocar de telefone': moves the buyer with this CPF to `phone`; the reply is the buyer on the new phone. */
  async changePhone(body: ChangePhoneInput): Promise<ApiSuccess<PublicBuyer>> {
    return api.post('/public/buyers/change-phone', withAnonymous({ json: body })).json<ApiSuccess<PublicBuyer>>();
  },

  /** The same `idempotencyKey` on a retried submission returns the purchase the first one created. */
  async createPurchase(body: PurchaseRequest, idempotencyKey: string): Promise<PurchaseCreated> {
    const reply = await api
      .post('/public/purchases', withAnonymous({ json: body, headers: { 'Idempotency-Key': idempotencyKey } }))
      .json<ApiSuccess<PurchaseCreated>>();
    return reply.data;
  },

  async purchase(hash: string): Promise<ApiSuccess<Purchase> | { success: false; message?: string }> {
    return api
      .get(`/public/purchases/${encodeURIComponent(hash)}`, withAnonymous())
      .json<ApiSuccess<Purchase> | { success: false; message?: string }>();
  },

  /** Sandbox PSP only: "the buyer paid"; the PSP then calls the webhook exactly like a real one. */
  async sandboxPay(txid: string): Promise<void> {
    await api.post(`/payments/sandbox/charges/${encodeURIComponent(txid)}/pay`, withAnonymous()).json();
  },

  /** The buyer's purchases here, or found false (unknown phone, wrong CPF, no purchase: one answer) with why. */
  async myTickets(link: string, query: { phone: string; cpf: string }): Promise<ApiLookup<MyTickets>> {
    return api
      .get(
        `/public/campaigns/${encodeURIComponent(link)}/my-tickets`,
        withAnonymous({ searchParams: { phone: query.phone, cpf: query.cpf } }),
      )
      .json<ApiLookup<MyTickets>>();
  },
};
