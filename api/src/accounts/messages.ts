/** pt-BR replies of the account-opening endpoints (field messages come from ACCOUNT_OPENING_MESSAGES). */
export const ACCOUNT_MESSAGES = {
  received: 'Solicitação recebida! Sua conta está em análise.',
  alreadyOpen: 'Você já possui uma conta digital ativa ou em análise.',
  /** One CPF, one open account (012_account_holder_cpf): another organiser's account holds it. */
  cpfTaken: 'Este CPF já está vinculado a outra conta digital ativa ou em análise.',
  /** The account is opened in the name of the profile's CPF when the profile has one. */
  cpfProfileMismatch: 'O CPF deve ser o mesmo cadastrado no seu perfil (Meus Dados).',
  multipartRequired: 'Envie os dados da abertura de conta como multipart/form-data.',
} as const;
