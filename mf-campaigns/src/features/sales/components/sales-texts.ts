import { TOAST_DURATION } from '@rifaria/shared/constants';
import { DOWNLOAD_TEXTS } from './download-dialog';

export const SALES_TEXTS = {
  loadFailed: 'Erro ao carregar vendas',
  filtersApplied: 'Filtros aplicados com sucesso!',
  filtersRemoved: 'Filtros removidos!',
  downloadFailed: DOWNLOAD_TEXTS.failed,
  empty: 'Nenhuma venda encontrada',
  contactPaidOnly: 'Telefone completo (e e-mail, no CSV) aparece apenas nas compras pagas.',
  searchContactPaidOnly: 'Telefone e e-mail encontram apenas compras pagas.',
  searchPlaceholder: 'Nome, telefone, e-mail ou número',
  searchByNumber: 'Só dígitos (ex.: 42 ou 0042) também buscam quem tem esse número.',
  /** The chip on a row that holds the number searched for. */
  heldNumber: (number: string) => `Número ${number}`,
} as const;

/** The sales page's toasts last 4 s (spec section 9). */
export const salesToastOptions = { duration: TOAST_DURATION.sales };
