/**
 * The sales table: sortable columns, one row a sale, the empty state and the first load's spinner. After a search by
 * ticket number, the row holding it says so ('Número 0042') next to the buyer: other rows may have matched by phone.
 * Each row shows its first numbers and '+N' for the rest (SaleNumbers). A CPF, a phone, a value and a date never
 * break inside (issue 30: at 1366 px the CPF and the phone wrapped in the middle): their cells do not wrap.
 */
import {
  Card,
  Chip,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import type { ReactNode } from 'react';
import { formatDateTime, formatInteger, formatTicketNumber } from '@rifaria/shared/format';
import { formatReais } from '@rifaria/shared/money';
import { salePhone } from '@rifaria/shared/sales-csv';
import type { SalesReply } from '@rifaria/shared/types';
import { purchaseStatusColor } from '@rifaria/shared/ui';
import type { SalesSortBy, SortOrder } from '../api/get-sales';
import { SaleNumbers } from './sale-numbers';
import { SALES_TEXTS } from './sales-texts';

const COLUMNS: { key: string; label: string; sortBy?: SalesSortBy; align?: 'right' }[] = [
  { key: 'buyer', label: 'Comprador', sortBy: 'buyer_name' },
  { key: 'cpf', label: 'CPF' },
  { key: 'phone', label: 'Telefone' },
  { key: 'tickets', label: 'Tickets', sortBy: 'total_tickets', align: 'right' },
  { key: 'numbers', label: 'Números' },
  { key: 'value', label: 'Valor', sortBy: 'total_value', align: 'right' },
  { key: 'status', label: 'Status', sortBy: 'status' },
  { key: 'date', label: 'Data', sortBy: 'purchased_at' },
];

/** Cells whose value must stay on one line. */
const noWrap = { whiteSpace: 'nowrap' } as const;

export interface SalesTableProps {
  campaignId: string;
  reply: SalesReply | null;
  loading: boolean;
  sortBy: SalesSortBy;
  sortOrder: SortOrder;
  onSort: (column: SalesSortBy) => void;
  /** The ticket number searched for, when the search is one. */
  searchedNumber?: number | null;
}

/** The cell of a row that spans the whole table. */
function FullRow({ children }: { children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={COLUMNS.length} align="center">
        {children}
      </TableCell>
    </TableRow>
  );
}

export function SalesTable({
  campaignId,
  reply,
  loading,
  sortBy,
  sortOrder,
  onSort,
  searchedNumber = null,
}: SalesTableProps) {
  const held =
    reply && searchedNumber !== null ? formatTicketNumber(searchedNumber, reply.campaign.total_tickets) : null;
  return (
    <TableContainer component={Card} variant="outlined" aria-busy={loading}>
      <Table size="small" aria-label="Vendas">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell
                key={column.key}
                align={column.align}
                sortDirection={column.sortBy && column.sortBy === sortBy ? sortOrder : false}
              >
                {column.sortBy ? (
                  <TableSortLabel
                    active={column.sortBy === sortBy}
                    direction={column.sortBy === sortBy ? sortOrder : 'asc'}
                    onClick={() => onSort(column.sortBy as SalesSortBy)}
                  >
                    {column.label}
                  </TableSortLabel>
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {reply?.data.map((sale) => (
            <TableRow key={sale.id}>
              <TableCell>
                {sale.buyer.name}
                {held !== null && sale.numbers?.includes(held) && (
                  <Chip
                    size="small"
                    variant="outlined"
                    color="primary"
                    label={SALES_TEXTS.heldNumber(held)}
                    sx={{ ml: 1 }}
                  />
                )}
              </TableCell>
              <TableCell sx={noWrap}>{sale.buyer.cpf}</TableCell>
              <TableCell sx={noWrap}>{salePhone(sale.buyer.phone)}</TableCell>
              <TableCell align="right">{formatInteger(sale.total_tickets)}</TableCell>
              <TableCell>
                <SaleNumbers campaignId={campaignId} sale={sale} />
              </TableCell>
              <TableCell align="right" sx={noWrap}>
                {formatReais(sale.total_value)}
              </TableCell>
              <TableCell>
                <Chip size="small" label={sale.status.name} color={purchaseStatusColor(sale.status.id)} />
              </TableCell>
              <TableCell sx={noWrap}>{formatDateTime(sale.purchased_at)}</TableCell>
            </TableRow>
          ))}
          {reply && reply.data.length === 0 && !loading && <FullRow>{SALES_TEXTS.empty}</FullRow>}
          {loading && !reply && (
            <FullRow>
              <CircularProgress size={24} aria-label="Carregando vendas" />
            </FullRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
