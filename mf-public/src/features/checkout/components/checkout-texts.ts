/** The checkout's texts (spec section 2 "Checkout"). */
export const CHECKOUT_TEXTS = {
  title: 'Finalizar pagamento',
  timeLeft: 'Tempo restante para pagar',
  warning: 'Atenção! Menos de 1 minuto restante',
  howTo: 'Como pagar',
  steps: [
    'Abra o app do seu banco e escolha pagar com Pix.',
    'Escaneie o QR Code ou use o Pix copia e cola.',
    'Pronto: a confirmação aparece nesta tela automaticamente.',
  ],
  // The Pix charge's own texts (QR code, copy and paste, waiting, sandbox): PIX_CHARGE_TEXTS in @rifaria/shared/ui.
  sandboxFailed: 'Erro ao simular pagamento. Tente novamente.',
  tickets: 'Seus números',
  reservedNote: 'Estes números ficam reservados para você até o fim do prazo de pagamento.',
  summary: 'Resumo da compra',
  buyer: 'Dados do comprador',
  /** The checkout on a device that never proved being the buyer: the server sends no name, CPF or e-mail. */
  buyerHidden: 'Os demais dados do comprador aparecem só no aparelho em que ele se cadastrou ou confirmou o telefone.',
  help: 'Falar com o organizador no WhatsApp',
  helpTitle: 'Precisa de ajuda?',
  paidTitle: 'Pagamento confirmado!',
  paidBody: 'Seus números estão garantidos. Boa sorte no sorteio!',
  expiredTitle: 'Pagamento expirado',
  /** `minutes`: the reservation's real window (10, or less when the draw came first). */
  expiredBody: (minutes: number) =>
    `O prazo de ${minutes === 1 ? '1 minuto' : `${minutes} minutos`} para pagamento terminou. Esta compra foi cancelada e os números reservados foram liberados para outras pessoas.`,
  /** Issue 30: the reservation ended because sales closed for the draw, not because the buyer took too long. */
  salesClosedTitle: 'Vendas encerradas',
  salesClosedBody: (draw: string | null) =>
    `As vendas foram encerradas para o sorteio${draw ? ` de ${draw}` : ''}. Esta compra foi cancelada e os números reservados não entram no sorteio.`,
  seeResult: 'Ver o resultado do sorteio',
  expiredPaid:
    'Se você pagou nos últimos instantes, o pagamento não se perde: verifique de novo em alguns segundos e, se nada mudar, fale com o organizador.',
  checkAgain: 'Verificar pagamento novamente',
  buyAgain: 'Comprar novos números',
  myTickets: 'Meus números',
  backToCampaign: 'Voltar para a campanha',
  refundTitle: 'Pagamento recebido após o prazo',
  refundBody:
    'Seu Pix chegou depois que a reserva expirou e não havia mais números disponíveis nesta campanha, por isso a compra não pôde ser concluída. O valor pago é devolvido integralmente para a conta de origem do Pix.',
  /** Issue 32: a paid purchase refunded (campaign cancelled, or refunded by the Rifaria team). */
  refundedTitle: 'Reembolsado',
  refundedBody:
    'Esta compra foi cancelada antes do sorteio e o valor pago é devolvido integralmente para a conta de origem do Pix. Os números dela não participam mais do sorteio.',
  refundedFailed:
    'A devolução ainda não foi concluída pelo banco. A equipe da Rifaria já foi avisada e vai concluir a devolução.',
  refund: {
    pending: 'Devolução em andamento: o valor volta para a conta de origem do Pix em instantes.',
    refunded: 'Devolução concluída: o valor já foi devolvido para a conta de origem do Pix.',
    failed:
      'A devolução automática não foi concluída. Fale com o organizador pelo WhatsApp para receber o valor de volta.',
  },
} as const;
