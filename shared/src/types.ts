/**
 * Wire types shared by the browser and the API (spec section 3). Plain types only: the API imports this file too.
 * Domain types beyond authentication are added by the teams that own those endpoints.
 */
import type { SALES_SORT_COLUMNS } from './constants';
import type { AddressInput } from './schemas/address';
import type { FieldErrors } from './schemas/validate';

export type { FieldErrors };

/** Every failure reply: `{ success: false, message, errors? }` (422 for validation, field → list of pt-BR messages). */
export interface ApiErrorBody {
  success: false;
  message?: string;
  /** Some legacy replies carry a single error text here; the login screen shows it first (spec section 8). */
  error?: string;
  errors?: FieldErrors;
  [key: string]: unknown;
}

export interface ApiSuccess<T> {
  success: true;
  message?: string;
  data: T;
}

export interface Pagination {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  has_more_pages: boolean;
  from: number | null;
  to: number | null;
}

/** A Brazilian state as GET /api/auth/states lists it (the address forms' 'Estado'). */
export interface StateOption {
  id?: number;
  name: string;
  abbreviation: string;
}

/** GET/PUT /api/auth/address: the organiser's saved address (profile and account opening), its state spelled out. */
export type SavedAddress = Omit<AddressInput, 'state_uf'> & { state: StateOption | null };

/** GET /api/cep/{cep}: the address a CEP names (state as its UF). */
export interface CepAddress {
  cep: string;
  street: string;
  neighborhood: string;
  city: string;
  /** UF. */
  state: string;
  complement?: string | null;
}

export interface UserProfile {
  description: string | null;
}

/** What the browser keeps about the signed-in organiser (spec section 3 "User"). */
export interface SessionUser {
  id?: number | string;
  name: string;
  email?: string;
  email_verified_at?: string | null;
  profile?: UserProfile | null;
}

/** GET /api/auth/me and the `user` of the login/registration replies. */
export interface User extends SessionUser {
  id: number | string;
  email: string;
  cpf?: string | null;
  phone?: string | null;
  birthdate?: string | null;
  wallets?: unknown[];
  formatted?: { cpf?: string | null; phone?: string | null };
}

