/**
 * Amendments of a campaign whose numbers were already reserved (issue 30): the messages of the rule that locks price
 * and prizes, and the one sentence every page, message and file shows of an amendment.
 */

/** Bounds of what the organiser writes for the buyers (updateCampaignSchema.amendment). */
export const AMENDMENT_NOTE_MIN = 10;
export const AMENDMENT_NOTE_MAX = 1000;

export const AMENDMENT_MESSAGES = {
  priceLocked: 'O preço do número não pode mudar depois que números foram reservados.',
  awardsLocked: 'Os prêmios não podem mudar depois que números foram reservados.',
  noteRequired:
    'Números já foram reservados: descreva para os compradores o que mudou (de 10 a 1.000 caracteres). A alteração será publicada na página da campanha e enviada a quem já pagou.',
  drawDateOnlyLater: 'Depois que números foram reservados, a data do sorteio só pode ser adiada.',
  /** The edit screen, above the locked fields. */
  lockedReason:
    'Números já foram reservados nesta campanha: o preço e os prêmios não podem mais mudar. Mudanças no regulamento ou na data do sorteio viram uma alteração publicada e enviada a quem já pagou.',
  noteLabel: 'Descrição da alteração para os compradores',
  noteHint: 'Publicada na página da campanha como alteração do regulamento e enviada a quem já pagou.',
  historyTitle: 'Histórico de alterações',
  historyEmpty: 'Nenhuma alteração depois das vendas.',
} as const;
