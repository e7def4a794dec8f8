import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { isMailSandbox, mailFromAddress, type AppConfig } from '../../config';
import type { DatabaseKind } from '../../db';
import type { Database } from '../../db/schema';
import { PasswordHasher } from '../../lib/passwords';
import { defaultOriginOf, linkOriginOf } from '../../lib/public-origin';
import { deriveKey, resolveServerSecret } from '../../lib/server-secret';
import type { WorkerStep } from '../../lib/worker';
import { OutboxMailTransport, type MailTransport } from '../../mail/transport';
import { OrganiserMail } from '../../mail/organiser-mail';
import { MailDeliveryService } from '../../mail/delivery';
import { SandboxMailboxService } from '../../mail/sandbox-mailbox';
import { sendDeadlineMs, SmtpSender } from '../../mail/smtp';
import { mailWorkerSteps } from '../../mail/worker';
import { AuthService } from '../../auth/service';
import { GoogleSignInService } from '../../auth/google';
import { EmailVerificationService } from '../../auth/email-verification';
import { PasswordResetService } from '../../auth/password-reset';
import { LoginLock } from '../../auth/login-lock';
import { AuditLogReader } from '../../admin/audit-log';
import { OperatorsService } from '../../admin/operators';
import { TotpSecretBox } from '../../admin/totp';
import { operatorsWorkerSteps } from '../../admin/worker';
import { openLimitsRedis } from '../external/rate-limit';
import { ProfileService, type ActiveWalletLookup } from '../../profile/service';
import { AccountOpeningService, AccountsRepository, KycReviewService, kycReviewerFor } from '../../accounts';
import { accountsWorkerSteps } from '../../accounts/worker';
import { KycDecisionService } from '../../accounts/decisions';
import { BuyersService } from '../../buyers/service';
import { buyerCpfCipherOf } from '../../buyers/cipher';
import { PrivacyService } from '../../buyers/privacy';
import { privacyWorkerSteps } from '../../buyers/worker';
import { recordAudit } from '../../admin/audit';
import { BRASILAPI, CepService, JsonCepProvider, VIACEP } from '../../cep';
import { LocalFileStorage } from '../../storage';
import type { PixProvider } from '../../payments/pix-provider';
import { createPixProvider, type DeliverPixWebhook } from '../../payments/providers';
import { PaymentsService } from '../../payments/service';
import { paymentsWorkerSteps } from '../../payments/worker';
import { DepositsService } from '../../wallets/deposits';
import { WalletsService } from '../../wallets/service';
import { TransfersService } from '../../wallets/transfers';
import { walletsWorkerSteps } from '../../wallets/worker';
import { CampaignsService } from '../../campaigns';
import { campaignsWorkerSteps } from '../../campaigns/worker';
import { resolveTicketPoolSecret, TicketPoolKeys, TicketPools } from '../../tickets';
import { createLeaseRecall, DEFAULT_ALLOCATOR_OPTIONS, PurchasesService, TicketAllocator } from '../../purchases';
import { MyTicketsService } from '../../purchases/my-tickets';
import { backOfficeWorkerSteps, purchasesWorkerSteps } from '../../purchases/worker';
import { BackOfficeService } from '../../purchases/back-office';
import { CampaignReportsService } from '../../campaigns/reports';
import { SalesService } from '../../sales/service';
import { salesWorkerSteps } from '../../sales/worker';
import { DashboardService } from '../../dashboard/service';
import { HealthService } from '../../health/service';
import { DrawsRepository } from '../../draws/repository';
import { DrawsService } from '../../draws/service';
import { DrandBeacon, SandboxBeacon, type Beacon } from '../../draws/beacon-client';
import { CaixaFederalResults, SandboxFederalResults, type FederalResults } from '../../draws/federal-results';
import { SettingsService } from '../../settings/service';
import { MetricsService } from '../../metrics/service';
import { BooksService } from '../../reconciliation/books';
import { ReconciliationService } from '../../reconciliation/service';
import { reconciliationWorkerSteps } from '../../reconciliation/worker';
import { autoDrawWorkerSteps, OverdueDraws } from '../../draws/auto-draw';
import {
  createWhatsAppGateway,
  Notifier,
  whatsappWorkerSteps,
  WhatsAppRepository,
  WhatsAppSender,
  WhatsAppService,
} from '../../whatsapp';
import type { Repositories, Services } from '../../registry';
import { createRepositories } from './repositories';

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
  /** Replace the configured drand beacon / Loteria Federal results (tests use fakes). */
  beacon?: Beacon;
  federalResults?: FederalResults;
}

