import type Redis from 'ioredis';
import type { Kysely } from 'kysely';
import type { AccountOpeningService, AccountsRepository, KycReviewService } from './accounts';
import type { AuditLogReader } from './admin/audit-log';
import type { OperatorsService } from './admin/operators';
import type { KycDecisionService } from './accounts/decisions';
import type {
  AuthTokensRepository,
  EmailVerificationsRepository,
  PasswordResetsRepository,
  UsersRepository,
} from './auth/repository';
import type { EmailVerificationService } from './auth/email-verification';
import type { GoogleSignInService } from './auth/google';
import type { PasswordResetService } from './auth/password-reset';
import type { AuthService } from './auth/service';
import type { BuyersService } from './buyers/service';
import type { PrivacyService } from './buyers/privacy';
import type { CampaignsService } from './campaigns';
import type { CepService } from './cep';
import type { AppConfig } from './config';
import type { DashboardService } from './dashboard/service';
import type { DatabaseKind } from './db';
import type { Database } from './db/schema';
import type { DrawsService } from './draws/service';
import type { HealthService } from './health/service';
import type { PasswordHasher } from './lib/passwords';
import type { MailDeliveryService } from './mail/delivery';
import type { MailOutboxRepository } from './mail/repository';
import type { SandboxMailboxService } from './mail/sandbox-mailbox';
import type { MailTransport } from './mail/transport';
import type { MetricsService } from './metrics/service';
import type { BooksService } from './reconciliation/books';
import type { ReconciliationService } from './reconciliation/service';
import type { OverdueDraws } from './draws/auto-draw';
import type { PaymentsService } from './payments/service';
import type { PixProvider } from './payments/pix-provider';
import type { AddressesRepository, StatesRepository } from './profile/repository';
import type { ProfileService } from './profile/service';
import type { PurchasesService } from './purchases';
import type { BackOfficeService } from './purchases/back-office';
import type { CampaignReportsService } from './campaigns/reports';
import type { MyTicketsService } from './purchases/my-tickets';
import type { SalesService } from './sales/service';
import type { SettingsService } from './settings/service';
import type { FileStorage } from './storage';
import type { TicketPools } from './tickets';
import type { DepositsService } from './wallets/deposits';
import type { WalletsService } from './wallets/service';
import type { TransfersService } from './wallets/transfers';
import type { WhatsAppSender, WhatsAppService } from './whatsapp';

/**
 * The service registry's types, and nothing that runs: what `fastify.services`, `fastify.config` and `fastify.db`
 * are, and the repositories the services share. plugins/app/services.ts builds them; the domains see these types
 * here without depending on the plugin (only app.ts, server.ts and plugins/ import plugins/: eslint.config.mjs).
 */

/**
 * The repositories the services share (users are read by auth, profile and accounts; the address by profile and
 * accounts), one per table family, from each domain's repository.ts. Tests reach them as `t.repos`.
 */
export interface Repositories {
  users: UsersRepository;
  authTokens: AuthTokensRepository;
  addresses: AddressesRepository;
  states: StatesRepository;
  emailVerifications: EmailVerificationsRepository;
  passwordResets: PasswordResetsRepository;
  mailOutbox: MailOutboxRepository;
}

/**
 * Every service of the API, by domain. Created once, in plugins/app/services.ts, and reached by routes, plugins and
 * the worker one way: `fastify.services.<name>`. Routes never build services nor query the database themselves.
 */
export interface Services {
  health: HealthService;
  /** REDIS_URL's client, where the rate limits and the login lock count across processes; null = in memory. */
  limitsRedis: Redis | null;
  // auth, profile
  passwords: PasswordHasher;
  /** How services send e-mail: into mail_outbox, in the caller's transaction (unless a test replaces it). */
  mail: MailTransport;
  /** Delivers mail_outbox over SMTP (the worker's 'mail-delivery' step); null without SMTP_URL. */
  mailDelivery: MailDeliveryService | null;
  /** GET /api/sandbox/mailbox; null unless in e-mail sandbox mode (no SMTP_URL, not production). */
  sandboxMailbox: SandboxMailboxService | null;
  auth: AuthService;
  /** 'Entrar com Google' (OpenID Connect); `enabled` only with GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET. */
  google: GoogleSignInService;
  emailVerification: EmailVerificationService;
  passwordReset: PasswordResetService;
  // the back office (issue 32): operators, their sessions and invitations; the audit log's reader
  operators: OperatorsService;
  auditLog: AuditLogReader;
  profile: ProfileService;
  // accounts, cep
  accounts: AccountsRepository;
  accountOpening: AccountOpeningService;
  kycReview: KycReviewService;
  /** An operator's approval or rejection of an account opening (issue 32). */
  kycDecisions: KycDecisionService;
  cep: CepService;
  // storage, payments, wallets
  /** Uploaded files (identity documents, banners); local disk under config.storage.dir. */
  storage: FileStorage;
  /** The Pix PSP (sandbox by default, BACEN API Pix when PIX_PROVIDER=bacen). */
  pix: PixProvider;
  payments: PaymentsService;
  wallets: WalletsService;
  transfers: TransfersService;
  deposits: DepositsService;
  // campaigns, buyers, purchases, sales, dashboard
  campaigns: CampaignsService;
  /** Issue 32: buyers' reports on campaigns, queued for the operators. */
  campaignReports: CampaignReportsService;
  /** Issue 32: suspend, reinstate, cancel with refunds, buyer support (the operators' routes). */
  backOffice: BackOfficeService;
  ticketPools: TicketPools;
  buyers: BuyersService;
  purchases: PurchasesService;
  myTickets: MyTicketsService;
  /** A buyer's LGPD requests, the erasure of a buyer, BUYER_DATA_RETENTION_DAYS (buyers/privacy.ts). */
  privacy: PrivacyService;
  sales: SalesService;
  dashboard: DashboardService;
  // draws
  draws: DrawsService;
  // WhatsApp instances (Evolution API or the sandbox), the automatic messages' delivery, 'Configurações'
  whatsapp: WhatsAppService;
  whatsappSender: WhatsAppSender;
  settings: SettingsService;
  /** GET /metrics: the Prometheus registry, the request and worker observers, the scrape-time database reads. */
  metrics: MetricsService;
  /** The daily reconciliation with the PSP (worker step and the back office's button). */
  reconciliation: ReconciliationService;
  /** The trial balance and the console home's figures. */
  books: BooksService;
  /** Campaigns past their draw date (AUTO_DRAW_AFTER_HOURS): listed, and drawn by the worker ('Sorteio Rifaria'). */
  overdueDraws: OverdueDraws;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Kysely<Database>;
    databaseKind: DatabaseKind;
    services: Services;
  }
}
