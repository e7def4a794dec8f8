/** 'Meus Dados', tab Endereço (spec section 7): the saved address, the 27 states, the CEP lookup and the save. */
import { api } from '@rifaria/shared/api-client';
import type { AddressInput } from '@rifaria/shared/schemas';
import type { CepAddress, SavedAddress, StateOption } from '@rifaria/shared/types';

/** GET /api/auth/address: null before one is saved (a 200 for a new organiser). */
export async function getAddress(signal?: AbortSignal): Promise<SavedAddress | null> {
  const reply = await api
    .get('/api/auth/address', { signal, retry: 0 })
    .json<{ success: boolean; address: SavedAddress | null }>();
  return reply.address ?? null;
}

/** PUT /api/auth/address {zip_code, street, number, neighborhood, complement, city, state_uf}. */
export async function saveAddress(input: AddressInput): Promise<{ message?: string; address: SavedAddress }> {
  return api
    .put('/api/auth/address', { json: input, retry: 0 })
    .json<{ success: boolean; message?: string; address: SavedAddress }>();
}

/** GET /api/auth/states: the 27 UFs, by name. */
export async function getStates(signal?: AbortSignal): Promise<StateOption[]> {
  const reply = await api.get('/api/auth/states', { signal }).json<{ success: boolean; states?: StateOption[] }>();
  return reply.states ?? [];
}

/** GET /api/cep/{cep} (8 digits): 404 when unknown, 503 when the lookup services are down. */
export async function getCep(digits: string, signal?: AbortSignal): Promise<CepAddress> {
  const reply = await api
    .get(`/api/cep/${digits}`, { signal, retry: 0 })
    .json<{ success: boolean; data: CepAddress }>();
  return reply.data;
}
