export const CEP_MESSAGES = {
  notFound: 'CEP não encontrado ou inválido',
  unavailable: 'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.',
} as const;
