/** pt-BR texts of the purchase routes that the shared BUYER_MESSAGES do not cover (server-only situations). */
export const PURCHASE_MESSAGES = {
  created: 'Compra criada! Pague o Pix para confirmar seus números.',
  replayed: 'Compra já registrada para esta solicitação.',
  campaignNotFound: 'Campanha não encontrada.',
  idempotencyKeyInvalid: 'Idempotency-Key inválida: use de 1 a 200 caracteres visíveis (por exemplo, um UUID).',
  idempotencyKeyReused: 'Esta Idempotency-Key já foi usada em outra compra. Gere uma nova chave e tente novamente.',
  pixUnavailable: 'Não foi possível gerar o Pix agora. Nenhum número foi reservado; tente novamente em instantes.',
  /** The buyer would hold more than `limit` unpaid numbers in the campaign; `pending` = unpaid numbers held now. */
  pendingLimit: (pending: number, limit: number): string => {
    const max = limit.toLocaleString('pt-BR');
    if (pending === 0) {
      return `Cada comprador pode ter no máximo ${max} números aguardando pagamento nesta campanha. Escolha uma quantidade menor.`;
    }
    const held = `${pending.toLocaleString('pt-BR')} ${pending === 1 ? 'número reservado' : 'números reservados'}`;
    const room = limit - pending;
    return (
      `Você já tem ${held} aguardando pagamento nesta campanha. Pague a reserva ou aguarde ela expirar para ` +
      `reservar mais (limite de ${max} por comprador).` +
      (room > 0 ? ` No momento, você pode reservar até ${room.toLocaleString('pt-BR')}.` : '')
    );
  },
  /**
   * The buyers behind this address would hold more than `limit` unpaid numbers in the campaign; `pending` = what
   * they hold now (PENDING_SHARE_PER_ADDRESS).
   */
  addressLimit: (pending: number, limit: number): string => {
    const room = limit - pending;
    return (
      `Muitos números desta campanha já estão reservados, aguardando pagamento, por compradores da sua conexão de ` +
      `internet (limite de ${limit.toLocaleString('pt-BR')} por endereço). Tente novamente em alguns minutos` +
      (room > 0 ? ` ou escolha até ${room.toLocaleString('pt-BR')} ${room === 1 ? 'número' : 'números'}.` : '.')
    );
  },
  receiptUnpaid: 'O comprovante fica disponível depois que o pagamento é confirmado.',
  /** The buyer's reservations in the campaign expired unpaid again and again: they wait until `at` (São Paulo). */
  waitAfterExpiries: (at: string): string =>
    `Suas últimas reservas nesta campanha expiraram sem pagamento. Você poderá reservar novamente a partir de ${at}.`,
} as const;
