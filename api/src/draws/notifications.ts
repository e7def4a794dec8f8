import { formatBRL } from '@rifaria/shared/format';
import type { OrganizerDrawResult } from '@rifaria/shared/types';

/**
 * What the draw announces (written to mail_outbox and whatsapp_outbox in the draw's transaction; the messaging
 * issue delivers them). Plain pt-BR text; the links go to the public result page.
 */

export interface DrawNotice {
  campaignName: string;
  /** The account's name: the organiser's own messages greet them by it. */
  organizerName: string;
  /** The public name buyers know (Configurações), in the winners' messages (issue 30). */
  organizerPublicName: string;
  resultUrl: string;
  releasedCents: number;
}

function winnerLines(result: OrganizerDrawResult): string[] {
  return result.winners.map(
    (w) =>
      `${w.position}º prêmio (${w.award.description}): número ${w.number}, ${w.buyer_name}, ${w.buyer_phone}${
        w.buyer_email ? `, ${w.buyer_email}` : ''
      }`,
  );
}

export function organizerMail(notice: DrawNotice, result: OrganizerDrawResult) {
  const released =
    notice.releasedCents > 0
      ? `O valor das vendas, ${formatBRL(notice.releasedCents)}, passou de "Futuro" para "Disponível" na sua carteira e já pode ser transferido.`
      : 'Não havia valor a liberar na sua carteira.';
  const body = [
    `Olá, ${notice.organizerName}!`,
    '',
    `O sorteio da campanha "${notice.campaignName}" foi realizado em ${result.drawn_at_formatted}.`,
    '',
    'Ganhadores:',
    ...winnerLines(result),
    '',
    released,
    '',
    `Resultado público e arquivo de verificação: ${notice.resultUrl}`,
    '',
    'Entre em contato com os ganhadores para a entrega dos prêmios.',
  ].join('\n');
  return { subject: `Sorteio realizado: ${notice.campaignName}`.slice(0, 200), body_text: body, body_html: null };
}

/** The organiser's WhatsApp (sent through their own default instance, to their phone): the result in short. */
export function organizerWhatsApp(notice: DrawNotice, result: OrganizerDrawResult): string {
  return [
    `Sorteio realizado: "${notice.campaignName}" em ${result.drawn_at_formatted}.`,
    '',
    'Ganhadores:',
    ...winnerLines(result),
    '',
    `Resultado público: ${notice.resultUrl}`,
  ].join('\n');
}

function firstName(name: string): string {
  return name.trim().split(/\s+/, 1)[0] ?? name;
}

export function winnerMessage(
  notice: DrawNotice,
  winner: OrganizerDrawResult['winners'][number],
): { subject: string; body_text: string } {
  const body = [
    `Parabéns, ${firstName(winner.buyer_name)}!`,
    `O seu número ${winner.number} foi sorteado no ${winner.position}º prêmio (${winner.award.description}) da campanha "${notice.campaignName}".`,
    `O organizador, ${notice.organizerPublicName}, vai entrar em contato para a entrega.`,
    `Confira o resultado: ${notice.resultUrl}`,
  ].join('\n');
  return { subject: `Você ganhou: ${notice.campaignName}`.slice(0, 200), body_text: body };
}
