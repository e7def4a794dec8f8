/** The console's screens: their path under /admin (paths.admin.getHref(segment)) and their name in the navigation. */
export const SECTIONS = {
  home: { segment: '', label: 'Início' },
  kyc: { segment: 'abertura-de-contas', label: 'Abertura de contas' },
  reports: { segment: 'denuncias', label: 'Denúncias' },
  campaigns: { segment: 'campanhas', label: 'Campanhas' },
  purchases: { segment: 'compras', label: 'Compras' },
  refunds: { segment: 'reembolsos', label: 'Reembolsos' },
  reconciliation: { segment: 'conciliacao', label: 'Conciliação' },
  trialBalance: { segment: 'balancete', label: 'Balancete' },
  privacy: { segment: 'privacidade', label: 'Privacidade (LGPD)' },
  audit: { segment: 'auditoria', label: 'Auditoria' },
  operators: { segment: 'operadores', label: 'Operadores' },
} as const;

export type SectionId = keyof typeof SECTIONS;
