/** The user-facing texts of 'Meus Dados' that are not schema messages (those live in @rifaria/shared/schemas). */
import { EMAIL_CODE_LENGTH } from '@rifaria/shared/constants';
import { EMAIL_CODE_TTL_MINUTES } from '@rifaria/shared/schemas';

export const PROFILE_TEXTS = {
  title: 'Meus Dados',
  subtitle: 'Seus dados pessoais, endereço e senha de acesso.',
  loading: 'Carregando seus dados',
  loadError: 'Erro ao carregar seus dados. Tente novamente.',
  tabsLabel: 'Seções do perfil',
  tabs: ['Dados', 'Endereço', 'Alterar Senha'],
  emailVerified: 'E-mail verificado',
  emailNotVerified: 'E-mail não verificado',
  verifyEmail: 'Verificar e-mail',
} as const;

export const DATA_TEXTS = {
  name: 'Nome completo',
  email: 'E-mail',
  cpf: 'CPF',
  phone: 'Telefone',
  save: 'Salvar dados',
  saving: 'Salvando...',
} as const;

export const ADDRESS_TEXTS = {
  loading: 'Carregando endereço',
  zipCode: 'CEP',
  zipCodeHint: 'O endereço é preenchido pelo CEP',
  searchingCep: 'Buscando CEP',
  street: 'Logradouro',
  number: 'Número',
  complement: 'Complemento',
  optional: 'Opcional',
  neighborhood: 'Bairro',
  city: 'Cidade',
  state: 'Estado',
  save: 'Salvar endereço',
  saving: 'Salvando...',
  saved: 'Endereço salvo com sucesso!',
} as const;

export const PASSWORD_TEXTS = {
  intro: 'Ao alterar a senha, as outras sessões abertas da sua conta são encerradas.',
  current: 'Senha atual',
  new: 'Nova senha',
  newHint: 'Pelo menos 6 caracteres',
  confirmation: 'Confirmar nova senha',
  submit: 'Alterar senha',
  submitting: 'Alterando...',
} as const;

export const EMAIL_CODE_TEXTS = {
  title: 'Confirme seu e-mail',
  sendIntro: (email: string) => `Enviaremos um código de ${EMAIL_CODE_LENGTH} dígitos para ${email}.`,
  send: 'Enviar código',
  sending: 'Enviando...',
  haveCode: 'Já tenho um código',
  codeIntro: (email: string) =>
    `Digite o código de ${EMAIL_CODE_LENGTH} dígitos enviado para ${email}. Ele vale por ${EMAIL_CODE_TTL_MINUTES} minutos; confira também a caixa de spam.`,
  codeGroup: 'Código de verificação',
  digit: (index: number) => `Dígito ${index + 1} de ${EMAIL_CODE_LENGTH}`,
  cancel: 'Cancelar',
  confirm: 'Confirmar',
  confirming: 'Verificando...',
  resend: 'Reenviar código',
  resendIn: (seconds: number) => `Reenviar código em ${seconds}s`,
  resending: 'Reenviando...',
} as const;