/** POST /api/auth/login and /api/auth/register: the token comes as access_token (or token) plus the user. */
export interface AuthReply {
  success?: boolean;
  message?: string;
  access_token?: string;
  token?: string;
  token_type?: string;
  expires_at?: string;
  user: User;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface RegisterRequest {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
}

// Campaigns (issue 4) ---------------------------------------------------------------------------------------------
// Money in replies is a 2-decimal number of reais; inside the code it is centavos.

/** Status ids: 1 Rascunho (draft), 2 Publicada, 3 Cancelada, 4 Finalizada, 5 Suspensa (by an operator, issue 32). */
export type CampaignStatusId = 1 | 2 | 3 | 4 | 5;
export const CAMPAIGN_STATUS = {
  1: 'Rascunho',
  2: 'Publicada',
  3: 'Cancelada',
  4: 'Finalizada',
  5: 'Suspensa',
} as const satisfies Record<CampaignStatusId, string>;

export interface DrawType {
  id: number;
  /** 'Loteria Federal' | 'Sorteio Rifaria' (the panel shows 'Realizar Sorteio' when it contains 'rifaria'). */
  description: string;
}

export interface Award {
  id: number;
  description: string;
  value: number | null;
  position: number;
}

export interface CampaignStats {
  /** Paid tickets. */
  tickets_sold: number;
  total_tickets: number;
  /** total − sold − reserved by pending purchases. */
  tickets_available: number;
  total_revenue: number;
  /** 0–100 with up to 2 decimals. */
  sales_percentage: number;
}

export interface SalesChartEntry {
  /** 'YYYY-MM-DD' in America/Sao_Paulo; every day of the window is present. */
  date: string;
  sales: number;
  revenue: number;
}

export interface Campaign {
  id: number;
  name: string;
  title: string;
  status: { id: CampaignStatusId; description: string };
  draw_type: DrawType;
  total_tickets: number;
  ticket_price: number;
  rules: string;
  /** The banner image: /media/banners/<key> for an uploaded file (same origin), the external https URL, or null. */
  banner: string | null;
  banner_image: string | null;
  link: string;
  full_url: string;
  /** 'YYYY-MM-DD HH:MM:SS' São Paulo wall clock, or null. */
  draw_datetime: string | null;
  /** The same instant as ISO 8601 (UTC), or null. */
  draw_date: string | null;
  /** '28/11/2026 às 20:00', or null. */
  draw_date_formatted: string | null;
  user_wallet_id: number;
  wallet: { id: number; account_number: string; wallet_type: { name: string } } | null;
  awards: Award[];
  stats: CampaignStats;
  /** Last 14 days; only in GET /api/campaigns/{id}. */
  sales_chart?: SalesChartEntry[];
  published_at: string | null;
  created_at: string;
  updated_at: string;
  /** 'Sorteio Rifaria', from publication on: the SHA-256 (hex) of the draw's seed (see PublicCampaign). */
  draw_commitment: string | null;
  /** When the draw was made (ISO 8601), or null: the panel then loads GET /api/campaigns/{id}/draw. */
  drawn_at: string | null;
  /**
   * Only in GET /api/campaigns/{id}: a number was reserved (issue 30): price and prizes are locked, rules and draw
   * date change only through an amendment.
   */
  has_reservations?: boolean;
  /** Only in GET /api/campaigns/{id}: the campaign's amendments, oldest first (the change history). */
  amendments?: CampaignAmendment[];
}

/**
 * An amendment of a campaign whose numbers were already reserved (issue 30): its rules and/or a later draw date,
 * dated and explained, public. Price and prizes never change once a number is reserved.
 */
export interface CampaignAmendment {
  id: number;
  /** ISO 8601. */
  created_at: string;
  /** 'dd/mm' in São Paulo: 'Alteração do regulamento em 28/11: …'. */
  date_formatted: string;
  /** What the organiser wrote for the buyers. */
  note: string;
  rules_changed: boolean;
  /** '28/11/2026 às 20:00' before and after, when the draw date moved; null both otherwise. */
  draw_date_before_formatted: string | null;
  draw_date_after_formatted: string | null;
}

export interface CampaignListReply {
  success: true;
  data: Campaign[];
  summary: { active_count: number; draft_count: number; total_raised: number };
}

export interface PublishReply {
  success: true;
  message: string;
  /** `processing` is true above 10,000 tickets: the publish modal then shows its "processing" state. */
  data: Campaign & { processing: boolean };
}

/** Purchase status ids of the spec: 1 Pendente, 2 Pago, 3 Cancelado; 4 Reembolsado (paid, then refunded: issue 32). */
export type PurchaseStatusId = 1 | 2 | 3 | 4;

/** Purchase status names by id, as the spec shows them. */
export const PURCHASE_STATUS = {
  1: 'Pendente',
  2: 'Pago',
  3: 'Cancelado',
  4: 'Reembolsado',
} as const satisfies Record<PurchaseStatusId, string>;

export type PurchaseStatusName = (typeof PURCHASE_STATUS)[PurchaseStatusId];

export interface Sale {
  id: number;
  /**
   * CPF: the public mask ('***.***.***-09', check digits only, as every reply shows it) on Pago purchases, no digit
   * ('***.***.***-**') on the others. E-mail and phone are complete (phone as digits) only when the purchase is Pago; otherwise masked like the public pages
   * ('a***@gmail.com', '(11) *****-4321'), since anyone can put anyone's phone on a pending purchase.
   */
  buyer: { name: string; cpf: string; email: string | null; phone: string };
  total_tickets: number;
  total_value: number;
  status: { id: PurchaseStatusId; name: PurchaseStatusName };
  purchased_at: string;
  /**
   * Only when asked for (`with_numbers=1`: the CSV, a search by number): the ticket numbers the purchase holds,
   * ascending, zero-padded to the campaign's width (formatTicketNumber); [] once cancelled (numbers released).
   */
  numbers?: string[];
  /**
   * The sales table's view of the numbers (issue 30), on every row of GET /api/campaigns/{id}/sales: the first
   * SALE_NUMBERS_PREVIEW numbers, ascending and zero-padded, and how many more the purchase holds (the whole list:
   * GET /api/campaigns/{id}/sales/{saleId}/numbers). [] and 0 once cancelled.
   */
  numbers_preview?: { first: string[]; more: number };
}

/** GET /api/campaigns/{id}/sales/{saleId}/numbers: every number of one sale, ascending, zero-padded. */
export interface SaleNumbersReply {
  success: true;
  message: string;
  data: { id: number; numbers: string[] };
}

export interface SalesStatistics {
  total_sales: number;
  total_revenue: number;
  total_tickets_sold: number;
  tickets_available: number;
}

export interface SalesReply {
  success: true;
  message: string;
  data: Sale[];
  pagination: Pagination;
  statistics: SalesStatistics;
  campaign: { id: number; name: string; ticket_price: number; total_tickets: number; status: Campaign['status'] };
}

export interface DashboardOverview {
  active_campaigns: number;
  has_wallet: boolean;
  has_published_campaign: boolean;
  wallet: { total: number; available: number; blocked: number } | null;
}

export interface LatestSalesPoint {
  /** 'YYYY-MM-DD' in America/Sao_Paulo. */
  day: string;
  value: number;
}

// Public buyer flow (issue 5) -------------------------------------------------------------------------------------
// No token is sent on these calls. Personal data is masked in every reply ('***.***.***-09', 'a***@gmail.com',
// '(11) *****-4321'): whoever types a phone number must not learn someone else's documents.

/** GET /public/campaigns/{link} → data. Only published (and finished) campaigns; a draft or unknown link is 404. */
export interface PublicCampaign {
  name: string;
  title: string;
  link: string;
  full_url: string;
  banner_image: string | null;
  /**
   * The banner in the sizes and formats a phone should pick from (an uploaded banner, once its variants exist);
   * null without a banner. A banner given by URL has no variants: `sources` empty, `src` its URL.
   */
  banner: BannerImage | null;
  ticket_price: number;
  total_tickets: number;
  /** 'YYYY-MM-DD HH:MM:SS' São Paulo wall clock, or null (draw date not set yet). */
  draw_datetime: string | null;
  draw_date: string | null;
  draw_date_formatted: string | null;
  draw_type: DrawType;
  /**
   * 'Sorteio Rifaria': the lowercase hex SHA-256 of the draw's seed, fixed at publish and revealed with the result
   * (anyone can check the draw used it). Null for 'Loteria Federal'.
   */
  draw_commitment: string | null;
  /**
   * How the winners will be (or were) drawn, in plain pt-BR, published before sales: the commit-reveal and drand
   * beacon for 'Sorteio Rifaria', the rule derived from the campaign's size for 'Loteria Federal'.
   */
  draw_rule: string;
  /** True once the draw was made: GET /public/campaigns/{link}/result then answers. */
  drawn: boolean;
  status: { id: CampaignStatusId; description: string };
  organizer: { name: string; whatsapp: string | null };
  awards: Award[];
  /** Sanitised HTML (b, strong, i, em, u, br, p only); '' when the organiser wrote none → page shows the default text. */
  rules: string;
  /**
   * tickets_paid: numbers paid (after the draw, the paid numbers the draw used): `npm run verify-draw -- --link`
   * compares it with the verification file.
   */
  stats: { sales_percentage: number; tickets_available: number; tickets_paid: number };
  /** False when published but not buyable (draw date passed, sold out, finished): the page disables 'Participar Agora'. */
  accepting_purchases: boolean;
  max_tickets_per_purchase: number;
  /** Changes made after numbers were reserved, oldest first (issue 30): shown on the page, never hidden. */
  amendments: CampaignAmendment[];
}

/**
 * A banner ready for `<picture>`: AVIF and WebP at a few widths, a fallback `src`, and the intrinsic size of the
 * largest variant (so the page reserves its box before the bytes arrive). URLs are relative (/media/…) for uploads.
 */
export interface BannerImage {
  /** The `<img src>`: a JPEG (or the external URL). */
  src: string;
  /** Intrinsic size of the largest variant; null for an external URL (its size is unknown). */
  width: number | null;
  height: number | null;
  /** Best format first: `{ type: 'image/avif', srcset: '/media/…/w480.avif 480w, …' }`, then WebP. */
  sources: { type: 'image/avif' | 'image/webp'; srcset: string }[];
  /** A 1200×630 JPEG for link previews (og:image), or null (external URL). */
  preview: string | null;
}

// Draws (issue 13) -------------------------------------------------------------------------------------------------

export type DrawMethod = 'rifaria' | 'federal';
export type FederalResultSource = 'caixa' | 'organizer' | 'sandbox';

export interface DrawWinner {
  /** 1-based prize position. */
  position: number;
  award: { description: string };
  /** Zero-padded to the campaign's width, as on the checkout (formatTicketNumber). */
  number: string;
  /** Masked on public replies ('Maria S.'); the organiser's reply has the full name. */
  buyer_name: string;
}

/** The public randomness round mixed into a 'Sorteio Rifaria' (drand quicknet, or the offline sandbox). */
export interface DrawBeacon {
  /** 'drand' or 'sandbox' (the offline default, deterministic: NOT a public beacon). */
  source: string;
  chain_hash: string;
  round: number;
  randomness: string;
  signature: string;
  /** The round's public record (drand's HTTP API), or null for the sandbox. */
  url: string | null;
}

/** GET /public/campaigns/{link}/result → data. 404 before the draw. */
export interface DrawResult {
  method: DrawMethod;
  /** full_url: the campaign's page on the one link origin (PUBLIC_URL, else the machine's network address). */
  campaign: { name: string; link: string; total_tickets: number; full_url: string };
  winners: DrawWinner[];
  /** 'Sorteio Rifaria': the seed revealed (hex) and the commitment published at publish; null for 'Loteria Federal'. */
  seed: string | null;
  commitment: string | null;
  beacon: DrawBeacon | null;
  /**
   * 'Loteria Federal': the contest, its 5 prizes, where they came from ('caixa': Caixa's results API; 'organizer':
   * typed by the organiser, Caixa unreachable; 'sandbox': the offline demo, NOT a real result) and, per winner, how
   * the number was reached (pt-BR).
   */
  federal: { contest: number; prizes: string[]; source: FederalResultSource; steps: string[][] } | null;
  /** SHA-256 (hex) of the sorted list of paid numbers, each as a 4-byte big-endian integer. */
  tickets_hash: string;
  paid_count: number;
  /** ISO 8601. */
  drawn_at: string;
  /** '28/11/2026 às 20:00' (America/Sao_Paulo). */
  drawn_at_formatted: string;
  /** The campaign's amendments after sales, oldest first (issue 30). */
  amendments: CampaignAmendment[];
}

/** GET /api/campaigns/{id}/draw/federal-result?contest=N: a contest's result, for the organiser to review. */
export interface FederalContestLookup {
  contest: number;
  /** 'YYYY-MM-DD' the contest was drawn, or null when unknown. */
  date: string | null;
  /** 'DD/MM/AAAA', or null. */
  date_formatted: string | null;
  prizes: string[];
  source: 'caixa' | 'sandbox';
}

/** The organiser's view of a winner (GET/POST /api/campaigns/{id}/draw): who to reach, unmasked. */
export interface OrganizerDrawWinner extends DrawWinner {
  /** '(11) 98765-4321'. */
  buyer_phone: string;
  buyer_email: string | null;
  purchase_hash: string;
}

export interface OrganizerDrawResult extends Omit<DrawResult, 'winners'> {
  winners: OrganizerDrawWinner[];
}

/**
 * A lookup whose "nothing found" is a normal outcome (the phone of a new buyer, "Meus números" before any purchase):
 * 200 with `found: false` and the reason in `message`, never a 404, which every browser logs as a console error.
 */
export type ApiLookup<T> =
  { success: true; found: true; data: T } | { success: true; found: false; data: null; message: string };

/**
 * GET /public/buyers/check/{phone} → ApiLookup (found false = new buyer); also the reply of POST /public/buyers and
 * of POST /public/buyers/change-phone.
 */
export interface PublicBuyer {
  name: string;
  /**
   * Masked to the two check digits: '***.***.***-09'. The CPF is what proves a buyer ("Meus números", changing
   * phone), so a phone lookup must not narrow it down (the six middle digits would leave ~1,000 candidates).
   */
  cpf: string;
  /** Masked: 'a***@gmail.com', or null. */
  email: string | null;
  /** Masked: '(11) *****-4321'. */
  phone: string;
}

export interface PurchaseTicket {
  id: number;
  /** Zero-padded to the campaign's width (formatTicketNumber). */
  number: string;
}

export interface PurchasePayment {
  txid: string;
  /** Pix copy-and-paste (BR Code) of THIS purchase. */
  copy_paste_code: string;
  /** QR code of copy_paste_code as a data: URL (PNG). */
  qr_code: string;
  /** When the charge (and the reservation) expires: ISO 8601. */
  expires_at: string;
}

/** GET /public/purchases/{hash} → data. */
export interface Purchase {
  purchase_hash: string;
  /** ISO 8601. */
  purchased_at: string;
  purchased_at_formatted: string;
  /** ISO 8601: purchased_at + the reservation window (10 minutes), or the draw datetime when that comes first. */
  expires_at: string;
  /** The server's clock when it answered (ISO 8601): the countdown corrects the device's clock with it. */
  server_time: string;
  paid_at: string | null;
  total_tickets: number;
  total_value: number;
  status: { id: PurchaseStatusId; name: PurchaseStatusName };
  /** Paid after expiry with no numbers left: the money goes back to the buyer ('pending' → 'refunded'/'failed'). */
  refund_status: 'pending' | 'refunded' | 'failed' | null;
  /**
   * The reservation ends because sales close for the draw (issue 30): its deadline is the draw datetime (it was made
   * less than the reservation window before it), or the draw cancelled it before its deadline.
   */
  ends_at_draw: boolean;
  campaign: {
    title: string;
    link: string;
    full_url: string;
    ticket_price: number;
    draw_date_formatted: string | null;
    draw_method: DrawMethod;
    /**
     * 'Sorteio Rifaria': the commitment published before sales, shown on the paid receipt so buyers hold a copy made
     * before the draw. Null for 'Loteria Federal'.
     */
    draw_commitment: string | null;
    organizer: { name: string; whatsapp: string | null };
  };
  /** Empty while nothing is reserved (expired). */
  tickets: PurchaseTicket[];
  buyer: PublicBuyer;
  /** Present while the purchase is Pendente; null once paid or cancelled. */
  payment: PurchasePayment | null;
  /** True when the sandbox PSP is active: the checkout shows 'Simular pagamento (sandbox)'. */
  sandbox: boolean;
}

/** POST /public/purchases → data. */
export interface PurchaseCreated {
  purchase_hash: string;
  expires_at: string;
}

/** GET /public/campaigns/{link}/my-tickets?phone=&cpf= → data. */
export interface MyTickets {
  buyer: { name: string };
  purchases: Array<
    Pick<
      Purchase,
      | 'purchase_hash'
      | 'purchased_at'
      | 'purchased_at_formatted'
      | 'total_tickets'
      | 'total_value'
      | 'status'
      | 'tickets'
    >
  >;
  /** After the draw: the buyer's numbers that won, in prize order ([] before the draw or when none won). */
  prizes: { position: number; award: { description: string }; number: string }[];
}

/** A page of the sales table as the organiser asks for it (the server's listing and the screen share it). */
export type SalesSortBy = (typeof SALES_SORT_COLUMNS)[number];
export type SortOrder = 'asc' | 'desc';
export interface SalesQuery {
  statuses: PurchaseStatusId[];
  buyerSearch: string;
  page: number;
  perPage: number;
  sortBy: SalesSortBy;
  sortOrder: SortOrder;
}

/** POST /api/auth/verify-email {code} → the user with email_verified_at set. */
export interface VerifyEmailReply {
  success: boolean;
  message: string;
  user: User;
}

/** GET/PUT /api/auth/settings → data ('Configurações'). */
export interface AccountSettings {
  /** The organiser's name on public pages; null shows the account's name. */
  public_name: string | null;
  /** Digits (DDD + number) of the WhatsApp button on public pages; null: no button. */
  public_whatsapp: string | null;
  notifications: Record<import('./schemas/account').NotificationKind, boolean>;
  /** What the public pages show with these settings, and the numbers the organiser may pick from. */
  effective: { name: string; whatsapp: string | null };
  suggestions: { account_phone: string | null; instance_phones: string[] };
}

/** GET /api/sandbox/mailbox → data (sandbox only: mail kept in the outbox, newest first). */
export interface SandboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: string;
  created_at_formatted: string;
}

