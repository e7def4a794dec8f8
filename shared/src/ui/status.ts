import { CAMPAIGN_STATUS_ID, PURCHASE_STATUS_ID } from '../constants';
import type { CampaignStatusId, PurchaseStatusId } from '../types';

/** The chip colour of a purchase status, by id: Pendente amber, Pago green, Cancelado red. */
export function purchaseStatusColor(id: PurchaseStatusId): 'warning' | 'success' | 'error' {
  if (id === PURCHASE_STATUS_ID.pending) return 'warning';
  if (id === PURCHASE_STATUS_ID.paid) return 'success';
  return 'error';
}

/** The chip colour of a campaign status, by id: Publicada green, Cancelada red, Finalizada blue, Rascunho grey. */
export function campaignStatusColor(id: CampaignStatusId): 'default' | 'success' | 'error' | 'info' {
  if (id === CAMPAIGN_STATUS_ID.published) return 'success';
  if (id === CAMPAIGN_STATUS_ID.cancelled) return 'error';
  if (id === CAMPAIGN_STATUS_ID.finished) return 'info';
  return 'default';
}
