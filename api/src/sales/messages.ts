/** pt-BR texts of the sales listing and the dashboard (issue 4). */
export const SALES_MESSAGES = {
  listed: 'Vendas carregadas com sucesso',
  status: 'Status inválido. Use 1 (Pendente), 2 (Pago), 3 (Cancelado) ou 4 (Reembolsado).',
  page: 'Página inválida.',
  perPage: 'Itens por página devem ser 10, 20, 50 ou 100.',
  sortBy: 'Ordenação inválida. Use purchased_at, total_value, total_tickets, buyer_name ou status.',
  sortOrder: 'Direção da ordenação inválida. Use asc ou desc.',
  buyerSearch: 'A busca deve ter no máximo 100 caracteres.',
  withNumbers: 'with_numbers inválido. Use 0 ou 1.',
  numbersListed: 'Números da venda carregados com sucesso',
  saleNotFound: 'Venda não encontrada',
} as const;

export const DASHBOARD_MESSAGES = {
  days: 'Período inválido. Use 7, 15 ou 30 dias.',
  metric: 'Métrica inválida. Use revenue ou tickets.',
} as const;
