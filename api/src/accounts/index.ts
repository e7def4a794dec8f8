export { AccountOpeningService, type AccountDocument } from './service';
export { generateAccountNumber, isValidAccountNumber, mod11CheckDigit } from './account-number';
export {
  KycReviewService,
  kycReviewerFor,
  ManualKycReviewer,
  SandboxKycReviewer,
  type KycDecision,
  type KycReviewContext,
  type KycReviewer,
  type ReviewSummary,
} from './kyc';
export { ACCOUNT_MESSAGES } from './messages';
export {
  AccountsRepository,
  DIGITAL_ACCOUNT_WALLET_TYPE,
  HOLDER_CPF_INDEX,
  type AccountApplication,
} from './repository';
export type { WalletListItem } from './presenter';
export { accountsWorkerSteps } from './worker';
