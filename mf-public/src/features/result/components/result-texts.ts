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
  errorTitle: 'Não foi possível carregar o resultado',
  retry: 'Tentar novamente',
  download: 'Baixar arquivo de verificação',
  sandboxLabel: 'Beacon de demonstração (sandbox) — não é aleatoriedade pública',
  paidCount: (count: number) =>
    count === 1
      ? '1 número pago participou do sorteio.'
      : `${count.toLocaleString('pt-BR')} números pagos participaram do sorteio.`,
} as const;
