import type { PurchaseRequest } from '@rifaria/shared/schemas';
import type { Purchase, PurchaseCreated } from '@rifaria/shared/types';
import { PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { Batcher } from '../lib/batcher';
import type { PaymentsService } from '../payments/service';
import type { BuyerCpfCipher } from '../buyers/cpf';
import { provesBuyer, readBuyerDeviceToken } from '../buyers/device-token';
import type { Notifier } from '../whatsapp/notifier';
import type { TicketAllocator } from './allocator';
import { confirmPaid, honourLatePayment, type ConfirmationContext } from './confirm';
import {
  BATCH,
  createPurchase,
  reserveBatches,
  reserveCampaignBatch,
  type CreationContext,
  type PurchasesOptions,
} from './create';
import { closeSalesAtDraw, expireOverdue, expireWithCharge } from './expire';
import { presentPurchase, QrCodeCache } from './presenter';
import { drawPurchaseReceipt, receiptFileName } from './receipt';
import { refundPending } from './refund';
import { finishSaleRefund } from './sale-refunds';
import { PurchasesRepository, type LookupInput, type LookupRow, type Reservation } from './repository';

/**
 * Public ticket purchases, as the routes and the worker call them (`fastify.services.purchases`): reservation with
 * random numbers and Pix checkout (create.ts), the purchase page, confirmation and late payments (confirm.ts),
 * expiry (expire.ts), refunds (refund.ts); the SQL is in repository.ts. How numbers are allocated is described in
 * allocator.ts and api/README.md ("Purchases").
 */
export class PurchasesService {
  private readonly repository: PurchasesRepository;
  private readonly qrCodes = new QrCodeCache(2000);
  /** The campaign, the buyer and an earlier purchase with the same Idempotency-Key, for concurrent requests at once. */
  private readonly lookups = new Batcher<LookupInput, LookupRow>((inputs) => this.repository.lookup(inputs), {
    concurrency: BATCH.concurrency,
    maxItems: BATCH.maxItems,
  });
  /** Reservations of concurrent purchases, one statement per campaign; null = retry this one alone. */
  private readonly reservations = new Batcher<Reservation, { unusedFresh: number[] } | null>(
    (items) => reserveBatches(items, (group) => this.reserveBatch(group), this.log),
    {
      concurrency: BATCH.concurrency,
      maxItems: BATCH.maxItems,
      maxWeight: BATCH.maxTickets,
      weight: (item) => item.count,
    },
  );
  private readonly creation: CreationContext;
  private readonly confirmation: ConfirmationContext;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly payments: PaymentsService,
    readonly allocator: TicketAllocator,
    private readonly cipher: () => BuyerCpfCipher,
    /** The automatic messages (reserved, paid, expired), written in each event's transaction. */
    private readonly notifier: Notifier,
    private readonly log: FastifyBaseLogger,
    private readonly options: PurchasesOptions,
  ) {
    this.repository = new PurchasesRepository(db);
    this.creation = {
      repository: this.repository,
      payments,
      allocator,
      log,
      options,
      notifier,
      lookups: this.lookups,
      reservations: this.reservations,
    };
    const confirmation = { repository: this.repository, allocator, notifier, log };
    this.confirmation = confirmation;
    payments.onPaid('purchase', (trx, event) => confirmPaid(confirmation, trx, event));
    payments.onExpired('purchase', (trx, charge) => expireWithCharge(this.repository, notifier, trx, charge));
  }

  /**
   * POST /public/purchases (create.ts). `clientAddress`: the request's address (request.ip; the address cap).
   * `deviceToken`: the device's buyer cookie; a reservation from a device that does not prove the buyer counts apart
   * from the buyer's own caps (migration 047). `origin`: where the checkout link of the 'reserved' message points (by
   * default the notifier's, linkOriginOf in lib/public-origin.ts: the same for every message).
   */
  create(
    input: PurchaseRequest,
    idempotencyKey: string | null,
    clientAddress: string | null = null,
    deviceToken?: string,
    origin: string = this.notifier.origin,
  ): Promise<{ created: boolean; data: PurchaseCreated }> {
    const device = deviceToken ? readBuyerDeviceToken(this.cipher().tokenKey, deviceToken) : null;
    return createPurchase(this.creation, input, idempotencyKey, origin, clientAddress, device);
  }

  /** One campaign's group-commit statement (a method: tests watch the batch sizes). */
  private reserveBatch(items: Reservation[]): Promise<{ unusedFresh: number[] }[]> {
    return reserveCampaignBatch(this.repository, items);
  }

  /**
   * GET /public/purchases/:hash. `origin`: where campaign.full_url points (PUBLIC_URL, or the address of the
   * request: lib/public-origin.ts). `deviceToken`: the asking device's buyer cookie; the buyer's name and masks are
   * shown only when it proves the purchase's buyer.
   */
  async view(hash: string, origin: string, deviceToken?: string): Promise<Purchase | null> {
    if (!/^[A-Za-z0-9_-]{22,64}$/.test(hash)) return null;
    const record = await this.repository.findForView(hash);
    if (!record) return null;
    const tickets = await this.repository.ticketNumbers(record);
    const pending = record.status_id === PURCHASE_STATUS_ID.pending && record.charge_copy_paste_code !== null;
    const qrCode = pending ? await this.qrCodes.get(record.charge_copy_paste_code!) : null;
    const cipher = this.cipher();
    const proof = deviceToken ? readBuyerDeviceToken(cipher.tokenKey, deviceToken) : null;
    return presentPurchase(record, tickets, {
      cipher,
      buyerProven: provesBuyer(proof, { id: record.buyer_id, token_epoch: record.buyer_token_epoch }),
      origin,
      sandbox: this.options.sandbox,
      qrCode,
      now: new Date(),
    });
  }

  /**
   * GET /public/purchases/:hash/comprovante.pdf (receipt.ts): only to the device that proved the purchase's buyer
   * (its `rifaria_buyer` cookie, the proof the checkout and 'Meus números' use); null for anyone else and for an
   * unknown hash alike. 'unpaid': the buyer's purchase is not Pago (no receipt yet, or never).
   */
  async receipt(
    hash: string,
    origin: string,
    deviceToken?: string,
  ): Promise<{ pdf: Buffer; fileName: string } | 'unpaid' | null> {
    if (!/^[A-Za-z0-9_-]{22,64}$/.test(hash) || !deviceToken) return null;
    const record = await this.repository.findForView(hash);
    if (!record) return null;
    const cipher = this.cipher();
    const proof = readBuyerDeviceToken(cipher.tokenKey, deviceToken);
    if (!provesBuyer(proof, { id: record.buyer_id, token_epoch: record.buyer_token_epoch })) return null;
    if (record.status_id !== PURCHASE_STATUS_ID.paid) return 'unpaid';
    const [numbers, endToEndId] = await Promise.all([
      this.repository.ticketNumbers(record),
      this.repository.endToEndIdOf(record.id),
    ]);
    const pdf = await drawPurchaseReceipt({ record, numbers, endToEndId, origin, cipher, now: new Date() });
    return { pdf, fileName: receiptFileName(record.campaign_link, record.id) };
  }

  /** Worker step 'purchase-expiry' (expire.ts). */
  expireOverdue(maxBatches = 20): Promise<number> {
    return expireOverdue(this.db, this.repository, this.notifier, this.options.batchSize, maxBatches, (ids) =>
      this.cancelChargesOf(ids),
    );
  }

  /**
   * The draw's transaction (draws/service.ts, SalesCloser): every purchase of the campaign still Pendente is
   * cancelled and its numbers released, as on expiry, with the buyers' 'sales closed' message. The draw has locked
   * the campaign's unpaid purchases already (waitForConfirmations).
   */
  closeAtDraw(trx: Transaction<Database>, campaignId: string): Promise<string[]> {
    return closeSalesAtDraw(trx, this.repository, this.notifier, campaignId);
  }

  /** Cancels at the PSP the still-active charges of these purchases (sales closed at the draw); failures logged. */
  cancelCharges(purchaseIds: string[]): Promise<void> {
    return this.cancelChargesOf(purchaseIds);
  }

  private async cancelChargesOf(purchaseIds: string[]): Promise<void> {
    const charges = await this.repository.activeChargesOf(purchaseIds);
    for (const { txid } of charges) {
      try {
        await this.payments.pix.cancelCharge(txid);
      } catch (error) {
        this.log.warn({ txid, err: error }, 'could not cancel the charge of a purchase cancelled at the draw');
      }
    }
  }

  /** Worker step 'purchase-refunds' (refund.ts). */
  refundPending(leaseSeconds = 60): Promise<Record<string, number>> {
    return refundPending(
      {
        repository: this.repository,
        payments: this.payments,
        log: this.log,
        honour: (key, claimedAt) => honourLatePayment(this.confirmation, this.db, key, claimedAt),
        finishSale: (row, outcome) => finishSaleRefund(this.db, this.notifier, row, outcome),
      },
      this.options.batchSize,
      leaseSeconds,
    );
  }
}
