import type { MailMessage } from './transport';
import { API_MESSAGES } from '../lib/messages';

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

export function verificationEmail(params: { to: string; name: string; link: string; ttlHours: number }): MailMessage {
  const firstName = params.name.trim().split(/\s+/)[0] ?? params.name;
  const text = [
    `Olá, ${firstName}!`,
    '',
    'Para confirmar seu e-mail na Rifaria, acesse o link abaixo:',
    params.link,
    '',
    `O link vale por ${params.ttlHours} horas e pode ser usado uma única vez.`,
    'Se você não pediu esta confirmação, ignore esta mensagem.',
    '',
    'Equipe Rifaria',
  ].join('\n');
  const html = `<!doctype html>
<html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>Olá, ${escapeHtml(firstName)}!</p>
<p>Para confirmar seu e-mail na Rifaria, clique no botão abaixo:</p>
<p><a href="${escapeHtml(params.link)}" style="background:#16a34a;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">Confirmar e-mail</a></p>
<p>Ou copie este endereço no navegador:<br>${escapeHtml(params.link)}</p>
<p>O link vale por ${params.ttlHours} horas e pode ser usado uma única vez. Se você não pediu esta confirmação, ignore esta mensagem.</p>
<p>Equipe Rifaria</p>
</body></html>`;
  return { to: params.to, subject: API_MESSAGES.verificationEmailSubject, text, html };
}
