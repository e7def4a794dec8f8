import { firstName, formatBRL, formatDateTime } from '@rifaria/shared/format';
import { PASSWORD_RESET_MESSAGES } from '@rifaria/shared/schemas';
import type { MailMessage } from './transport';
import { API_MESSAGES } from '../lib/messages';
import { escapeHtml } from '../lib/html';

/**
 * The account e-mails, in pt-BR: plain text (what every client can show, and what the sandbox mailbox lists) plus a
 * simple HTML version with the same words. Inline styles only: mail clients drop <style> blocks and external CSS.
 */

const greeting = (name: string): string => `Olá, ${firstName(name) || name}!`;

/** The HTML frame every account e-mail shares: the paragraphs given, then the signature. */
function htmlPage(paragraphs: string[]): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#1f2937;font-size:15px;line-height:1.5">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
${paragraphs.join('\n')}
<p style="margin:24px 0 0">Equipe Rifaria</p>
</div>
</body></html>`;
}

const button = (href: string, label: string): string =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#16a34a;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

/** POST /api/auth/send-verification-email: the 6-digit code, prominent, and the link that opens the code dialog. */
export function verificationCodeEmail(params: {
  to: string;
  name: string;
  code: string;
  link: string;
  ttlMinutes: number;
}): MailMessage {
  const { code, link, ttlMinutes } = params;
  const text = [
    greeting(params.name),
    '',
    'Use este código para confirmar seu e-mail na Rifaria:',
    '',
    `    ${code}`,
    '',
    `Digite-o na janela "Confirmar e-mail" do seu perfil. Se ela estiver fechada, abra: ${link}`,
    '',
    `O código vale por ${ttlMinutes} minutos. Se você não pediu esta confirmação, ignore esta mensagem.`,
    '',
    'Equipe Rifaria',
  ].join('\n');
  const html = htmlPage([
    `<p style="margin:0 0 16px">${escapeHtml(greeting(params.name))}</p>`,
    '<p style="margin:0 0 16px">Use este código para confirmar seu e-mail na Rifaria:</p>',
    `<p style="margin:0 0 16px;text-align:center"><span style="display:inline-block;padding:12px 20px;border:1px solid #d1d5db;border-radius:8px;background:#f9fafb;font-family:'Courier New',Courier,monospace;font-size:32px;font-weight:bold;letter-spacing:8px">${escapeHtml(code)}</span></p>`,
    '<p style="margin:0">Digite-o na janela "Confirmar e-mail" do seu perfil. Se ela estiver fechada:</p>',
    button(link, 'Abrir meu perfil'),
    `<p style="margin:0;color:#6b7280;font-size:13px">O código vale por ${ttlMinutes} minutos. Se você não pediu esta confirmação, ignore esta mensagem.</p>`,
  ]);
  return { to: params.to, subject: API_MESSAGES.verificationEmailSubject, text, html };
}

/** POST /api/auth/forgot-password: the single-use link to /redefinir-senha. */
export function passwordResetEmail(params: {
  to: string;
  name: string;
  link: string;
  ttlMinutes: number;
}): MailMessage {
  const { link, ttlMinutes } = params;
  const text = [
    greeting(params.name),
    '',
    'Recebemos um pedido para redefinir a senha da sua conta na Rifaria. Para criar uma nova senha, acesse:',
    link,
    '',
    `O link vale por ${ttlMinutes} minutos e pode ser usado uma única vez. Ao redefinir a senha, todas as sessões abertas da sua conta são encerradas.`,
    'Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.',
    '',
    'Equipe Rifaria',
  ].join('\n');
  const html = htmlPage([
    `<p style="margin:0 0 16px">${escapeHtml(greeting(params.name))}</p>`,
    '<p style="margin:0">Recebemos um pedido para redefinir a senha da sua conta na Rifaria.</p>',
    button(link, 'Redefinir minha senha'),
    `<p style="margin:0 0 16px">Ou copie este endereço no navegador:<br><span style="word-break:break-all">${escapeHtml(link)}</span></p>`,
    `<p style="margin:0;color:#6b7280;font-size:13px">O link vale por ${ttlMinutes} minutos e pode ser usado uma única vez. Ao redefinir a senha, todas as sessões abertas da sua conta são encerradas. Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.</p>`,
  ]);
  return { to: params.to, subject: PASSWORD_RESET_MESSAGES.subject, text, html };
}

/**
 * The login of an account was locked after repeated wrong passwords (auth/login-lock.ts): once per episode. It says
 * what happened, that none of those attempts got in, and offers the reset link, which also lifts the lock.
 */
export function loginLockedEmail(params: {
  to: string;
  name: string;
  subject: string;
  failures: number;
  link: string;
}): MailMessage {
  const { failures, link } = params;
  const happened = `Houve ${failures} tentativas seguidas de entrar na sua conta na Rifaria com a senha errada. Nenhuma delas entrou na conta. Por segurança, o login fica bloqueado por alguns minutos a cada nova tentativa errada.`;
  const ifYou =
    'Se foi você, aguarde alguns minutos e tente de novo, ou redefina sua senha: a redefinição também libera o acesso na hora.';
  const ifNotYou =
    'Se não foi você, alguém está tentando adivinhar sua senha. Ela continua a mesma; se ela for usada em outros sites, redefina-a e use uma senha que só a Rifaria conheça.';
  const text = [greeting(params.name), '', happened, '', `${ifYou} ${link}`, '', ifNotYou, '', 'Equipe Rifaria'].join(
    '\n',
  );
  const html = htmlPage([
    `<p style="margin:0 0 16px">${escapeHtml(greeting(params.name))}</p>`,
    `<p style="margin:0 0 16px">${escapeHtml(happened)}</p>`,
    `<p style="margin:0">${escapeHtml(ifYou)}</p>`,
    button(link, 'Redefinir minha senha'),
    `<p style="margin:0;color:#6b7280;font-size:13px">${escapeHtml(ifNotYou)}</p>`,
  ]);
  return { to: params.to, subject: params.subject, text, html };
}

/**
 * An organiser's notice of an event of their account (issue 30: wallet approved, campaign published, transfer
 * sent): the greeting, the paragraphs, one button to the screen that shows it, the same words in the text version.
 */
function organiserNotice(params: {
  to: string;
  name: string;
  subject: string;
  paragraphs: string[];
  link: string;
  linkLabel: string;
}): MailMessage {
  const text = [
    greeting(params.name),
    '',
    ...params.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${params.linkLabel}: ${params.link}`,
    '',
    'Equipe Rifaria',
  ].join('\n');
  const html = htmlPage([
    `<p style="margin:0 0 16px">${escapeHtml(greeting(params.name))}</p>`,
    ...params.paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`),
    button(params.link, params.linkLabel),
  ]);
  return { to: params.to, subject: params.subject, text, html };
}

/** The KYC review approved the digital account: it can receive sales and send Pix. */
export function walletApprovedEmail(params: { to: string; name: string; accountNumber: string; link: string }) {
  return organiserNotice({
    ...params,
    subject: 'Sua conta digital Rifaria foi aprovada',
    paragraphs: [
      `Sua conta digital ${params.accountNumber} foi aprovada e já está ativa.`,
      'As vendas das suas campanhas entram nela como saldo "Futuro" e passam a "Disponível" no sorteio; do saldo disponível você transfere por Pix quando quiser.',
    ],
    linkLabel: 'Ver minha carteira',
  });
}

/** An operator rejected the account opening (issue 32): the reason, and the way to correct and resend it. */
export function walletRejectedEmail(params: { to: string; name: string; reason: string; link: string }) {
  return organiserNotice({
    ...params,
    subject: 'Sua solicitação de conta digital Rifaria não foi aprovada',
    paragraphs: [
      `Analisamos sua solicitação de abertura da conta digital e ela não foi aprovada. Motivo: ${params.reason}`,
      "Em Carteiras, use 'Corrigir e reenviar': seus dados já vêm preenchidos, você corrige o que for preciso (e envia outro documento, se for o caso) e a solicitação volta para análise.",
    ],
    linkLabel: 'Corrigir e reenviar',
  });
}

/** A campaign went from draft to published: its public link, ready to share. */
export function campaignPublishedEmail(params: {
  to: string;
  name: string;
  campaignName: string;
  publicUrl: string;
  link: string;
}) {
  return organiserNotice({
    ...params,
    subject: `Campanha publicada: ${params.campaignName}`.slice(0, 200),
    paragraphs: [
      `A campanha "${params.campaignName}" foi publicada e já está recebendo compras.`,
      `Compartilhe o link público com seus compradores: ${params.publicUrl}`,
    ],
    linkLabel: 'Abrir o painel da campanha',
  });
}

/** A Pix transfer out of the wallet was completed by the PSP: amount, recipient, end-to-end id. */
export function transferSentEmail(params: {
  to: string;
  name: string;
  amountCents: number;
  recipient: string;
  endToEndId: string | null;
  completedAt: Date;
  link: string;
}) {
  return organiserNotice({
    ...params,
    subject: `Transferência Pix enviada: ${formatBRL(params.amountCents)}`,
    paragraphs: [
      `Sua transferência Pix de ${formatBRL(params.amountCents)} para ${params.recipient} foi concluída em ${formatDateTime(params.completedAt)}.`,
      ...(params.endToEndId ? [`Identificador da transação (ID fim a fim): ${params.endToEndId}`] : []),
      'O comprovante em PDF está no histórico da sua carteira. Se você não reconhece esta transferência, altere sua senha e fale com o suporte.',
    ],
    linkLabel: 'Ver o histórico da carteira',
  });
}

/** Issue 32: an operator invites someone to the back office: the single-use link (3 days) to choose a password. */
export function operatorInviteEmail(params: { to: string; name: string; inviter: string; subject: string; link: string }) {
  return organiserNotice({
    ...params,
    paragraphs: [
      `${params.inviter} convidou você para operar a Rifaria: revisar aberturas de conta, denúncias, reembolsos e a conciliação.`,
      'Para aceitar, abra o link abaixo e escolha sua senha. No primeiro acesso você cadastra o aplicativo autenticador (Google Authenticator, Microsoft Authenticator ou outro) lendo um QR code.',
      'O link vale por 3 dias e pode ser usado uma única vez. Se você não esperava este convite, ignore esta mensagem.',
    ],
    linkLabel: 'Aceitar o convite',
  });
}
