import { formatInteger } from '@rifaria/shared/format';

/** The result page's texts (issue 13: draws anyone can verify). */
export const RESULT_TEXTS = {
  title: 'Resultado do sorteio',
  loading: 'Carregando resultado',
  drawnAt: (when: string) => `Sorteio realizado em ${when}`,
  method: { rifaria: 'Sorteio Rifaria', federal: 'Loteria Federal' },
  winners: 'Ganhadores',
  howToCheck: 'Como conferir',
  notFoundTitle: 'Resultado ainda não disponível',
  notFoundText:
    'O resultado aparece nesta página depois do sorteio, com os ganhadores e tudo o que é preciso para conferi-lo. Veja a data do sorteio na página da campanha.',
  backToCampaign: 'Voltar para a campanha',
  /** An unknown (or unpublished) link: the campaign page's own not-found wording. */
  campaignNotFoundTitle: 'Campanha não encontrada',
  campaignNotFoundText: 'Confira o link que você recebeu: esta campanha não existe ou não está mais disponível.',
  toPublicHome: 'Ir para a página inicial',
  documentTitle: (name: string) => `Resultado do sorteio — ${name}`,
  sandboxTop: 'Sorteio de demonstração (sandbox): não vale como sorteio real. Veja os detalhes em “Como conferir”.',
  federalSource: {
    caixa: 'Resultado obtido da Caixa',
    organizer: 'Prêmios informados pelo organizador — confira no site da Caixa',
    sandbox: 'Resultado de demonstração (sandbox) — não é um resultado real da Loteria Federal',
  },
  errorTitle: 'Não foi possível carregar o resultado',
  retry: 'Tentar novamente',
  download: 'Baixar arquivo de verificação',
  sandboxLabel: 'Beacon de demonstração (sandbox) — não é aleatoriedade pública',
  paidCount: (count: number) =>
    count === 1
      ? '1 número pago participou do sorteio.'
      : `${formatInteger(count)} números pagos participaram do sorteio.`,
} as const;
