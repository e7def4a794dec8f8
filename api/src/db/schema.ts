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
  password_hash: string;
  cpf: string | null;
  phone: string | null;
  birthdate: ColumnType<string | null, string | null | undefined, string | null>;
  email_verified_at: NullableTimestamp;
  profile_description: Generated<string>;
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
}

export interface StatesTable {
  id: number;
  name: string;
  abbreviation: string;
}

export interface AddressesTable {
  id: Id;
  user_id: Int8;
  zip_code: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  city: string;
  state_uf: string;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface EmailVerificationTokensTable {
  id: Id;
  user_id: Int8;
  email: string;
  token_hash: Buffer;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
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

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  states: StatesTable;
  addresses: AddressesTable;
  email_verification_tokens: EmailVerificationTokensTable;
  mail_outbox: MailOutboxTable;
  schema_migrations: SchemaMigrationsTable;
  // 002_wallets
  wallet_types: WalletTypesTable;
  user_wallets: UserWalletsTable;
  document_types: DocumentTypesTable;
  // Later migrations add their tables below, one block per migration (keep the SQL and this in step).
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
