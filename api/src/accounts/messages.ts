/** pt-BR replies of the account-opening endpoints (field messages come from ACCOUNT_OPENING_MESSAGES). */
export const ACCOUNT_MESSAGES = {
  received: 'Solicitação recebida! Sua conta está em análise.',
  alreadyOpen: 'Você já possui uma conta digital ativa ou em análise.',
  multipartRequired: 'Envie os dados da abertura de conta como multipart/form-data.',
} as const;
