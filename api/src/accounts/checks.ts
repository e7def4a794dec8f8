import { isAdultOn, isValidCpf } from '@rifaria/shared/schemas';
import type { AccountApplication } from './repository';

/**
 * Issue 32: the automatic checks of an account opening, made before any person looks and recorded with the
 * application (056_kyc_manual_review): the CPF's check digits, age >= 18 on the day it was sent (null: no birth
 * date given), and that no other organiser's open account holds the CPF (012_account_holder_cpf). The operator
 * sees them in the queue and on the detail.
 */
export interface AutomaticChecks {
  cpf_valid: boolean;
  adult: boolean | null;
  cpf_unique: boolean;
}

export function automaticChecks(cpf: string, birthdate: string | null, cpfUnique: boolean, on: Date): AutomaticChecks {
  return {
    cpf_valid: isValidCpf(cpf),
    adult: birthdate === null ? null : isAdultOn(birthdate, on),
    cpf_unique: cpfUnique,
  };
}

/** The columns the checks are recorded in. */
export function checkColumns(checks: AutomaticChecks) {
  return { check_cpf_valid: checks.cpf_valid, check_adult: checks.adult, check_cpf_unique: checks.cpf_unique };
}

/**
 * The checks recorded with the application; for a row written before they were recorded, the digits and the age
 * are worked out again from the row (the uniqueness was then enforced by the index, as it is now).
 */
export function checksOf(
  application: Pick<
    AccountApplication,
    'cpf' | 'birthdate' | 'created_at' | 'check_cpf_valid' | 'check_adult' | 'check_cpf_unique'
  >,
): AutomaticChecks {
  const computed = automaticChecks(application.cpf, application.birthdate, true, application.created_at);
  return {
    cpf_valid: application.check_cpf_valid ?? computed.cpf_valid,
    adult: application.check_adult ?? computed.adult,
    cpf_unique: application.check_cpf_unique ?? computed.cpf_unique,
  };
}
