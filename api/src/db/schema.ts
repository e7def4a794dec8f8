import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

/**
 * Kysely view of the tables created by api/migrations. Keep in step with the SQL.
 *
 * Type mapping (same on PostgreSQL and PGlite, see db/index.ts):
 * - bigint → string (int8 exceeds JS numbers in general; ids are converted at the API edge),
 * - timestamptz → Date, date → 'YYYY-MM-DD' string (no time-zone shift), bytea → Buffer.
 */

/** bigint identity: read as string, generated on insert. */
type Id = ColumnType<string, string | number | undefined, never>;
/** bigint foreign key. */
type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
/** timestamptz with a DEFAULT now(). */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: Id;
  name: string;
  email: string;
  /** 054: null for an account made with Google until its owner sets a password (no password matches it). */
  password_hash: string | null;
  cpf: string | null;
  phone: string | null;
  birthdate: ColumnType<string | null, string | null | undefined, string | null>;
  email_verified_at: NullableTimestamp;
  profile_description: Generated<string>;
  /** 054: the Google account (OpenID `sub`) this account signs in with, or null. */
  google_sub: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AuthTokensTable {
  id: Id;
  user_id: Int8;
  token_hash: Buffer;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  /** 049: why it was revoked ('password_changed'), or null. */
  revoked_reason: ColumnType<
    'password_changed' | null,
    'password_changed' | null | undefined,
    'password_changed' | null
  >;
}

export interface StatesTable {
  id: number;
  name: string;
  abbreviation: string;
}

/** A postal address as it is stored (addresses, account_applications). */
export interface AddressColumns {
  zip_code: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state_uf: string;
}

