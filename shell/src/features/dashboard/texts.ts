/** User-facing texts of the dashboard. Those marked "spec" are fixed by the product spec ("Dashboard"). */
export const DASHBOARD_TEXTS = {
  summary: 'Aqui está um resumo das suas campanhas.', // spec
  loading: 'Carregando o painel',
  onboarding: {
    title: 'Primeiros passos',
    almostThere: 'Quase lá! Complete sua configuração:', // spec
    completed: (done: number, total: number) => `${done}/${total} completos`, // spec
    progress: 'Progresso da configuração',
    openWallet: 'Abrir carteira', // spec
    createCampaign: 'Criar primeira campanha', // spec
    stepDone: 'concluído',
  },
  campaigns: {
    title: 'Rifas em andamento', // spec
    activeBadge: 'ATIVAS', // spec
    generatingSales: 'campanhas gerando vendas', // spec
    generatingSalesOne: 'campanha gerando vendas', // the spec's text in the singular, for exactly one
    manage: 'Gerenciar campanhas', // spec
    startEarning: 'Comece a gerar receita hoje mesmo', // spec
    createFirst: 'Criar primeira campanha', // spec
    /** Issue 30: for an organiser whose campaigns all ended. */
    createNew: 'Criar nova campanha',
    noneRunning: 'Nenhuma campanha em andamento agora',
  },
  sales: {
    title: 'Últimas vendas', // spec
    period: 'Período',
    periodOption: (days: number) => `${days} dias`,
    metric: 'Métrica',
    revenueOption: 'Receita (R$)',
    ticketsOption: 'Tickets',
    revenueLabel: 'Receita', // spec (tooltip)
    ticketsLabel: 'Tickets', // spec (tooltip)
    day: (dayOfMonth: number) => `Dia ${dayOfMonth}`, // spec
    empty: 'Suas vendas aparecerão aqui', // spec
    loading: 'Carregando vendas',
    chart: 'Gráfico de vendas por dia',
  },
  verification: {
    banner: 'Seu email ainda não foi verificado. Verifique-o para manter sua conta segura.',
    bannerAction: 'Verificar email',
    title: 'Verifique seu email', // spec
    body: (email: string | undefined) =>
      email
        ? `Enviaremos um código de 6 dígitos para ${email}.`
        : 'Enviaremos um código de 6 dígitos para o seu email.',
    send: 'Enviar email de verificação', // spec
    sending: 'Enviando...', // spec
    later: 'Verificar mais tarde', // spec
    sent: 'Email enviado com sucesso!', // spec
    checkInbox: 'Verifique sua caixa de entrada e spam.', // spec
    codeHint: 'Digite o código de 6 dígitos em Meus Dados para concluir a verificação.',
    enterCode: 'Digitar o código em Meus Dados',
    sentBanner: 'Enviamos um código de 6 dígitos para o seu email. Digite-o em Meus Dados para concluir a verificação.',
    sentBannerAction: 'Digitar código',
    failed: 'Erro ao enviar email de verificação. Tente novamente.', // spec section 8
  },
} as const;
