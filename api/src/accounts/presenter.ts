import { KYC_REJECTION_REASONS } from '@rifaria/shared/schemas';
import type { AccountApplication } from './repository';
import type { walletListItem } from '../wallets/service';

/** The wallet list item (wallets/schemas.ts walletSchema), built by the wallets module: one shape for both replies. */
export type WalletListItem = ReturnType<typeof walletListItem>;

/**
 * The organiser's latest application (GET /api/accounts/applications/latest, issue 32): its status, the operator's
 * reason when rejected, and what the wizard prefills on 'Corrigir e reenviar' (the document itself stays on the
 * server: a resubmission without a new file keeps it).
 */
export function ownApplication(application: AccountApplication, resubmitted: boolean) {
  const rejected = application.status === 'rejected';
  return {
    id: Number(application.id),
    status: application.status,
    created_at: application.created_at.toISOString(),
    reviewed_at: application.reviewed_at?.toISOString() ?? null,
    rejection: rejected
      ? {
          reason: application.rejection_code,
          reason_label: application.rejection_code
            ? KYC_REJECTION_REASONS[application.rejection_code]
            : (application.rejection_reason ?? 'Não informado'),
          details: application.rejection_details,
        }
      : null,
    can_resubmit: rejected && !resubmitted,
    fields: {
      name: application.name,
      email: application.email,
      cpf: application.cpf,
      phone: application.phone,
      birthdate: application.birthdate,
      zipCode: application.zip_code,
      street: application.street,
      number: application.number,
      neighborhood: application.neighborhood,
      city: application.city,
      state: application.state_uf,
      complement: application.complement ?? '',
      documentType: application.document_type_id,
    },
    document: { mime: application.document_mime, size: application.document_size },
  };
}
