/** Screen copy of login, sign-up and password reset. Texts fixed by the spec are marked; the rest is ours. */
export { AUTH_MESSAGES, PASSWORD_RESET_MESSAGES } from '@rifaria/shared/schemas';

export const LOGIN_TEXTS = {
  title: 'Bem-vindo de volta',
  subtitle: 'Entre para gerenciar suas campanhas, vendas e carteira.',
  google: 'Entrar com Google',
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

export const MARKETING_TEXTS = {
  headline: 'A maior plataforma de rifas online do Brasil',
  lead: 'Crie sua campanha, compartilhe o link e receba por Pix. Nós cuidamos do resto.',
  features: [
    { title: 'Pagamento seguro', text: 'Pix com confirmação automática e dinheiro direto na sua carteira.' },
    { title: 'Sorteios transparentes', text: 'Números aleatórios, sem repetição, com resultado auditável.' },
    { title: 'Interface simples', text: 'Do cadastro à primeira venda em poucos minutos, pelo celular.' },
  ],
  testimonial:
    '“Organizei a rifa da minha formatura em uma tarde. Os amigos compraram pelo Pix e eu acompanhei cada venda pelo celular.”',
  testimonialAuthor: 'Ana Paula',
  testimonialRole: 'estudante',
} as const;
