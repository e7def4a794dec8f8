/**
 * pt-BR texts the API produces itself. Field-level validation messages come from @rifaria/shared/schemas
 * (the same ones the forms show); these are the general replies around them.
 */
export const API_MESSAGES = {
  validationFailed: 'Dados inválidos. Verifique os campos informados.',
  invalidValue: 'Valor inválido.',
  malformedJson: 'Não foi possível ler os dados enviados: o JSON é inválido.',
  badRequest: 'Requisição inválida.',
  nulCharacter: 'Este campo contém um caractere não permitido.',
  malformedMultipart: 'Não foi possível ler o formulário enviado (multipart/form-data inválido).',
  unsupportedMediaType: 'Formato de dados não suportado. Envie os dados em JSON (Content-Type: application/json).',
  payloadTooLarge: 'Os dados enviados excedem o tamanho máximo permitido.',
  routeNotFound: 'Rota não encontrada.',
  methodNotAllowed: 'Método não permitido para esta rota.',
  notFound: 'Recurso não encontrado.',
  tooManyRequests: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
  internalError: 'Erro interno do servidor. Tente novamente em alguns instantes.',
  serviceUnavailable: 'Serviço temporariamente indisponível. Tente novamente em alguns instantes.',
  unauthenticated: 'Não autenticado. Faça login para continuar.',
  forbidden: 'Você não tem permissão para realizar esta ação.',
  crossSiteRefused: 'Requisição recusada: ela não veio da página da Rifaria. Recarregue a página e tente novamente.',

  registered: 'Conta criada com sucesso!',
  loggedIn: 'Login realizado com sucesso!',
  loggedOut: 'Logout realizado com sucesso.',
  addressSaved: 'Endereço salvo com sucesso!',
  addressNotFound: 'Endereço não cadastrado',
  // The e-mail code (the rest is EMAIL_CODE_MESSAGES in @rifaria/shared/schemas, which the dialog shows too)
  verificationEmailSubject: 'Seu código de verificação da Rifaria',
  emailCodeTooSoon: (seconds: number) =>
    `Aguarde ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'} para pedir um novo código.`,
  emailCodeDailyLimit: 'Você pediu muitos códigos nas últimas 24 horas. Tente novamente mais tarde.',

  // Wallets, deposits and Pix (issue 3: ledger and payments)
  walletNotFound: 'Carteira não encontrada.',
  walletNotActive: 'A carteira ainda não está ativa.',
  balanceFetched: 'Saldo consultado com sucesso',
  depositNotFound: 'Depósito não encontrado.',
  pixGenerated: 'Pix gerado com sucesso!',
  webhookReceived: 'Notificação recebida.',
  webhookRejected: 'Notificação recusada.',

  // Sandbox PSP (simulated payments, PIX_PROVIDER=sandbox only)
  sandboxPaid: 'Pagamento simulado com sucesso.',
  sandboxChargeNotFound: 'Cobrança não encontrada.',
  sandboxChargeAlreadyPaid: 'Esta cobrança já foi paga.',
  sandboxChargeExpired: 'Esta cobrança expirou.',
  sandboxChargeCancelled: 'Esta cobrança foi cancelada.',
} as const;
