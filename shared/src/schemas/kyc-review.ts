import * as v from 'valibot';

/**
 * Issue 32: an operator's review of an account opening (POST /api/admin/account-openings/{id}/reject). The reason
 * comes from a fixed list, shown in pt-BR; the free text is bounded and required for 'outro'.
 */
export const KYC_REJECTION_REASONS = {
  documento_ilegivel: 'Documento ilegível',
  dados_nao_conferem: 'Dados não conferem',
  menor_de_idade: 'Menor de idade',
  outro: 'Outro',
} as const;

export type KycRejectionReason = keyof typeof KYC_REJECTION_REASONS;

export const KYC_REJECTION_DETAILS_MAX_LENGTH = 500;

export const KYC_REVIEW_MESSAGES = {
  reasonRequired: 'Escolha o motivo da recusa.',
  detailsTooLong: `Os detalhes devem ter no máximo ${KYC_REJECTION_DETAILS_MAX_LENGTH} caracteres.`,
  detailsRequired: "Descreva o motivo quando escolher 'Outro'.",
} as const;

export const kycRejectSchema = v.pipe(
  v.object({
    reason: v.picklist(Object.keys(KYC_REJECTION_REASONS) as KycRejectionReason[], KYC_REVIEW_MESSAGES.reasonRequired),
    details: v.optional(
      v.nullable(
        v.pipe(
          v.string(KYC_REVIEW_MESSAGES.detailsTooLong),
          // Bounded before anything else looks at it.
          v.maxLength(KYC_REJECTION_DETAILS_MAX_LENGTH * 2, KYC_REVIEW_MESSAGES.detailsTooLong),
          v.trim(),
          v.maxLength(KYC_REJECTION_DETAILS_MAX_LENGTH, KYC_REVIEW_MESSAGES.detailsTooLong),
        ),
      ),
      null,
    ),
  }),
  v.transform(({ reason, details }) => ({ reason, details: details === '' ? null : details })),
  v.forward(
    v.check(({ reason, details }) => reason !== 'outro' || details !== null, KYC_REVIEW_MESSAGES.detailsRequired),
    ['details'],
  ),
);
export type KycRejectInput = v.InferOutput<typeof kycRejectSchema>;

/** The sentence the organiser reads on /carteiras and in the e-mail: the reason's label, then the details. */
export function kycRejectionText(reason: KycRejectionReason, details: string | null): string {
  const label = KYC_REJECTION_REASONS[reason];
  return details ? `${label}: ${details}` : label;
}
