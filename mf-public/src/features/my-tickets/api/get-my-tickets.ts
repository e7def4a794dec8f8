/**
 * GET /public/campaigns/{link}/my-tickets: the buyer's purchases here, or found false (unknown phone, wrong CPF,
 * no purchase: one answer) with why.
 */
import { api } from '@rifaria/shared/api-client';
import type { ApiLookup, MyTickets } from '@rifaria/shared/types';
import { anonymous } from '../../common/api/anonymous';

export async function getMyTickets(link: string, query: { phone: string; cpf: string }): Promise<ApiLookup<MyTickets>> {
  return api
    .get(
      `/public/campaigns/${encodeURIComponent(link)}/my-tickets`,
      anonymous({ searchParams: { phone: query.phone, cpf: query.cpf } }),
    )
    .json<ApiLookup<MyTickets>>();
}

/**
 * GET /public/campaigns/{link}/my-tickets/device: the purchases of the buyer this device proved (its cookie), so the
 * device that just paid sees its numbers without typing phone and CPF again (issue 30); found false otherwise.
 */
export async function getMyTicketsForDevice(link: string): Promise<ApiLookup<MyTickets>> {
  return api
    .get(`/public/campaigns/${encodeURIComponent(link)}/my-tickets/device`, anonymous())
    .json<ApiLookup<MyTickets>>();
}
