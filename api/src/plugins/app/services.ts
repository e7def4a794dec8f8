import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import type { DatabaseKind } from '../../db';
import type { Database } from '../../db/schema';
import { PasswordHasher } from '../../lib/passwords';
import { defaultOriginOf } from '../../lib/public-origin';
import { OutboxMailTransport, type MailTransport } from '../../mail/transport';
import { createRepositories, type Repositories } from '../../repositories';
import { AuthService } from '../../services/auth';
import { EmailVerificationService } from '../../services/email-verification';
import { ProfileService, type ActiveWalletLookup } from '../../services/profile';
import { AccountOpeningService, AccountsRepository, KycReviewService, SandboxKycReviewer } from '../../accounts';
import { BrasilApiProvider, CepService, ViaCepProvider } from '../../cep';
import { LocalFileStorage, type FileStorage } from '../../storage';
import { DepositsService } from '../../payments/deposits';
import type { PixProvider } from '../../payments/pix-provider';
import { createPixProvider, type DeliverPixWebhook } from '../../payments/providers';
import { PaymentsService } from '../../payments/service';
import { WalletsService } from '../../wallets/service';
import { TransfersService } from '../../wallets/transfers';
import { CampaignsService } from '../../campaigns';
import { resolveTicketPoolSecret, TicketPoolKeys, TicketPools } from '../../tickets';
import { DEFAULT_ALLOCATOR_OPTIONS, PurchasesService, TicketAllocator } from '../../purchases';
import { buyerCpfCipherOf } from '../../public/buyer-cipher';

export interface ServicesOptions {
  config: AppConfig;
  db: Kysely<Database>;
  databaseKind: DatabaseKind;
  /** Replaces the embedded outbox transport (e.g. SMTP). */
  mailTransport?: MailTransport;
  /** Replaces the "no wallets yet" lookup that guards CPF changes. */
  activeWallets?: ActiveWalletLookup;
  /** Replaces the configured Pix PSP (tests use a double). */
  pix?: PixProvider;
}

export interface Services {
  auth: AuthService;
  profile: ProfileService;
  emailVerification: EmailVerificationService;
  // Account opening, KYC review and CEP lookup (issue 3).
  accounts: AccountsRepository;
  accountOpening: AccountOpeningService;
  kycReview: KycReviewService;
  cep: CepService;
  // Ledger-backed wallets, Pix payments and deposits (issue 3).
  wallets: WalletsService;
  transfers: TransfersService;
  payments: PaymentsService;
  deposits: DepositsService;
  // Campaigns and their ticket pools (issue 4).
  campaigns: CampaignsService;
  ticketPools: TicketPools;
  // Public purchases: allocation, checkout, confirmation, expiry (issue 5).
  purchases: PurchasesService;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Kysely<Database>;
    databaseKind: DatabaseKind;
    repos: Repositories;
    passwords: PasswordHasher;
    mail: MailTransport;
    services: Services;
    /** Uploaded files (identity documents, banners); local disk under config.storage.dir. */
    storage: FileStorage;
    /** The Pix PSP (sandbox by default, BACEN API Pix when PIX_PROVIDER=bacen). */
    pix: PixProvider;
  }
}

/** Wires repositories and services once and exposes them as decorators (fastify/demo style). */
async function servicesPlugin(fastify: FastifyInstance, options: ServicesOptions): Promise<void> {
  const { config, db } = options;
  const repos = createRepositories(db);
  const passwords = new PasswordHasher(config.passwordHashing);
  const mail = options.mailTransport ?? new OutboxMailTransport(repos.mailOutbox, fastify.log);

  fastify.decorate('config', config);
  fastify.decorate('db', db);
  fastify.decorate('databaseKind', options.databaseKind);
  fastify.decorate('repos', repos);
  fastify.decorate('passwords', passwords);
  fastify.decorate('mail', mail);
  const storage = new LocalFileStorage(config.storage.dir);
  fastify.decorate('storage', storage);
  const accounts = new AccountsRepository(db);
  // The sandbox PSP "calls" our webhook through this same app, as a real PSP would over HTTPS.
  const deliverWebhook: DeliverPixWebhook = async (body, headers) => {
    const response = await fastify.inject({ method: 'POST', url: '/payments/webhook/pix', payload: body, headers });
    if (response.statusCode < 200 || response.statusCode >= 300) {
      throw new Error(`Pix webhook answered ${response.statusCode}: ${response.body}`);
    }
  };
  const pix = options.pix ?? createPixProvider({ config, db, log: fastify.log, deliverWebhook });
  fastify.decorate('pix', pix);
  const wallets = new WalletsService(db);
  const payments = new PaymentsService(db, pix, fastify.log, {
    reconcileAfterSeconds: config.payments.reconcileAfterSeconds,
    batchSize: 50,
  });
  // Keys every campaign's ticket order; generated under DATA_DIR outside production when unset.
  const ticketPools = new TicketPools(new TicketPoolKeys(resolveTicketPoolSecret(config.ticketPool)));
  const allocator = new TicketAllocator(db, ticketPools, fastify.log, { ...DEFAULT_ALLOCATOR_OPTIONS });
  // Leased ticket numbers go back to the pool before the database closes (server.ts closes the app first).
  fastify.addHook('onClose', () => allocator.close());
  fastify.decorate('services', {
    auth: new AuthService(db, repos, passwords, config.tokenTtlDays),
    // The CPF is locked while the user holds an active wallet.
    profile: new ProfileService(db, repos, options.activeWallets ?? wallets),
    emailVerification: new EmailVerificationService(db, repos, mail, {
      minIntervalSeconds: config.verificationEmailIntervalSeconds,
      tokenTtlHours: config.verificationTokenTtlHours,
    }),
    accounts,
    accountOpening: new AccountOpeningService(db, repos, accounts, storage, fastify.log),
    kycReview: new KycReviewService(
      db,
      accounts,
      storage,
      new SandboxKycReviewer(config.kyc.sandboxApprovalDelayMs),
      fastify.log,
    ),
    cep: new CepService(
      db,
      new ViaCepProvider(config.cep.viacepUrl, config.cep.timeoutMs),
      new BrasilApiProvider(config.cep.brasilapiUrl, config.cep.timeoutMs),
      fastify.log,
    ),
    wallets,
    transfers: new TransfersService(db, pix, wallets, fastify.log),
    payments,
    deposits: new DepositsService(db, payments, wallets),
    // Its links on PUBLIC_URL (or localhost); the routes take `.at(the request's origin)`.
    campaigns: new CampaignsService(db, ticketPools, storage, defaultOriginOf(config), fastify.log),
    ticketPools,
    purchases: new PurchasesService(db, payments, allocator, () => buyerCpfCipherOf(config.buyerData), fastify.log, {
      reservationMs: config.purchases.reservationMs,
      pendingNumbersPerBuyer: config.purchases.pendingNumbersPerBuyer,
      sandbox: pix.name === 'sandbox',
      batchSize: 100,
    }),
  });
}

export default fp(servicesPlugin, { name: 'services' });
