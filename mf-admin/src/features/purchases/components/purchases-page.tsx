/**
 * Compras (issue 32, buyer support): purchases across campaigns by phone, CPF, purchase code, txid or E2E id, and each
 * purchase's detail (purchase-detail.tsx) with 'Reembolsar' and 'Reenviar confirmação'.
 */
import { useState } from 'react';
import { Alert } from '@mui/material';
import { formatDateTime } from '@rifaria/shared/format';
import { formatReais } from '@rifaria/shared/money';
import type { AdminPurchase } from '@rifaria/shared/types';
import { useRequest } from '@rifaria/shared/ui';
import { ConsolePage } from '../../common/components/console-page';
import { ListAndDetail } from '../../common/components/list-and-detail';
import { ListView } from '../../common/components/list-view';
import { SearchForm } from '../../common/components/search-form';
import { SECTIONS } from '../../common/components/sections';
import { searchPurchases } from '../api/purchases';
import { PurchaseDetail } from './purchase-detail';
import { PurchaseLink } from './purchase-link';

export const PURCHASES_TEXTS = {
  title: SECTIONS.purchases.label,
  search: 'Telefone, CPF, código da compra, txid ou E2E',
  hint: 'Busque uma compra por telefone, CPF, código da compra, txid ou E2E do Pix.',
  what: 'as compras',
  table: 'Compras encontradas',
  empty: 'Nenhuma compra encontrada.',
} as const;

/** 'Pago', or 'Reembolsado', or 'Pago · reembolso recusado'. */
export function purchaseStatus(purchase: Pick<AdminPurchase, 'status' | 'refund_status'>): string {
  const refund = { pending: 'reembolso em andamento', failed: 'reembolso recusado', refunded: '' }[
    purchase.refund_status ?? 'refunded'
  ];
  return [purchase.status.name, refund].filter(Boolean).join(' · ');
}

const COLUMNS = [
  { header: 'Compra', cell: (row: AdminPurchase) => <PurchaseLink hash={row.purchase_hash} /> },
  { header: 'Campanha', cell: (row: AdminPurchase) => row.campaign.name },
  { header: 'Comprador', cell: (row: AdminPurchase) => `${row.buyer.name} · ${row.buyer.phone}` },
  { header: 'Situação', cell: purchaseStatus },
  { header: 'Valor', cell: (row: AdminPurchase) => `${formatReais(row.total_value)} (${row.total_tickets} números)` },
  { header: 'Data', cell: (row: AdminPurchase) => formatDateTime(row.purchased_at) },
];

function Results({ q }: { q: string }) {
  const found = useRequest((signal) => searchPurchases(q, signal), [q]);
  return <ListView state={found} texts={PURCHASES_TEXTS} columns={COLUMNS} />;
}

function Search() {
  const [q, setQ] = useState('');
  return (
    <ConsolePage title={PURCHASES_TEXTS.title}>
      <SearchForm label={PURCHASES_TEXTS.search} onSearch={setQ} />
      {q ? <Results q={q} /> : <Alert severity="info">{PURCHASES_TEXTS.hint}</Alert>}
    </ConsolePage>
  );
}

export default function PurchasesPage() {
  return <ListAndDetail list={<Search />} detail={<PurchaseDetail />} param="hash" />;
}
