/**
 * Contract fixtures: pieces of the API's replies as the API sends them and the front ends read them, used by the API's
 * tests (what a reply must hold) and by the remotes' tests (what their `server` answers). No React and no fetch mock
 * here: the API's jest imports this module alone, as `@rifaria/shared/testing/fixtures`.
 */
import { CAMPAIGN_STATUS_ID, DRAW_TYPE_ID, PURCHASE_STATUS_ID } from '../constants';
import {
  CAMPAIGN_STATUS,
  PURCHASE_STATUS,
  type CampaignStatusId,
  type DrawType,
  type PublicCampaign,
  type PurchaseStatusId,
} from '../types';

export * from './contract-tables';

/** A campaign's status as the replies carry it: `{ id, description }`. */
export const campaignStatus = (id: CampaignStatusId) => ({ id, description: CAMPAIGN_STATUS[id] });

export const DRAFT_STATUS = campaignStatus(CAMPAIGN_STATUS_ID.draft);
export const PUBLISHED_STATUS = campaignStatus(CAMPAIGN_STATUS_ID.published);

/** A purchase's status as the replies carry it: `{ id, name }`. */
export const purchaseStatus = (id: PurchaseStatusId) => ({ id, name: PURCHASE_STATUS[id] });

export const PENDING = purchaseStatus(PURCHASE_STATUS_ID.pending);
export const PAID = purchaseStatus(PURCHASE_STATUS_ID.paid);
export const CANCELLED = purchaseStatus(PURCHASE_STATUS_ID.cancelled);

export const FEDERAL_DRAW_TYPE: DrawType = { id: DRAW_TYPE_ID.federal, description: 'Loteria Federal' };
export const RIFARIA_DRAW_TYPE: DrawType = { id: DRAW_TYPE_ID.rifaria, description: 'Sorteio Rifaria' };

/** GET /api/campaign_draw_types's whole reply: both draw types, by id. */
export const DRAW_TYPES_REPLY = { success: true, data: [FEDERAL_DRAW_TYPE, RIFARIA_DRAW_TYPE] };

/** A purchase's numbers as the replies list them: each number's id is its position, shown with `digits` digits. */
export const ticketsOf = (numbers: number[], digits = 4) =>
  numbers.map((id) => ({ id, number: String(id).padStart(digits, '0') }));

/** CEP 01001-000 (Praça da Sé, São Paulo) as GET /api/cep/{cep} answers it in `data`. */
export function cepAddress(overrides: { complement?: string } = {}) {
  return {
    cep: '01001000',
    street: 'Praça da Sé',
    neighborhood: 'Sé',
    city: 'São Paulo',
    state: 'SP',
    complement: 'lado ímpar',
    ...overrides,
  };
}

/** The sign-up form's fields, valid (POST /api/auth/register): Ana Paula Souza with the password 'Segura123'. */
export const registration = (email = 'ana@exemplo.com') => ({
  name: 'Ana Paula Souza',
  email,
  password: 'Segura123',
  password_confirmation: 'Segura123',
});

/** The address form's fields for CEP 01001-000 without the state (PUT /api/auth/address, the account opening). */
export const SE_ADDRESS = {
  zip_code: '01001000',
  street: 'Praça da Sé',
  number: '100',
  complement: 'lado ímpar',
  neighborhood: 'Sé',
  city: 'São Paulo',
};

/** GET /api/cep/01001000's whole reply. */
export const cepReply = (overrides: { complement?: string } = {}) => ({ success: true, data: cepAddress(overrides) });

/** An organiser's wallet as GET /api/user-wallets lists it. */
export interface WalletFixture {
  id: number;
  is_active: boolean;
  status: 'in_review' | 'active' | 'rejected' | 'closed';
  status_label: string;
  account_number: string;
  wallet_type: { id: number; name: string };
  created_at: string;
}

/** An active organiser's wallet (id 7) as GET /api/user-wallets lists it. */
export function userWallet(overrides: Partial<WalletFixture> = {}): WalletFixture {
  return {
    id: 7,
    is_active: true,
    status: 'active',
    status_label: 'Ativa',
    account_number: '12345678',
    wallet_type: { id: 1, name: 'Conta Digital Rifaria' },
    created_at: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

/** The prizes of a campaign as the replies list them: the ids and positions follow the order given. */
export const awardsOf = (...awards: [description: string, value: number | null][]) =>
  awards.map(([description, value], index) => ({ id: index + 1, description, value, position: index + 1 }));

/** The API's refusal (422 and the like): `{ success: false, message }`, with the refused fields when it names them. */
export const refusal = (message: string, errors?: Record<string, string[]>) => ({
  success: false,
  message,
  ...(errors ? { errors } : {}),
});

/** The draw rules a public page shows: 'Loteria Federal' of a 10,000-number campaign, and 'Sorteio Rifaria'. */
export const FEDERAL_RULE =
  'Sorteio pela Loteria Federal. Os números desta campanha vão de 0000 a 9999. O número de cada prêmio é formado pelos últimos 4 dígitos do prêmio da Loteria Federal de mesma ordem.';
export const RIFARIA_RULE =
  'Sorteio Rifaria, verificável por qualquer pessoa. Na publicação, a plataforma gerou uma semente secreta de 32 bytes e publicou nesta página o seu compromisso (o SHA-256 da semente), que não pode mais mudar.';

/** GET /public/campaigns/{link}'s `data`: a published 'Loteria Federal' campaign on sale, 'Rifa do Carro 0km'. */
export function publicCampaign(overrides: Partial<PublicCampaign> = {}): PublicCampaign {
  return {
    amendments: [],
    name: 'Rifa do Carro 0km',
    title: 'Rifa do Carro 0km',
    link: 'rifa-do-carro',
    full_url: 'https://rifaria.test/p/rifa-do-carro',
    banner_image: null,
    banner: null,
    ticket_price: 1,
    total_tickets: 10000,
    draw_datetime: '2026-12-19 20:00:00',
    draw_date: '2026-12-19',
    draw_date_formatted: '19/12/2026 às 20:00',
    draw_type: FEDERAL_DRAW_TYPE,
    draw_commitment: null,
    draw_rule: FEDERAL_RULE,
    drawn: false,
    status: PUBLISHED_STATUS,
    organizer: { name: 'Ana Souza', whatsapp: '11987654321' },
    awards: awardsOf(['Carro 0km', 80000], ['Pix de R$ 500', null]),
    rules: '<p>Sorteio pela <strong>extração da Loteria</strong>.</p>',
    stats: { sales_percentage: 37.5, tickets_available: 6250, tickets_paid: 3750 },
    accepting_purchases: true,
    max_tickets_per_purchase: 1000,
    ...overrides,
  };
}
