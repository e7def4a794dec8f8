/** Money in API replies is a 2-decimal number of reais; formatBRL takes integer centavos (no float reaches Intl). */
import { formatBRL } from '@rifaria/shared/format';

export function reaisToCents(reais: number): number {
  return Math.round(reais * 100);
}

/** 12.5 → 'R$ 12,50'. */
export function formatReais(reais: number): string {
  return formatBRL(reaisToCents(reais));
}

/** The campaign's goal: total tickets × ticket price, computed in centavos. */
export function goalCents(campaign: { total_tickets: number; ticket_price: number }): number {
  return campaign.total_tickets * reaisToCents(campaign.ticket_price);
}
