/** Screen copy of login, sign-up and password reset. Texts fixed by the spec are marked; the rest is ours. */
export { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES } from '@rifaria/shared/schemas';

export const LOGIN_TEXTS = {
  title: 'Bem-vindo de volta',
  subtitle: 'Entre para gerenciar suas campanhas, vendas e carteira.',
  google: 'Entrar com Google',
  googleFinishing: 'Entrando com sua conta Google...',
  emailLabel: 'E-mail',
  passwordLabel: 'Senha',
  forgotPassword: 'Esqueceu a senha?',
  submit: 'Entrar na minha conta', // spec
  submitting: 'Entrando...', // spec
  noAccount: 'Ainda não tem uma conta?',
  createAccount: 'Criar conta grátis',
  or: 'ou',
} as const;

export const REGISTER_TEXTS = {
  title: 'Crie sua conta',
  subtitle: 'Comece a vender rifas online em poucos minutos.',
  google: 'Cadastrar com Google',
  or: 'ou',
  nameLabel: 'Nome completo',
  emailLabel: 'E-mail profissional', // spec: professional e-mail
  passwordLabel: 'Senha',
  passwordPlaceholder: 'Mínimo 8 caracteres', // spec: placeholder says minimum 8 characters
  confirmLabel: 'Confirmar senha',
  strengthLabel: 'Força da senha',
  submit: 'Explorar a Rifaria', // spec: 'Explorar a {product name}'
  submitting: 'Criando conta...', // spec
  agreementPrefix: 'Ao criar sua conta, você concorda com os',
  terms: 'Termos de Uso',
  and: 'e a',
  privacy: 'Política de Privacidade',
  hasAccount: 'Já tem uma conta?',
  login: 'Entrar',
  successTitle: 'Conta criada com sucesso!', // spec
  successText: 'Redirecionando você para o seu painel de controle...', // spec
} as const;

/** /esqueci-senha: the server's reply is always the same (PASSWORD_RESET_MESSAGES.requestSent). */
export const FORGOT_PASSWORD_TEXTS = {
  title: 'Esqueceu a senha?',
  subtitle: 'Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha.',
  emailLabel: 'E-mail',
  submit: 'Enviar link de redefinição',
  submitting: 'Enviando...',
  sentTitle: 'Confira seu e-mail',
  otherEmail: 'Usar outro e-mail',
  backToLogin: 'Voltar para o login',
  noAccess: 'Não tem mais acesso a este e-mail? Escreva para',
} as const;

/** /redefinir-senha?token=…: the sign-up password rules. */
export const RESET_PASSWORD_TEXTS = {
  title: 'Crie uma nova senha',
  subtitle: 'Depois de salvar, todas as sessões abertas da sua conta serão encerradas.',
  passwordLabel: 'Nova senha',
  confirmLabel: 'Confirmar nova senha',
  submit: 'Redefinir senha',
  submitting: 'Redefinindo...',
  invalidTitle: 'Link inválido',
  requestNew: 'Solicitar um novo link',
  backToLogin: 'Voltar para o login',
} as const;

/**
 * The panel beside the login and sign-up forms. Only what Rifaria does (issue 30: the spec's "largest platform" claim
 * and the student's testimonial were not true of us): Pix with automatic confirmation, numbers reserved without
 * repetition, a draw anyone can check, buyers told by e-mail and WhatsApp.
 */
export const MARKETING_TEXTS = {
  headline: 'Rifas online com Pix e sorteio que qualquer um confere',
  lead: 'Crie sua campanha, compartilhe o link e receba os pagamentos por Pix na sua carteira digital.',
  features: [
    {
      title: 'Pix com confirmação automática',
      text: 'Cada compra gera um Pix; quando ele é pago, os números do comprador são confirmados sem você conferir extrato.',
    },
    {
      title: 'Sorteio verificável',
      text: 'Pela Loteria Federal ou por um sorteio registrado antes das vendas: o resultado traz um arquivo que qualquer pessoa pode conferir.',
    },
    {
      title: 'Compradores avisados',
      text: 'Reserva, pagamento e resultado chegam por e-mail e WhatsApp; quem compra não precisa criar conta.',
    },
  ],
  stepsTitle: 'Como funciona',
  steps: [
    'Crie a campanha com prêmios, preço e regulamento.',
    'Abra sua carteira digital e publique a campanha.',
    'Compartilhe o link, acompanhe as vendas e realize o sorteio na data marcada.',
  ],
} as const;