/** Spec section 3 "Messaging instance". */
export type WhatsAppStatus = 'connected' | 'connecting' | 'disconnected' | 'error';
export interface WhatsAppInstance {
  id: string;
  instance_name: string;
  /** Digits, DDD + number. */
  phone_number: string;
  status: WhatsAppStatus;
  is_default: boolean;
  /** While connecting: the QR code as a data URL (data:image/png;base64,…); null otherwise. */
  qr_code: string | null;
  created_at: string;
  formatted: { phone_number: string; status: string };
}

/** GET /whatsapp/messages → data: the organiser's automatic and test messages, newest first. */
export type WhatsAppMessageStatus = 'pending' | 'sent' | 'failed' | 'skipped';
export interface WhatsAppMessage {
  id: string;
  kind: string;
  to_phone: string;
  body_text: string;
  status: WhatsAppMessageStatus;
  created_at: string;
  sent_at: string | null;
  formatted: { to_phone: string; created_at: string; sent_at: string | null; status: string; kind: string };
}

// The buyer page's first view (issue 15) ---------------------------------------------------------------------------
// The API answers /p/{link} and /p/checkout with HTML that mf-public's server renderer (mf-public/dist/ssr/render.js)
// drew from this data, and inlines the same data in the page (<script type="application/json" id=FIRST_VIEW_DATA_ID>)
// so the app takes over from it without a request or a layout shift.

