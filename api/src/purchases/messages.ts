/** pt-BR texts of the purchase routes that the shared BUYER_MESSAGES do not cover (server-only situations). */
export const PURCHASE_MESSAGES = {
  created: 'Compra criada! Pague o Pix para confirmar seus números.',
  replayed: 'Compra já registrada para esta solicitação.',
  campaignNotFound: 'Campanha não encontrada.',
  idempotencyKeyInvalid: 'Idempotency-Key inválida: use de 1 a 200 caracteres visíveis (por exemplo, um UUID).',
  idempotencyKeyReused: 'Esta Idempotency-Key já foi usada em outra compra. Gere uma nova chave e tente novamente.',
  pixUnavailable: 'Não foi possível gerar o Pix agora. Nenhum número foi reservado; tente novamente em instantes.',
} as const;
