/** pt-BR replies of the account-opening endpoints (field messages come from ACCOUNT_OPENING_MESSAGES). */
export const ACCOUNT_MESSAGES = {
  received: 'Solicitação recebida! Sua conta está em análise.',
  alreadyOpen: 'Você já possui uma conta digital ativa ou em análise.',
  /** One CPF, one open account (012_account_holder_cpf): another organiser's account holds it. */
  cpfTaken: 'Este CPF já está vinculado a outra conta digital ativa ou em análise.',
  /** The account is opened in the name of the profile's CPF when the profile has one. */
  cpfProfileMismatch: 'O CPF deve ser o mesmo cadastrado no seu perfil (Meus Dados).',
  multipartRequired: 'Envie os dados da abertura de conta como multipart/form-data.',
  /** 'Corrigir e reenviar' (issue 32) of an application that is not the organiser's, not rejected or already resent. */
  notResubmittable: 'Esta solicitação não pode ser corrigida e reenviada.',
  /** The operators' review (issue 32, admin/kyc-routes.ts). */
  applicationNotFound: 'Solicitação de abertura de conta não encontrada.',
  alreadyDecided: 'Esta solicitação já foi decidida por outro operador.',
  approved: 'Conta aprovada. O organizador foi avisado por e-mail.',
  rejected: 'Solicitação recusada. O organizador foi avisado por e-mail e pode corrigir e reenviar.',
} as const;
