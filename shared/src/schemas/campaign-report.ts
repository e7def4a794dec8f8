/**
 * 'Denunciar campanha' (issue 32): the public page's dialog and POST /public/campaigns/{link}/reports validate with
 * this one schema. The phone is optional (to be called back): empty stays undefined, anything else must be a phone.
 */
import * as v from 'valibot';
import type { CampaignReportReason } from '../types';
import { BUYER_MESSAGES } from './buyer-messages';
import { digitsField } from './digits-field';
import { isValidPhone } from './documents';

export const CAMPAIGN_REPORT_REASONS = {
  golpe: 'Golpe',
  premio_inexistente: 'Prêmio inexistente',
  conteudo_improprio: 'Conteúdo impróprio',
  outro: 'Outro',
} as const satisfies Record<CampaignReportReason, string>;

export const CAMPAIGN_REPORT_DESCRIPTION_MAX = 1000;

export const CAMPAIGN_REPORT_MESSAGES = {
  reason: 'Escolha o motivo da denúncia.',
  description: 'Conte o que aconteceu.',
  descriptionTooLong: `A descrição deve ter no máximo ${CAMPAIGN_REPORT_DESCRIPTION_MAX} caracteres.`,
  sent: 'Denúncia enviada. Obrigado: a equipe da Rifaria vai analisar.',
  failed: 'Não foi possível enviar a denúncia. Tente novamente.',
} as const;

export const campaignReportSchema = v.object({
  reason: v.picklist(
    Object.keys(CAMPAIGN_REPORT_REASONS) as [CampaignReportReason, ...CampaignReportReason[]],
    CAMPAIGN_REPORT_MESSAGES.reason,
  ),
  description: v.pipe(
    v.string(CAMPAIGN_REPORT_MESSAGES.description),
    v.maxLength(CAMPAIGN_REPORT_DESCRIPTION_MAX * 2, CAMPAIGN_REPORT_MESSAGES.descriptionTooLong),
    v.trim(),
    v.minLength(1, CAMPAIGN_REPORT_MESSAGES.description),
    v.maxLength(CAMPAIGN_REPORT_DESCRIPTION_MAX, CAMPAIGN_REPORT_MESSAGES.descriptionTooLong),
  ),
  // Digits out; '' when left empty (nobody to call back).
  phone: digitsField(BUYER_MESSAGES.phoneInvalid, (digits) => digits === '' || isValidPhone(digits)),
});

export type CampaignReportInput = v.InferInput<typeof campaignReportSchema>;