/** The background worker's steps, every domain's (server.ts runs them on WORKER_INTERVAL_MS). */
export function workerSteps(services: Services): WorkerStep[] {
  return [
    ...paymentsWorkerSteps(services.payments),
    ...walletsWorkerSteps(services.transfers),
    ...accountsWorkerSteps(services.kycReview),
    ...backOfficeWorkerSteps(services.backOffice),
    ...purchasesWorkerSteps(services.purchases),
    ...salesWorkerSteps(services.sales),
    ...whatsappWorkerSteps(services.whatsapp, services.whatsappSender),
    ...mailWorkerSteps(services.mailDelivery),
    ...privacyWorkerSteps(services.privacy),
    ...operatorsWorkerSteps(services.operators),
    ...reconciliationWorkerSteps(services.reconciliation),
    ...autoDrawWorkerSteps(services.overdueDraws),
    // Last: encoding a banner takes seconds, the steps above are more urgent.
    ...campaignsWorkerSteps(services.campaigns),
  ];
}

/** The one place that creates the services (and the repositories they share), exposed as `fastify.services`. */
async function servicesPlugin(fastify: FastifyInstance, options: ServicesOptions): Promise<void> {
  const { config, db } = options;
  const log = fastify.log;
  const repos = createRepositories(db);
  const passwords = new PasswordHasher(config.passwordHashing);
  const mail = options.mailTransport ?? new OutboxMailTransport(repos.mailOutbox, log);
  const mailDelivery = smtpDeliveryOf(fastify, config, repos);
  const limitsRedis = config.redisUrl ? await openLimitsRedis(fastify, config.redisUrl) : null;
  const loginLock = new LoginLock(
    config.loginLock,
    limitsRedis && { client: limitsRedis, prefix: config.rateLimitNamespace, log },
  );
  // Keys derived from BUYER_DATA_SECRET (the server's personal-data secret), each resolved on first use like the
  // buyer cipher below: e-mail codes are stored as HMAC-SHA256 with one, Evolution's webhook URLs carry an HMAC of
  // the instance's name with another.
  const buyerDataKeyOf = (label: string) => {
    let key: Buffer | null = null;
    return () => (key ??= deriveKey(resolveServerSecret('BUYER_DATA_SECRET', config.buyerData), label));
  };
  const emailCodeKeyOf = buyerDataKeyOf('rifaria/email-code/hmac/v1');
  const storage = new LocalFileStorage(config.storage.dir);
  const accounts = new AccountsRepository(db);
  // The sandbox PSP "calls" our webhook through this same app, as a real PSP would over HTTPS.
  const deliverWebhook: DeliverPixWebhook = async (body, headers) => {
    const response = await fastify.inject({ method: 'POST', url: '/payments/webhook/pix', payload: body, headers });
    if (response.statusCode < 200 || response.statusCode >= 300) {
      throw new Error(`Pix webhook answered ${response.statusCode}: ${response.body}`);
    }
  };
  const pix = options.pix ?? createPixProvider({ config, db, log, deliverWebhook });
  const wallets = new WalletsService(db);
  const payments = new PaymentsService(db, pix, log, {
    reconcileAfterSeconds: config.payments.reconcileAfterSeconds,
    batchSize: 50,
  });
  // Keys every campaign's ticket order; generated under DATA_DIR outside production when unset.
  const ticketPools = new TicketPools(new TicketPoolKeys(resolveTicketPoolSecret(config.ticketPool)));
  // How this process asks the other API processes for the unused numbers of their ticket leases near sell-out, and
  // hears them ask (LISTEN on a connection of its own on PostgreSQL; in memory on PGlite).
  const leaseRecall = createLeaseRecall(db, options.databaseKind, log);
  const allocator = new TicketAllocator(db, ticketPools, log, { ...DEFAULT_ALLOCATOR_OPTIONS }, leaseRecall);
  // Leased ticket numbers go back to the pool before the database closes (server.ts closes the app first); the
  // recall channel after them (a recall in progress stops waiting at close).
  fastify.addHook('onClose', async () => {
    try {
      await allocator.close();
    } finally {
      await leaseRecall.close();
    }
  });
  // Listening before the first request (a failed first attempt is retried in the background).
  await leaseRecall.start();
  // Buyer CPFs (BUYER_DATA_SECRET): one cipher for buyers, purchases and sales, created on first use, so an app
  // that never touches a buyer (most test apps) never creates the secret file.
  const buyerCipher = () => buyerCpfCipherOf(config.buyerData);
  // WhatsApp: the provider, and the outbox of automatic messages that purchases and draws write in their
  // transactions (links on linkOriginOf: PUBLIC_URL, or in the demo the machine's network address).
  const whatsappRepository = new WhatsAppRepository(db);
  // The platform's own messages to buyers (codes, phone-change notices): outbox rows without an organiser, sent by
  // WHATSAPP_PLATFORM_INSTANCE (whatsapp/sender.ts).
  const buyers = new BuyersService(
    db,
    buyerCipher,
    (executor, message) => whatsappRepository.enqueuePlatform(executor, message),
    linkOriginOf(config),
  );
  const whatsappGateway = createWhatsAppGateway(config.whatsapp);
  const notifier = new Notifier(whatsappRepository, repos.mailOutbox, linkOriginOf(config));
  // The organiser's e-mails about their account's events (wallet approved, campaign published, transfer sent).
  const organiserMail = new OrganiserMail(repos.mailOutbox, linkOriginOf(config));

  const purchases = new PurchasesService(db, payments, allocator, buyerCipher, notifier, log, {
    reservationMs: config.purchases.reservationMs,
    pendingNumbersPerBuyer: config.purchases.pendingNumbersPerBuyer,
    pendingSharePerBuyer: config.purchases.pendingSharePerBuyer,
    pendingSharePerAddress: config.purchases.pendingSharePerAddress,
    sandbox: pix.name === 'sandbox',
    batchSize: 100,
  });

  const auth = new AuthService(db, repos, passwords, config.tokenTtlDays, loginLock, mail);
  // Operators (issue 32) count their wrong passwords and codes apart from organisers' (another key prefix), with the
  // same settings; their TOTP secrets are sealed with a key derived from BUYER_DATA_SECRET.
  const operatorLoginLock = new LoginLock(
    config.loginLock,
    limitsRedis && { client: limitsRedis, prefix: `${config.rateLimitNamespace}operator-`, log },
  );
  const operators = new OperatorsService(
    db,
    passwords,
    operatorLoginLock,
    new TotpSecretBox(buyerDataKeyOf('rifaria/operator-totp/aes-256-gcm/v1')),
    mail,
  );

  fastify.decorate('config', config);
  fastify.decorate('db', db);
  fastify.decorate('databaseKind', options.databaseKind);
  fastify.decorate('services', {
    health: new HealthService(db, options.databaseKind),
    limitsRedis,
    passwords,
    mail,
    auth,
    // Google sends the browser back to PUBLIC_URL's callback (the address registered with Google).
    google: new GoogleSignInService(db, repos, auth, config.google, defaultOriginOf(config)),
    mailDelivery,
    sandboxMailbox: isMailSandbox(config)
      ? new SandboxMailboxService(repos.mailOutbox, config.whatsapp.provider === 'sandbox' ? whatsappRepository : null)
      : null,
    emailVerification: new EmailVerificationService(db, repos, mail, emailCodeKeyOf),
    passwordReset: new PasswordResetService(db, repos, mail, passwords, loginLock),
    operators,
    auditLog: new AuditLogReader(db),
    // The CPF is locked while the user holds an active wallet.
    profile: new ProfileService(db, repos, options.activeWallets ?? wallets),
    accounts,
    accountOpening: new AccountOpeningService(db, repos, accounts, storage, log),
    kycReview: new KycReviewService(
      db,
      accounts,
      storage,
      kycReviewerFor(config.kyc),
      log,
      organiserMail,
    ),
    kycDecisions: new KycDecisionService(db, accounts, organiserMail),
    cep: new CepService(
      db,
      new JsonCepProvider(VIACEP, config.cep.viacepUrl, config.cep.timeoutMs),
      new JsonCepProvider(BRASILAPI, config.cep.brasilapiUrl, config.cep.timeoutMs),
      log,
    ),
    storage,
    pix,
    payments,
    wallets,
    transfers: new TransfersService(db, pix, wallets, log, organiserMail),
    deposits: new DepositsService(db, payments, wallets),
    campaigns: new CampaignsService(
      db,
      ticketPools,
      storage,
      linkOriginOf(config),
      log,
      notifier,
      organiserMail,
      purchases,
    ),
    // Issue 32: reports, suspensions, cancellations with refunds, buyer support (the operators' /api/admin/*).
    campaignReports: new CampaignReportsService(db),
    backOffice: new BackOfficeService(db, {
      purchases,
      cipher: buyerCipher,
      notifier,
      mail: (trx, mail) => repos.mailOutbox.enqueue(mail, trx),
      origin: linkOriginOf(config),
    }),
    ticketPools,
    buyers,
    purchases,
    myTickets: new MyTicketsService(db, buyers),
    // LGPD requests (codes by the platform's WhatsApp and by e-mail), erasure, retention (issue 32).
    privacy: new PrivacyService(
      db,
      buyers,
      buyerCipher,
      (executor, message) => whatsappRepository.enqueuePlatform(executor, message),
      (executor, m) =>
        repos.mailOutbox.enqueueOnce(
          { to_address: m.to, subject: m.subject, body_text: m.text, body_html: null, dedupe_key: m.dedupeKey },
          executor,
        ),
      recordAudit,
      config.privacy.retentionDays,
    ),
    sales: new SalesService(db, buyerCipher),
    dashboard: new DashboardService(db),
    draws: new DrawsService(
      db,
      new DrawsRepository(db),
      repos.mailOutbox,
      notifier,
      options.beacon ??
        (config.draws.beacon === 'drand'
          ? new DrandBeacon({ urls: config.draws.drandUrls, timeoutMs: config.draws.drandTimeoutMs })
          : new SandboxBeacon()),
      options.federalResults ??
        (config.draws.federal === 'caixa'
          ? new CaixaFederalResults({ baseUrl: config.draws.caixaFederalUrl, timeoutMs: config.draws.caixaTimeoutMs })
          : new SandboxFederalResults()),
      linkOriginOf(config),
      log,
      purchases,
    ),
    whatsapp: new WhatsAppService(whatsappRepository, whatsappGateway, log, {
      globalKey: config.whatsapp.evolutionApiKey,
      webhookKey: buyerDataKeyOf('rifaria/evolution-webhook/v1'),
      instancePrefix: config.whatsapp.instancePrefix,
    }),
    whatsappSender: new WhatsAppSender(whatsappRepository, whatsappGateway, log, config.whatsapp.platformInstance),
    settings: new SettingsService(db),
    metrics: new MetricsService(db, options.databaseKind, {
      token: config.metrics.token,
      reconcileAfterSeconds: config.payments.reconcileAfterSeconds,
    }),
    reconciliation: new ReconciliationService(db, pix, payments, log),
    books: new BooksService(db),
    overdueDraws: new OverdueDraws(db, {
      draws: () => fastify.services.draws,
      afterHours: config.draws.autoDrawAfterHours,
      log,
    }),
  } satisfies Services);
}

/** SMTP delivery of the outbox when SMTP_URL is set (closed with the app), else null: mail stays in the outbox. */
function smtpDeliveryOf(fastify: FastifyInstance, config: AppConfig, repos: Repositories): MailDeliveryService | null {
  const { mail } = config;
  if (!mail.smtpUrl) return null;
  const fromDomain = mailFromAddress(mail.from)?.split('@')[1];
  if (!fromDomain) throw new Error('MAIL_FROM has no address (checked by loadConfig)');
  const sender = new SmtpSender({ url: mail.smtpUrl, from: mail.from, fromDomain, timeoutMs: mail.timeoutMs });
  fastify.addHook('onClose', async () => sender.close());
  return new MailDeliveryService(repos.mailOutbox, sender, fastify.log.child({ component: 'mail-delivery' }), {
    batchSize: mail.batchSize,
    maxAttempts: mail.maxAttempts,
    retryBaseSeconds: mail.retryBaseSeconds,
    sendDeadlineMs: sendDeadlineMs(mail),
  });
}

export default fp(servicesPlugin, { name: 'services' });
