/** The calls of the account-opening wizard: what prefills it, the CEP lookup and the submission. */
import { api } from '@rifaria/shared/api-client';
import type { CepAddress, SavedAddress, StateOption, User } from '@rifaria/shared/types';

export interface DocumentType {
  id: number;
  name: string;
}

/** GET /api/auth/me: the profile the wizard starts from. */
export async function getMe(): Promise<User> {
  const reply = await api.get('/api/auth/me').json<{ success: boolean; user: User }>();
  return reply.user;
}

/** GET /api/auth/address: null when none is saved yet (a 200: a new organiser is not an error). */
export async function getAddress(): Promise<SavedAddress | null> {
  const reply = await api
    .get('/api/auth/address', { retry: 0 })
    .json<{ success: boolean; address: SavedAddress | null }>();
  return reply.address;
}

/** GET /api/auth/states: the 27 UFs. */
export async function getStates(): Promise<StateOption[]> {
  const reply = await api.get('/api/auth/states').json<{ success: boolean; states: StateOption[] }>();
  return reply.states ?? [];
}

/** GET /api/document-types. */
export async function getDocumentTypes(): Promise<DocumentType[]> {
  const reply = await api.get('/api/document-types').json<{ success: boolean; data: DocumentType[] }>();
  return reply.data ?? [];
}

/** GET /api/cep/{cep} (8 digits): 404 when unknown, 503 when the lookup service is down. */
export async function getCep(digits: string): Promise<CepAddress> {
  const reply = await api.get(`/api/cep/${digits}`, { retry: 0 }).json<{ success: boolean; data: CepAddress }>();
  return reply.data;
}

/** What the wizard sends, already validated by the step schemas of @rifaria/shared/schemas. */
export interface AccountOpening {
  personal: { name: string; email: string; cpf: string; phone: string; birthdate?: string | null };
  address: {
    street: string;
    number: string;
    neighborhood: string;
    city: string;
    state: string;
    zipCode: string;
    complement?: string | null;
  };
  documentType: number | string;
  /** null: 'Corrigir e reenviar' keeps the document of the corrected application (issue 32). */
  documentFile: File | null;
  /** The rejected application this one corrects (issue 32). */
  resubmissionOf?: number | null;
}

/**
 * POST /digital-wallets/abrir-conta, multipart. A FormData body: ky leaves the content type to fetch, which adds
 * the boundary. No time-out: the document may be 10 MB on a slow line.
 */
export async function openAccount({ personal, address, documentType, documentFile, resubmissionOf }: AccountOpening) {
  const form = new FormData();
  form.append('name', personal.name);
  form.append('email', personal.email);
  form.append('cpf', personal.cpf);
  form.append('phone', personal.phone);
  form.append('birthdate', personal.birthdate ?? '');
  form.append('street', address.street);
  form.append('number', address.number);
  form.append('neighborhood', address.neighborhood);
  form.append('city', address.city);
  form.append('state', address.state);
  form.append('zipCode', address.zipCode);
  form.append('complement', address.complement ?? '');
  form.append('documentType', String(documentType));
  if (documentFile) form.append('documentFile', documentFile, documentFile.name);
  if (resubmissionOf) form.append('resubmissionOf', String(resubmissionOf));
  return api
    .post('/digital-wallets/abrir-conta', { body: form, retry: 0, timeout: false })
    .json<{ success: boolean; message?: string }>();
}
