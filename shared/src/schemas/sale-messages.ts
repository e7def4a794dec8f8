import { formatInteger } from '../format';

/**
 * What the campaign page itself may say about a purchase (its 'Participar' button, the quantity): apart, so that the
 * page's chunk does not carry every message of the reservation, the checkout and 'Meus números' (issue 15's
 * 150 KB budget). Part of BUYER_MESSAGES, which the server and the forms use.
 */
export const SALE_MESSAGES = {
  quantityMin: 'Escolha pelo menos 1 número.',
  quantityMax: 'Máximo de 1.000 números por compra.',
  campaignUnavailable: 'Esta campanha não está aceitando compras no momento.',
  drawDatePassed: 'As vendas desta campanha foram encerradas: a data do sorteio já passou.',
  /** Less than SALES_CLOSE_BEFORE_DRAW_MS before the draw: no time left to pay the Pix. */
  drawTooClose:
    'As vendas desta campanha foram encerradas: o sorteio começa em menos de 2 minutos, sem tempo para pagar o Pix.',
  /** Fewer numbers left than asked: `remaining` is how many are still for sale (0 = sold out). */
  notEnoughTickets: (remaining: number) =>
    remaining === 0
      ? 'Todos os números desta campanha já foram vendidos.'
      : `Restam apenas ${formatInteger(remaining)} ${remaining === 1 ? 'número disponível' : 'números disponíveis'}. Escolha uma quantidade menor.`,
} as const;