/** A public GET's reply as the page would have fetched it: the data, or `success: false` with why (404 included). */
export type FirstViewReply<T> = ApiSuccess<T> | { success: false; message?: string };

export interface FirstViewData {
  /** The page's path and query, e.g. '/p/rifa-x' or '/p/checkout?compra=…'. */
  url: string;
  /** Rendered with the phone layout (a mobile User-Agent); the app starts from the same layout, then measures. */
  mobile: boolean;
  /** What /runtime-config.json says, so the page needs no request before its first call. */
  config: { apiBaseUrl: string; sandbox: boolean };
  /** GET /public/campaigns/{link} for /p/{link}. */
  campaign?: { link: string; reply: FirstViewReply<PublicCampaign> };
  /** GET /public/purchases/{hash} for /p/checkout?compra={hash}. */
  purchase?: { hash: string; reply: FirstViewReply<Purchase> };
}

/** What mf-public/dist/ssr/render.js exports (module.exports = { render }). */
export interface FirstViewRenderer {
  /**
   * Synchronous (react-dom/server renderToString): `html` goes inside #root, `head` (the page's critical styles as
   * <style> tags) into the document's head.
   */
  render(data: FirstViewData): { html: string; head: string };
}

// Back office: campaigns, reports, purchases and refunds (issue 32, /api/admin/*) ------------------------------------