export interface AddressesTable extends AddressColumns {
  id: Id;
  user_id: Int8;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface MailOutboxTable {
  id: Id;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  created_at: CreatedAt;
  sent_at: NullableTimestamp;
  attempts: Generated<number>;
  last_error: string | null;
  /** 017: when the delivery worker may (re)try it; a claim moves it past the send's duration. */
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** 017: the worker gave up (permanent refusal, or too many attempts); last_error says why. */
  failed_at: NullableTimestamp;
  /** 052: the event an organiser e-mail announces (one e-mail per event); null for messages that may repeat. */
  dedupe_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface WalletTypesTable {
  id: number;
  name: string;
}

export type WalletStatus = 'in_review' | 'active' | 'rejected' | 'closed';

export interface UserWalletsTable {
  id: Id;
  user_id: Int8;
  wallet_type_id: number;
  account_number: string;
  status: ColumnType<WalletStatus, WalletStatus | undefined, WalletStatus>;
  status_reason: string | null;
  /** 012: the account holder's CPF (digits); one in-review or active wallet per CPF (partial unique index). */
  holder_cpf: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  activated_at: NullableTimestamp;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface DocumentTypesTable {
  id: number;
  name: string;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  checksum: string;
  applied_at: CreatedAt;
}

export type ApplicationStatus = 'in_review' | 'approved' | 'rejected';

/** 005_account_opening: one account-opening request and its KYC outcome. */
export interface AccountApplicationsTable extends AddressColumns {
  id: Id;
  user_id: Int8;
  user_wallet_id: Int8;
  name: string;
  email: string;
  cpf: string;
  phone: string;
  birthdate: string | null;
  document_type_id: number;
  document_storage_key: string;
  document_mime: string;
  document_size: number;
  status: ColumnType<ApplicationStatus, ApplicationStatus | undefined, ApplicationStatus>;
  reviewer: string | null;
  rejection_reason: string | null;
  reviewed_at: NullableTimestamp;
  created_at: CreatedAt;
  // 056_kyc_manual_review
  check_cpf_valid: boolean | null;
  check_adult: boolean | null;
  check_cpf_unique: boolean | null;
  rejection_code: KycRejectionCode | null;
  rejection_details: string | null;
  resubmission_of: ColumnType<string | null, string | number | bigint | null | undefined, string | null>;
}

/** 056_kyc_manual_review: the operator's reasons for rejecting an account opening. */
export type KycRejectionCode = 'documento_ilegivel' | 'dados_nao_conferem' | 'menor_de_idade' | 'outro';

/** 005_account_opening: CEP lookups (found and not found) shared by every API process. */
export interface CepCacheTable {
  cep: string;
  found: boolean;
  street: string | null;
  neighborhood: string | null;
  city: string | null;
  state_uf: string | null;
  complement: string | null;
  provider: string;
  fetched_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: Timestamp;
}

/** 003_ledger: see the migration for the sign convention. */
export interface LedgerAccountsTable {
  id: Id;
  code: string;
  wallet_id: ColumnType<string | null, string | number | null | undefined, never>;
  balance_type: ColumnType<'available' | 'blocked' | null, 'available' | 'blocked' | null | undefined, never>;
  allow_negative: ColumnType<boolean, boolean | undefined, never>;
  balance_cents: ColumnType<string, string | number | undefined, string | number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface LedgerTransactionsTable {
  id: Id;
  idempotency_key: string;
  kind: string;
  description: string;
  metadata: ColumnType<Record<string, unknown>, string | undefined, never>;
  created_at: CreatedAt;
}

export interface LedgerEntriesTable {
  id: Id;
  transaction_id: Int8;
  account_id: Int8;
  amount_cents: Int8;
  created_at: CreatedAt;
}

/** 004_payments */
export type PixChargeRowStatus = 'pending' | 'paid' | 'expired';
export type PixChargePurpose = 'deposit' | 'purchase';

export interface PixChargesTable {
  id: Id;
  txid: string;
  purpose: PixChargePurpose;
  reference_id: Int8;
  amount_cents: Int8;
  status: ColumnType<PixChargeRowStatus, PixChargeRowStatus | undefined, PixChargeRowStatus>;
  expires_at: Timestamp;
  copy_paste_code: string;
  created_at: CreatedAt;
  paid_at: NullableTimestamp;
  last_checked_at: NullableTimestamp;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface PixReceivedPaymentsTable {
  end_to_end_id: string;
  txid: string;
  charge_id: Int8;
  amount_cents: Int8;
  paid_at: Timestamp;
  credited: boolean;
  created_at: CreatedAt;
}

export type WebhookOutcome = 'received' | 'processed' | 'rejected' | 'error';

export interface PixWebhookCallsTable {
  id: Id;
  received_at: CreatedAt;
  headers: ColumnType<Record<string, unknown>, string, never>;
  raw_body: string;
  outcome: ColumnType<WebhookOutcome, WebhookOutcome | undefined, WebhookOutcome>;
  detail: string | null;
  /** The worker's lease while it resumes an interrupted call (migration 026). */
  last_checked_at: NullableTimestamp;
}

export type DepositStatus = 'pending' | 'paid' | 'expired';

export interface DepositsTable {
  id: Id;
  wallet_id: Int8;
  user_id: Int8;
  amount_cents: Int8;
  description: string;
  txid: string;
  status: ColumnType<DepositStatus, DepositStatus | undefined, DepositStatus>;
  expires_at: Timestamp;
  paid_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type TransferStatus = 'processing' | 'completed' | 'failed';

export interface WalletTransfersTable {
  id: Id;
  wallet_id: Int8;
  user_id: Int8;
  amount_cents: Int8;
  pix_key: string;
  pix_key_type: 'cpf' | 'cnpj' | 'email' | 'phone' | 'evp';
  description: string;
  status: ColumnType<TransferStatus, TransferStatus | undefined, TransferStatus>;
  provider_key: string;
  end_to_end_id: string | null;
  failure_reason: string | null;
  debit_transaction_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  reversal_transaction_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  last_checked_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** 010: the request's Idempotency-Key header, unique per user (wallet_transfers_idempotency_key). */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** 052: the recipient as the PSP's directory answered at confirmation (document masked); null without a lookup. */
  recipient_name: ColumnType<string | null, string | null | undefined, string | null>;
  recipient_document: ColumnType<string | null, string | null | undefined, string | null>;
  recipient_bank: ColumnType<string | null, string | null | undefined, string | null>;
  recipient_ispb: ColumnType<string | null, string | null | undefined, string | null>;
}

/** 006_sandbox_psp: the embedded sandbox PSP's own state (never read by the ledger). */
export type SandboxPixChargeStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

export interface SandboxPixChargesTable {
  txid: string;
  amount_cents: Int8;
  expires_in_seconds: number;
  payer_name: string | null;
  payer_document: string | null;
  description: string | null;
  copy_paste_code: string;
  status: ColumnType<SandboxPixChargeStatus, SandboxPixChargeStatus | undefined, SandboxPixChargeStatus>;
  end_to_end_id: string | null;
  paid_at: NullableTimestamp;
  removed_at: NullableTimestamp;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  webhook_attempts: ColumnType<number, number | undefined, number>;
  webhook_delivered_at: NullableTimestamp;
}

export interface SandboxPixTransfersTable {
  idempotency_key: string;
  amount_cents: Int8;
  pix_key: string;
  description: string | null;
  status: 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';
  end_to_end_id: string | null;
  failure_reason: string | null;
  created_at: CreatedAt;
}

export interface SandboxPixRefundsTable {
  end_to_end_id: string;
  refund_id: string;
  amount_cents: Int8;
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  created_at: CreatedAt;
}

// 007_campaigns ----------------------------------------------------------------------------------------------------

export interface CampaignDrawTypesTable {
  id: number;
  description: string;
}

export interface CampaignStatusesTable {
  id: number;
  description: string;
}

export interface CampaignsTable {
  id: Id;
  user_id: Int8;
  user_wallet_id: Int8;
  draw_type_id: number;
  status_id: Generated<number>;
  name: string;
  link: string;
  total_tickets: number;
  ticket_price_cents: Int8;
  rules: string;
  banner_storage_key: string | null;
  banner_url: string | null;
  draw_at: NullableTimestamp;
  /** 015: 32 random bytes drawn at publish; secret until the draw. */
  draw_seed: Buffer | null;
  /** 015: lowercase hex SHA-256 of draw_seed, public from publication on ('Sorteio Rifaria'). */
  draw_commitment: string | null;
  /** 016: when the draw was made (campaign_draws), null before. */
  drawn_at: NullableTimestamp;
  /** 019: the uploaded banner's size once EXIF-rotated (null: no upload, or not processed yet). */
  banner_width: ColumnType<number | null, number | null | undefined, number | null>;
  banner_height: ColumnType<number | null, number | null | undefined, number | null>;
  /** 019: jsonb array of the variants stored (campaigns/banner-images.ts RecordedVariant); null = not processed. */
  banner_variants: ColumnType<unknown, string | null | undefined, string | null>;
  /** 019: the backfill's lease (db/leases.ts). */
  banner_variants_claimed_at: NullableTimestamp;
  cancel_reason: string | null;
  published_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  // 057_suspensions_and_refunds
  suspended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  suspension_reason: ColumnType<string | null, string | null | undefined, string | null>;
  cancelled_by: ColumnType<CancelledBy | null, CancelledBy | null | undefined, CancelledBy | null>;
}

export interface CampaignAwardsTable {
  campaign_id: Int8;
  position: number;
  description: string;
  value_cents: ColumnType<string | null, string | number | null, string | number | null>;
}

/** 048: an amendment of a campaign with reserved numbers (rules and/or a later draw date), never changed. */
export interface CampaignAmendmentsTable {
  id: ColumnType<string, never, never>;
  campaign_id: Int8;
  created_at: CreatedAt;
  note: string;
  rules_before: string | null;
  rules_after: string | null;
  draw_at_before: NullableTimestamp;
  draw_at_after: NullableTimestamp;
}

export interface CampaignTicketPoolsTable {
  campaign_id: Int8;
  total: number;
  algorithm: Generated<string>;
  domain_bits: number;
  rounds: number;
  key_version: Generated<number>;
  next_index: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

// 008_purchases ---------------------------------------------------------------------------------------------------

export interface BuyersTable {
  id: Id;
  name: string;
  /** Generated by the database (lower-cased, accents folded) for buyer search. */
  name_search: ColumnType<string, never, never>;
  phone: string;
  email: string | null;
  /** HMAC-SHA256 of the CPF digits with a server secret. */
  cpf_hash: Buffer;
  /** AES-256-GCM: iv(12) || tag(16) || ciphertext(11). */
  cpf_encrypted: Buffer;
  cpf_key_id: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  // 020_buyer_phone_proof
  /** When the current phone last proved possession (a WhatsApp code); NULL: unproven, automatic messages capped. */
  phone_verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Carried by the buyer's device tokens; bumped to revoke them all. */
  token_epoch: Generated<number>;
  /** 059: when the buyer's data was erased (name 'Titular removido', phone 'removido-<id>'); NULL otherwise. */
  anonymised_at: NullableTimestamp;
}

export interface PurchaseStatusesTable {
  id: number;
  name: string;
}

/** 1 Pendente, 2 Pago, 3 Cancelado, 4 Reembolsado (057) (see the migrations for the lifecycle and paid-to-refund). */
export type PurchaseStatusIdValue = 1 | 2 | 3 | 4;
export type RefundStatus = 'pending' | 'refunded' | 'failed';

export interface PurchasesTable {
  campaign_id: Int8;
  id: Id;
  buyer_id: Int8;
  purchase_hash: string;
  idempotency_key: string | null;
  total_tickets: number;
  unit_price_cents: Int8;
  total_cents: Int8;
  status_id: ColumnType<PurchaseStatusIdValue, PurchaseStatusIdValue | undefined, PurchaseStatusIdValue>;
  refund_status: RefundStatus | null;
  purchased_at: CreatedAt;
  expires_at: Timestamp;
  paid_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** 009: the refund worker's claim on a paid-to-refund purchase. */
  refund_attempted_at: NullableTimestamp;
  /** 030: the address the reservation came from (the address cap); NULL before 030. */
  client_address: ColumnType<string | null, string | null | undefined, string | null>;
  /** 047: the reserving device proved the buyer (device token); false counts apart from the buyer's own caps. */
  proven: ColumnType<boolean, boolean | undefined, boolean>;
  /** 051: when the buyer accepted the rules and declared being 18 or older (NULL: before 051, never asked). */
  terms_accepted_at: NullableTimestamp;
  // 057_suspensions_and_refunds: a paid purchase refunded (Reembolsado), and the PSP's answer.
  refund_reason: ColumnType<string | null, string | null | undefined, string | null>;
  refund_requested_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  refunded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  refund_error: ColumnType<string | null, string | null | undefined, string | null>;
  refund_retries: ColumnType<number, number | undefined, number>;
}

export interface CampaignTicketsTable {
  campaign_id: Int8;
  number: number;
  purchase_id: Int8;
}

export interface ReleasedTicketsTable {
  campaign_id: Int8;
  number: number;
  released_at: CreatedAt;
}

// 009_purchase_allocation ------------------------------------------------------------------------------------------

/** A block of counter positions [start_index, start_index + count) handed out from one API process's memory. */
export interface CampaignTicketLeasesTable {
  campaign_id: Int8;
  start_index: ColumnType<string, string | number | bigint, string | number | bigint>;
  count: number;
  leased_at: CreatedAt;
  expires_at: Timestamp;
}

// 013_buyer_phone_changes -----------------------------------------------------------------------------------------

/** Audit of 'Trocar de telefone': one row per buyer moved to a new phone, phones masked. */
export interface BuyerPhoneChangesTable {
  id: Id;
  buyer_id: Int8;
  old_phone_masked: string;
  new_phone_masked: string;
  /** inet, read back as text. */
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  // 020_buyer_phone_proof: undo from the old phone
  old_phone: string | null;
  new_phone: string | null;
  undo_token_hash: Buffer | null;
  undo_until: NullableTimestamp;
  undone_at: NullableTimestamp;
}

// 020_buyer_phone_proof --------------------------------------------------------------------------------------------

export type BuyerCodePurpose = 'change_phone' | 'lookup' | 'privacy_export' | 'privacy_deletion';

/** A 6-digit WhatsApp code of a buyer's phone: only its HMAC is stored; void once used, replaced, expired or tried 5 times. */
export interface BuyerPhoneCodesTable {
  id: Id;
  purpose: BuyerCodePurpose;
  buyer_id: Int8;
  phone: string;
  code_hash: Buffer;
  attempts: Generated<number>;
  ip: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

// 016_draws
export interface CampaignDrawsTable {
  campaign_id: Int8;
  method: 'rifaria' | 'federal';
  /** Draws before 035 only: ascending paid numbers, 4-byte big-endian each (their file is built from it). */
  paid_numbers: ColumnType<Buffer | null, Buffer | null | undefined, never>;
  paid_count: number;
  tickets_hash: string;
  /** [{position, description}] at the draw. */
  prizes: ColumnType<unknown, string, string>;
  beacon: ColumnType<unknown, string | null, string | null> | null;
  federal_contest: number | null;
  federal_prizes: string[] | null;
  federal_source: 'organizer' | 'caixa' | 'sandbox' | null;
  drawn_by: Int8;
  drawn_at: CreatedAt;
}
/** 035: the draw's verification file, built once and stored compressed. */
export interface CampaignDrawFilesTable {
  campaign_id: Int8;
  etag: string;
  json_bytes: number;
  gzip: Buffer;
  brotli: Buffer;
  created_at: CreatedAt;
}
export interface CampaignDrawWinnersTable {
  campaign_id: Int8;
  position: number;
  number: number;
  purchase_id: Int8;
  award_description: string;
  steps: ColumnType<unknown, string | undefined, string>;
}
export interface WhatsappOutboxTable {
  id: Id;
  /** NULL: a platform message to a buyer (020), sent by WHATSAPP_PLATFORM_INSTANCE. */
  user_id: ColumnType<string | null, string | number | null, string | number | null>;
  to_phone: string;
  body_text: string;
  created_at: CreatedAt;
  sent_at: NullableTimestamp;
  attempts: Generated<number>;
  last_error: string | null;
  // 018_whatsapp
  kind: WhatsappMessageKind;
  dedupe_key: string;
  status: ColumnType<WhatsappMessageStatus, WhatsappMessageStatus | undefined, WhatsappMessageStatus>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  instance_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  // 021_unproven_phone_caps: the campaign of a 'purchase_reserved'
  campaign_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
}

// 017_account_codes -----------------------------------------------------------------------------------------------

/** A 6-digit e-mail code: only its HMAC (server key) is stored; void once used, replaced, expired or tried 5 times. */
export interface EmailVerificationCodesTable {
  id: Id;
  user_id: Int8;
  email: string;
  code_hash: Buffer;
  attempts: Generated<number>;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** A password reset link: only the SHA-256 of its token is stored; single use. */
export interface PasswordResetTokensTable {
  id: Id;
  user_id: Int8;
  email: string;
  token_hash: Buffer;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

// 018_whatsapp
export type WhatsappMessageKind =
  | 'purchase_reserved'
  | 'payment_confirmed'
  | 'reservation_expired'
  | 'draw_result'
  | 'test'
  // 020_buyer_phone_proof: the platform's own messages to buyers (user_id NULL)
  | 'buyer_code'
  | 'buyer_notice'
  // 048_campaign_amendments: an amendment, to each buyer with a paid purchase
  | 'campaign_amendment';
export type WhatsappMessageStatus = 'pending' | 'sent' | 'failed' | 'skipped';
export type WhatsappInstanceStatus = 'connected' | 'connecting' | 'disconnected' | 'error';
export interface WhatsappInstancesTable {
  id: Id;
  user_id: Int8;
  instance_name: string;
  provider_name: string;
  phone_number: string;
  status: ColumnType<WhatsappInstanceStatus, WhatsappInstanceStatus | undefined, WhatsappInstanceStatus>;
  is_default: Generated<boolean>;
  qr_code: string | null;
  qr_updated_at: NullableTimestamp;
  webhook_secret: string;
  connecting_since: NullableTimestamp;
  state_checked_at: NullableTimestamp;
  connected_at: NullableTimestamp;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface UserSettingsTable {
  user_id: Int8;
  public_name: string | null;
  public_whatsapp: string | null;
  notify_purchase_reserved: Generated<boolean>;
  notify_payment_confirmed: Generated<boolean>;
  notify_reservation_expired: Generated<boolean>;
  notify_draw_result: Generated<boolean>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  states: StatesTable;
  addresses: AddressesTable;
  mail_outbox: MailOutboxTable;
  schema_migrations: SchemaMigrationsTable;
  // 002_wallets
  wallet_types: WalletTypesTable;
  user_wallets: UserWalletsTable;
  document_types: DocumentTypesTable;
  // Later migrations add their tables below, one block per migration (keep the SQL and this in step).
  // 003_ledger
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  // 004_payments
  pix_charges: PixChargesTable;
  pix_received_payments: PixReceivedPaymentsTable;
  pix_webhook_calls: PixWebhookCallsTable;
  deposits: DepositsTable;
  wallet_transfers: WalletTransfersTable;
  // 005_account_opening
  account_applications: AccountApplicationsTable;
  cep_cache: CepCacheTable;
  // 006_sandbox_psp
  sandbox_pix_charges: SandboxPixChargesTable;
  sandbox_pix_transfers: SandboxPixTransfersTable;
  sandbox_pix_refunds: SandboxPixRefundsTable;
  // 007_campaigns
  campaign_draw_types: CampaignDrawTypesTable;
  campaign_statuses: CampaignStatusesTable;
  campaigns: CampaignsTable;
  campaign_awards: CampaignAwardsTable;
  campaign_amendments: CampaignAmendmentsTable;
  campaign_ticket_pools: CampaignTicketPoolsTable;
  // 008_purchases
  buyers: BuyersTable;
  purchase_statuses: PurchaseStatusesTable;
  purchases: PurchasesTable;
  campaign_tickets: CampaignTicketsTable;
  released_tickets: ReleasedTicketsTable;
  // 009_purchase_allocation
  campaign_ticket_leases: CampaignTicketLeasesTable;
  // 013_buyer_phone_changes
  buyer_phone_changes: BuyerPhoneChangesTable;
  // 016_draws
  campaign_draws: CampaignDrawsTable;
  campaign_draw_files: CampaignDrawFilesTable;
  campaign_draw_winners: CampaignDrawWinnersTable;
  whatsapp_outbox: WhatsappOutboxTable;
  // 017_account_codes
  email_verification_codes: EmailVerificationCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  // 018_whatsapp
  whatsapp_instances: WhatsappInstancesTable;
  user_settings: UserSettingsTable;
  // 020_buyer_phone_proof
  buyer_phone_codes: BuyerPhoneCodesTable;
  // 046_campaign_sales_totals
  campaign_sales_totals: CampaignSalesTotalsTable;
  campaign_sales_deltas: CampaignSalesDeltasTable;
  // 054_google_sign_in
  google_sign_in_flows: GoogleSignInFlowsTable;
  // 059_privacy_requests
  privacy_requests: PrivacyRequestsTable;
  // 058_reconciliation_and_metrics
  reconciliation_runs: ReconciliationRunsTable;
  reconciliation_mismatches: ReconciliationMismatchesTable;
  // 055_operators_and_audit_log
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_login_challenges: OperatorLoginChallengesTable;
  operator_invites: OperatorInvitesTable;
  audit_log: AuditLogTable;
  // 057_suspensions_and_refunds
  campaign_reports: CampaignReportsTable;
}

/** 055: an operator of the back office (admin/): not an organiser; the TOTP secret encrypted. */
export interface OperatorsTable {
  id: Id;
  name: string;
  email: string;
  password_hash: string;
  totp_secret: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  totp_enrolled_at: NullableTimestamp;
  /** The RFC 6238 time step of the last code accepted (a code is accepted once). */
  totp_last_step: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  password_changed_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: CreatedAt;
  invited_by: ColumnType<string | null, string | number | null | undefined, never>;
}

export type OperatorSessionEndReason = 'logout' | 'password_changed';

/** 055: an operator's session (8 hours), by the SHA-256 of its token. */
export interface OperatorSessionsTable {
  id: Id;
  operator_id: Int8;
  token_hash: Buffer;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_reason: ColumnType<
    OperatorSessionEndReason | null,
    OperatorSessionEndReason | null | undefined,
    OperatorSessionEndReason | null
  >;
  address: ColumnType<string | null, string | null | undefined, never>;
}

/** 055: between an operator's password and code: single-use, short-lived, by its SHA-256. */
export interface OperatorLoginChallengesTable {
  id: Id;
  operator_id: Int8;
  challenge_hash: Buffer;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  failed_codes: ColumnType<number, number | undefined, number>;
}

/** 055: an e-mailed, single-use invitation to become an operator. */
export interface OperatorInvitesTable {
  id: Id;
  email: string;
  name: string;
  token_hash: Buffer;
  invited_by: Int8;
  created_at: CreatedAt;
  expires_at: Timestamp;
  accepted_at: NullableTimestamp;
  operator_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
}

/** 055: the append-only audit log (admin/audit.ts); the database refuses UPDATE, DELETE and TRUNCATE. */
export interface AuditLogTable {
  id: Id;
  created_at: CreatedAt;
  /** null: the system (the worker). */
  operator_id: ColumnType<string | null, string | number | null | undefined, never>;
  action: ColumnType<string, string, never>;
  target_type: ColumnType<string, string, never>;
  target_id: ColumnType<string, string, never>;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
  address: ColumnType<string | null, string | null | undefined, never>;
}

export type Operator = Selectable<OperatorsTable>;

/** 059: a buyer's LGPD request (buyers/privacy.ts): no personal data, the buyer's id only (NULL: matched nobody). */
export interface PrivacyRequestsTable {
  id: string;
  kind: 'export' | 'deletion';
  buyer_id: ColumnType<string | null, string | number | null, never>;
  status: ColumnType<'unconfirmed' | 'pending' | 'done', 'unconfirmed' | undefined, 'pending' | 'done'>;
  created_at: CreatedAt;
  confirmed_at: NullableTimestamp;
  done_at: NullableTimestamp;
  notices_erased_at: NullableTimestamp;
}

/** 054: a Google sign-in between the redirect and the callback (auth/google.ts). */
export interface GoogleSignInFlowsTable {
  state_hash: Buffer;
  code_verifier: string;
  nonce: string;
  intent: 'login' | 'signup';
  return_to: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

/** Per campaign, status and São Paulo day: purchases, tickets and centavos (folded from the deltas). */
export interface CampaignSalesTotalsTable {
  campaign_id: Int8;
  status_id: number;
  day: ColumnType<string, string, string>;
  purchases: Int8;
  tickets: Int8;
  cents: Int8;
}

/** Appended by the purchases' statement triggers; folded into campaign_sales_totals by the worker. */
export interface CampaignSalesDeltasTable extends CampaignSalesTotalsTable {
  id: Generated<Int8>;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type AuthToken = Selectable<AuthTokensTable>;
export type Address = Selectable<AddressesTable>;
export type State = Selectable<StatesTable>;
export type NewMail = Insertable<MailOutboxTable>;
export type UserWallet = Selectable<UserWalletsTable>;

/**
 * What repositories accept: the root handle or an open transaction.
 * Inside a transaction always pass the transaction on: with PGlite the pool has ONE connection,
 * so a query on the root handle would wait for the transaction forever.
 */
export type Executor = Kysely<Database> | Transaction<Database>;

/** 057: who cancelled a campaign. */
export type CancelledBy = 'organiser' | 'operator';

/** 057: 'Denunciar campanha', queued for the operators. */
export type CampaignReportReason = 'golpe' | 'premio_inexistente' | 'conteudo_improprio' | 'outro';
export interface CampaignReportsTable {
  id: Id;
  campaign_id: Int8;
  reason: CampaignReportReason;
  description: string;
  phone: string | null;
  client_address: string | null;
  status: ColumnType<'open' | 'resolved', 'open' | 'resolved' | undefined, 'open' | 'resolved'>;
  created_at: CreatedAt;
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

// 058_reconciliation_and_metrics ------------------------------------------------------------------------------------

/** One comparison of a São Paulo day's Pix at the PSP with the platform's records. */
export interface ReconciliationRunsTable {
  id: Id;
  day: ColumnType<string, string, never>;
  psp_count: number;
  psp_total_cents: Int8;
  ledger_count: number;
  ledger_total_cents: Int8;
  mismatch_count: number;
  started_by: 'worker' | 'operator';
  created_at: CreatedAt;
}

export type ReconciliationMismatchKind = 'missing_in_ledger' | 'unknown_at_psp' | 'amount_differs';
export type ReconciliationMismatchStatus = 'open' | 'investigated' | 'resolved';

/** A difference a run found, kept by (day, kind, end_to_end_id) across runs of the same day. */
export interface ReconciliationMismatchesTable {
  id: Id;
  day: ColumnType<string, string, never>;
  kind: ReconciliationMismatchKind;
  end_to_end_id: string;
  txid: string | null;
  amount_cents: ColumnType<string | null, string | number | null, string | number | null>;
  ledger_amount_cents: ColumnType<string | null, string | number | null, string | number | null>;
  status: ColumnType<ReconciliationMismatchStatus, ReconciliationMismatchStatus | undefined, ReconciliationMismatchStatus>;
  note: string | null;
  run_id: ColumnType<string, string | number, string | number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
