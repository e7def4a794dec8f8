import { DRAW_TYPE_ID } from '@rifaria/shared/constants';
import { federalRuleText } from './federal';

/** 'Sorteio Rifaria' as published before sales, in plain pt-BR (the result page explains each step again). */
export const RIFARIA_RULE_TEXT = [
  'Sorteio Rifaria, verificável por qualquer pessoa.',
  'Na publicação, a plataforma gerou uma semente secreta de 32 bytes e publicou nesta página o seu compromisso (o SHA-256 da semente), que não pode mais mudar.',
  'As vendas se encerram na data do sorteio.',
  'Os ganhadores saem da semente combinada com a primeira rodada do drand (League of Entropy, rede quicknet) publicada a partir da data do sorteio, um número aleatório público que ninguém, nem a plataforma, conhece antes, e com o hash da lista de números pagos.',
  'Depois do sorteio, a semente é revelada e qualquer pessoa pode refazer o cálculo com o arquivo de verificação.',
].join(' ');

/** The draw rule of a campaign, by its draw type and size. */
export function drawRuleText(drawTypeId: number, totalTickets: number): string {
  return drawTypeId === DRAW_TYPE_ID.federal
    ? `Sorteio pela Loteria Federal. ${federalRuleText(totalTickets)}`
    : RIFARIA_RULE_TEXT;
}
