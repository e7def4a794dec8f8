import { CAMPAIGN_STATUS_ID, PURCHASE_STATUS_ID } from '../constants';
import type { CampaignStatusId, PurchaseStatusId } from '../types';

/** The chip colour of a purchase status, by id: Pendente amber, Pago green, Cancelado red, Reembolsado blue. */
export function purchaseStatusColor(id: PurchaseStatusId): 'warning' | 'success' | 'error' | 'info' {
  if (id === PURCHASE_STATUS_ID.pending) return 'warning';
  if (id === PURCHASE_STATUS_ID.paid) return 'success';
  if (id === PURCHASE_STATUS_ID.refunded) return 'info';
  return 'error';
}

/**
 * The chip colour of a campaign status, by id: Publicada green, Cancelada red, Finalizada blue, Suspensa amber,
 * Rascunho grey.
 */
export function campaignStatusColor(id: CampaignStatusId): 'default' | 'success' | 'error' | 'info' | 'warning' {
  if (id === CAMPAIGN_STATUS_ID.published) return 'success';
  if (id === CAMPAIGN_STATUS_ID.cancelled) return 'error';
  if (id === CAMPAIGN_STATUS_ID.finished) return 'info';
  if (id === CAMPAIGN_STATUS_ID.suspended) return 'warning';
  return 'default';
}
