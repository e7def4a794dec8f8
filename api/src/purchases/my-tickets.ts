import { formatDateTime, formatTicketNumber } from '@rifaria/shared/format';
import { PURCHASE_STATUS, type MyTickets, type PurchaseStatusId } from '@rifaria/shared/types';
import type { Kysely } from 'kysely';
import { provesBuyer } from '../buyers/device-token';
import type { BuyersService } from '../buyers/service';
import { findPublicCampaign } from '../campaigns/public-page';
import type { Database, Executor } from '../db/schema';
import { centsToReais } from '@rifaria/shared/money';

type MyPurchase = MyTickets['purchases'][number];

/**
 * "Meus números": every purchase of one buyer in one campaign, newest first, each with its numbers (zero-padded to
 * the campaign's width, ascending). Cancelled purchases are listed with no numbers (theirs went back to the pool).
 * Two queries whatever the number of purchases.
 */
export async function buyerPurchasesInCampaign(
  db: Executor,
  campaign: { id: string; total_tickets: number },
  buyerId: string,
): Promise<MyPurchase[]> {
  const purchases = await db
    .selectFrom('purchases')
    .select(['id', 'purchase_hash', 'purchased_at', 'total_tickets', 'total_cents', 'status_id'])
    .where('campaign_id', '=', campaign.id)
    .where('buyer_id', '=', buyerId)
    .orderBy('purchased_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  if (purchases.length === 0) return [];
  const tickets = await db
    .selectFrom('campaign_tickets')
    .select(['purchase_id', 'number'])
    .where('campaign_id', '=', campaign.id)
    .where(
      'purchase_id',
      'in',
      purchases.map((p) => p.id),
    )
    .orderBy('number')
    .execute();
  const byPurchase = new Map<string, MyPurchase['tickets']>();
  for (const ticket of tickets) {
    const list = byPurchase.get(String(ticket.purchase_id)) ?? [];
    // A number is unique within its campaign: it is the ticket's id on the public pages.
    list.push({ id: ticket.number, number: formatTicketNumber(ticket.number, campaign.total_tickets) });
    byPurchase.set(String(ticket.purchase_id), list);
  }
  return purchases.map((purchase) => {
    const statusId = purchase.status_id as PurchaseStatusId;
    return {
      purchase_hash: purchase.purchase_hash,
      purchased_at: purchase.purchased_at.toISOString(),
      purchased_at_formatted: formatDateTime(purchase.purchased_at),
      total_tickets: purchase.total_tickets,
      total_value: centsToReais(purchase.total_cents),
      status: { id: statusId, name: PURCHASE_STATUS[statusId] },
      tickets: byPurchase.get(String(purchase.id)) ?? [],
    };
  });
}

/** "Meus números" (GET /public/campaigns/{link}/my-tickets): a buyer proves who they are with phone and CPF. */
export class MyTicketsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly buyers: BuyersService,
  ) {}

  /**
   * undefined: no public campaign with this link. null: nothing to show (unknown phone, wrong CPF, or no purchase
   * here: one answer, so the reply is no oracle of which). Otherwise the buyer's name and purchases, and the buyer
   * the device proved (for its `rifaria_buyer` cookie).
   */
  async find(
    link: string,
    phone: string,
    cpf: string,
  ): Promise<{ tickets: MyTickets; proven: { id: string; token_epoch: number } } | null | undefined> {
    const campaign = await findPublicCampaign(this.db, link);
    if (!campaign) return undefined;
    const buyer = await this.buyers.findByPhoneAndCpf(phone, cpf);
    if (!buyer) return null;
    const tickets = await this.ofBuyer(campaign, buyer);
    // Phone and CPF prove the buyer, as at POST /public/buyers: the device is theirs from now on (its receipts).
    return tickets && { tickets, proven: buyer };
  }

  /**
   * The same for the buyer this device proved (its `rifaria_buyer` cookie, at the buyer's current epoch): the device
   * that just paid sees its numbers without typing phone and CPF again (issue 30). null for any other device.
   */
  async findForDevice(link: string, deviceToken: string | undefined): Promise<MyTickets | null | undefined> {
    const campaign = await findPublicCampaign(this.db, link);
    if (!campaign) return undefined;
    const proof = this.buyers.readDeviceToken(deviceToken);
    if (!proof) return null;
    const buyer = await this.buyers.findById(proof.buyerId);
    if (!buyer || !provesBuyer(proof, buyer)) return null;
    return this.ofBuyer(campaign, buyer);
  }

  private async ofBuyer(
    campaign: { id: string; total_tickets: number },
    buyer: { id: string; name: string },
  ): Promise<MyTickets | null> {
    const purchases = await buyerPurchasesInCampaign(this.db, campaign, buyer.id);
    if (purchases.length === 0) return null;
    // The draw's winners held by this buyer's purchases (campaign_draw_winners, 016).
    const prizes = await this.db
      .selectFrom('campaign_draw_winners as w')
      .innerJoin('purchases as p', (join) =>
        join.onRef('p.campaign_id', '=', 'w.campaign_id').onRef('p.id', '=', 'w.purchase_id'),
      )
      .select(['w.position', 'w.number', 'w.award_description'])
      .where('w.campaign_id', '=', campaign.id)
      .where('p.buyer_id', '=', buyer.id)
      .orderBy('w.position')
      .execute();
    return {
      buyer: { name: buyer.name },
      purchases,
      prizes: prizes.map((prize) => ({
        position: prize.position,
        award: { description: prize.award_description },
        number: formatTicketNumber(prize.number, campaign.total_tickets),
      })),
    };
  }
}
