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
  chooseFile: 'Escolher arquivo',
  details: 'Detalhes:',
  reason: 'Motivo:',
  tryLater: 'Tente novamente em alguns minutos.',
  loading: 'Carregando',
  loadError: 'Erro ao carregar carteiras. Tente novamente.',
  retry: 'Tentar novamente',
  previousRejected: 'Sua solicitação anterior não foi aprovada. Confira seus dados e envie uma nova.',
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