/** A campaign as the operators' list shows it (GET /api/admin/campaigns). */
export interface AdminCampaign {
  id: number;
  name: string;
  link: string;
  status: { id: CampaignStatusId; description: string };
  /** ISO 8601, or null without a draw date. */
  draw_date: string | null;
  organizer: { id: number; name: string; email: string };
  open_reports: number;
  paid_purchases: number;
  /** Reais (2 decimals) of the Pago purchases. */
  paid_value: number;
  suspended_at: string | null;
  suspension_reason: string | null;
  cancel_reason: string | null;
}

/** 'Denunciar campanha' reasons: golpe, prêmio inexistente, conteúdo impróprio, outro. */
export type CampaignReportReason = 'golpe' | 'premio_inexistente' | 'conteudo_improprio' | 'outro';

/** One report in the operators' queue (GET /api/admin/campaign-reports). */
export interface AdminCampaignReport {
  id: number;
  campaign: { id: number; name: string; link: string; status: { id: CampaignStatusId; description: string } };
  reason: CampaignReportReason;
  description: string;
  /** The reporter's phone (digits) when given, to be called back. */
  phone: string | null;
  status: 'open' | 'resolved';
  created_at: string;
}

/** A purchase found by an operator (GET /api/admin/purchases?q=). */
export interface AdminPurchase {
  purchase_hash: string;
  campaign: { id: number; name: string; link: string };
  status: { id: PurchaseStatusId; name: PurchaseStatusName };
  refund_status: 'pending' | 'refunded' | 'failed' | null;
  total_tickets: number;
  total_value: number;
  purchased_at: string;
  paid_at: string | null;
  /** The CPF masked (check digits only); name, phone and e-mail for support. */
  buyer: { name: string; phone: string; email: string | null; cpf: string };
}

/** GET /api/admin/purchases/{hash}: with its status history, its Pix and its refund. */
export interface AdminPurchaseDetail extends AdminPurchase {
  history: { status: string; at: string }[];
  pix: {
    txid: string | null;
    charge_status: string | null;
    payments: { end_to_end_id: string; value: number; paid_at: string }[];
  };
  refund: {
    status: 'pending' | 'refunded' | 'failed';
    refund_id: string;
    reason: string | null;
    error: string | null;
    requested_at: string | null;
    refunded_at: string | null;
  } | null;
}

/** A refund in progress, refused or done (GET /api/admin/refunds?status=). */
export interface AdminRefund {
  purchase_hash: string;
  campaign: { id: number; name: string };
  status: { id: PurchaseStatusId; name: PurchaseStatusName };
  refund_status: 'pending' | 'refunded' | 'failed';
  /** The id the PSP was asked with (PUT /pix/{e2eid}/devolucao/{id}). */
  refund_id: string;
  value: number;
  reason: string | null;
  /** The PSP's refusal, for a failed refund. */
  error: string | null;
  requested_at: string | null;
  attempted_at: string | null;
  refunded_at: string | null;
}
