/**
 * Hoarding a campaign (issue 29 item 6): how much one buyer and one address may hold unpaid in one campaign, and how
 * long a buyer whose reservations keep expiring unpaid waits before reserving again. The caps are checked before the
 * PSP is asked (the lookup's counts) and again under per-buyer and per-address locks inside the reservation
 * statement (purchase_pending_guard, migrations 011 and 030).
 */

/** A buyer may always hold this many numbers unpaid: a 10-number campaign still sells 1-2 numbers to a buyer. */
export const PENDING_FLOOR_PER_BUYER = 2;

/**
 * After this many reservations of one buyer in one campaign expired unpaid within EXPIRED_WINDOW_HOURS, the buyer
 * waits FIRST_WAIT_SECONDS after the last one before reserving there again, doubled for each further one, at most
 * MAX_WAIT_SECONDS. A buyer who lets one or two checkouts lapse never notices; one who holds numbers for 10 minutes
 * over and over is slowed down more and more.
 */
export const EXPIRY_WAIT = {
  freeExpiries: 3,
  windowHours: 24,
  firstWaitSeconds: 10 * 60,
  maxWaitSeconds: 24 * 60 * 60,
} as const;

export interface CapSettings {
  /** PENDING_NUMBERS_PER_BUYER. */
  pendingNumbersPerBuyer: number;
  /** PENDING_SHARE_PER_BUYER, percent. */
  pendingSharePerBuyer: number;
  /** PENDING_SHARE_PER_ADDRESS, percent (100: no address cap). */
  pendingSharePerAddress: number;
}

export interface PendingCaps {
  /** Unpaid numbers one buyer may hold in the campaign. */
  buyer: number;
  /** Unpaid numbers one address may hold in the campaign; null = not capped (PENDING_SHARE_PER_ADDRESS=100). */
  address: number | null;
}

/**
 * The caps of a campaign of `totalTickets` numbers. The buyer's: its share of the campaign, at least
 * PENDING_FLOOR_PER_BUYER, at most PENDING_NUMBERS_PER_BUYER. The address's: its share, at least the buyer's (an
 * address always holds what one buyer may; a carrier NAT shares one among many buyers). A share of 100 % is no cap.
 */
export function pendingCaps(totalTickets: number, settings: CapSettings): PendingCaps {
  const share = (percent: number) => Math.floor((totalTickets * percent) / 100);
  // 100 %: no share cap (only PENDING_NUMBERS_PER_BUYER), so a refusal for lack of numbers says how many remain.
  const buyer =
    settings.pendingSharePerBuyer >= 100
      ? settings.pendingNumbersPerBuyer
      : Math.min(
          settings.pendingNumbersPerBuyer,
          Math.max(PENDING_FLOOR_PER_BUYER, share(settings.pendingSharePerBuyer)),
        );
  const address =
    settings.pendingSharePerAddress >= 100 ? null : Math.max(buyer, share(settings.pendingSharePerAddress));
  return { buyer, address };
}
