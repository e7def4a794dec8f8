/** pt-BR replies of POST /api/user-wallets/{id}/transfers beyond the form's messages (TRANSFER_MESSAGES, shared). */
export const TRANSFER_REPLY_MESSAGES = {
  idempotencyKeyInvalid: 'Idempotency-Key inválida: use de 1 a 200 caracteres visíveis (por exemplo, um UUID).',
  idempotencyKeyReused:
    'Esta Idempotency-Key já foi usada em outra transferência, com outros dados. Gere uma nova chave e tente novamente.',
  processing: 'Transferência em processamento. Acompanhe o resultado no extrato.',
  /** The PSP's directory could not be asked (network, PSP down): nothing was sent. */
  lookupFailed: 'Não foi possível consultar a chave Pix agora. Nada foi enviado: tente novamente em instantes.',
  notFound: 'Transferência não encontrada.',
  /** A receipt exists once the PSP confirmed the transfer (it carries the end-to-end id). */
  receiptNotReady: 'O comprovante fica disponível quando a transferência for concluída.',
  previewed: 'Confira os dados antes de confirmar a transferência.',
  /** The PSP refused it (NAO_REALIZADO): the debit was reversed. */
  refused: 'A transferência não foi realizada pelo banco. O valor foi devolvido ao seu saldo disponível.',
  /** Not sent at all (the PSP cannot send Pix, e.g. a BACEN PSP without the Efí extension): reversed at once. */
  notSent:
    'Não foi possível enviar a transferência: o envio de Pix não está disponível no momento. ' +
    'O valor foi devolvido ao seu saldo disponível.',
} as const;

/** wallet_transfers.failure_reason of a transfer that never reached the PSP (see TransfersService). */
export const TRANSFER_NOT_SENT_REASON = 'Envio de Pix indisponível no provedor de pagamentos: nada foi enviado.';
