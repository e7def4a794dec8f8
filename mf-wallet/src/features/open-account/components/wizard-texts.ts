export const WIZARD_STEPS = ['Dados Pessoais', 'Endereço', 'Documento', 'Finalização'] as const;

export const WIZARD_TEXTS = {
  title: 'Abrir conta digital',
  back: 'Voltar para Carteiras',
  next: 'Próximo',
  previous: 'Anterior',
  finish: 'Finalizar Abertura',
  sending: 'Enviando...',
  successBody: 'Recebemos sua solicitação. Sua conta está em análise e você será levado às suas carteiras.',
  fileHint: 'Imagens (JPG, PNG ou WEBP) ou PDF, até 10MB',
  /** Issue 30: the content decides, not the name (a text file renamed fake.pdf). The name is cut at 60 characters. */
  fileContent: (name: string) =>
    `O arquivo "${name.length > 60 ? `${name.slice(0, 59)}…` : name}" não é um PDF nem uma imagem (JPG, PNG ou WEBP): o conteúdo dele não corresponde ao nome. Escolha o arquivo do documento.`,
  fileUnreadable: 'Não foi possível ler o arquivo. Escolha-o novamente.',
  chooseFile: 'Escolher arquivo',
  details: 'Detalhes:',
  reason: 'Motivo:',
  tryLater: 'Tente novamente em alguns minutos.',
  loading: 'Carregando',
  loadError: 'Erro ao carregar carteiras. Tente novamente.',
  retry: 'Tentar novamente',
  previousRejected: 'Sua solicitação anterior não foi aprovada. Confira seus dados e envie uma nova.',
  /** 'Corrigir e reenviar' (issue 32). */
  correcting: (reason: string) =>
    `Corrigir e reenviar: os dados da solicitação anterior estão preenchidos. Motivo da recusa: ${reason}.`,
  documentKept: 'O documento enviado antes será mantido. Para substituí-lo, escolha outro arquivo.',
  documentKeptShort: 'documento enviado antes',
  restored: 'Recuperamos o que você já tinha preenchido nesta aba.',
  restoredFile: 'Escolha o arquivo do documento novamente.',
  startOver: 'Começar de novo',
  cpfFromProfile: 'O CPF da conta é o do seu perfil (Meus Dados).',
  leaveTitle: 'Sair da abertura de conta?',
  leaveBody:
    'O que você preencheu fica guardado nesta aba: ao voltar, você continua de onde parou. O arquivo do documento precisará ser escolhido de novo.',
  stay: 'Continuar preenchendo',
  leave: 'Sair',
} as const;
