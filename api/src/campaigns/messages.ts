/**
 * pt-BR texts of the campaign routes that the spec does not word itself (its own texts live in
 * CAMPAIGN_MESSAGES of @rifaria/shared/schemas and are used from there).
 */
export const CAMPAIGN_API_MESSAGES = {
  drawTypeNotFound: 'Tipo de sorteio inválido',
  updated: 'Campanha atualizada com sucesso!',
  published: 'Campanha publicada com sucesso!',
  cancelledNotPublishable: 'Campanha cancelada não pode ser publicada.',
  finishedNotPublishable: 'Campanha finalizada não pode ser publicada.',
  walletInactiveForPublish: 'A carteira de recebimento precisa estar ativa para publicar.',
  notEditable: 'Campanhas canceladas ou finalizadas não podem ser editadas.',
  bannerUpdated: 'Banner atualizado com sucesso!',
  bannerRequired: 'Selecione uma imagem PNG ou JPG para o banner.',
  bannerType: 'O banner deve ser uma imagem PNG ou JPG.',
  bannerSize: 'O banner deve ter no máximo 5MB.',
  bannerUnreadable: 'O banner deve ser uma imagem PNG ou JPG válida: este arquivo está corrompido ou incompleto.',
  bannerTooLarge: 'O banner deve ter no máximo 40 megapixels (por exemplo, 8000 × 5000).',
  bannerUrl: 'Informe uma URL https válida para o banner.',
  multipartRequired: 'Envie o banner como multipart/form-data no campo "banner".',
  reasonTooLong: 'O motivo deve ter no máximo 500 caracteres.',
  fileNotFound: 'Arquivo não encontrado.',
  drawTypeLocked: 'O tipo de sorteio não pode ser alterado depois da publicação.',
} as const;
