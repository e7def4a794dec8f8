/** The user-facing texts of 'Configurações' that are not schema messages (SETTINGS_MESSAGES, NOTIFICATION_LABELS). */
export const SETTINGS_TEXTS = {
  title: 'Configurações',
  subtitle: 'O que os compradores veem nas páginas das suas campanhas e as mensagens automáticas que eles recebem.',
  loading: 'Carregando configurações',
  publicSection: 'Páginas públicas',
  preview: (name: string, whatsapp: string | null) =>
    `Nas páginas públicas: ${name} · WhatsApp ${whatsapp ?? 'não exibido'}`,
  publicName: 'Nome nas páginas públicas',
  publicNameHint: (accountName: string) =>
    accountName ? `Em branco, usamos o nome da conta: ${accountName}` : 'Em branco, usamos o nome da conta',
  whatsappLegend: 'WhatsApp nas páginas públicas',
  whatsappNone: 'Não exibir WhatsApp',
  whatsappAccount: (phone: string) => `Telefone da conta: ${phone}`,
  whatsappInstance: (phone: string) => `WhatsApp conectado: ${phone}`,
  whatsappOther: 'Outro número',
  otherNumber: 'Número do WhatsApp',
  noInstance: 'Nenhum WhatsApp conectado.',
  connectInstance: 'Conectar um WhatsApp',
  notificationsSection: 'Mensagens automáticas',
  notificationsIntro: 'Enviadas pelo seu WhatsApp padrão, quando houver um conectado.',
  save: 'Salvar configurações',
  saving: 'Salvando...',
} as const;
