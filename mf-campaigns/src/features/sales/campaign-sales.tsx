/** The sales page of a campaign (/campanhas/{id}/vendas): statistics, filters, sortable paged table, CSV download. */
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import {
  PURCHASE_STATUS_ID,
  SALES_DEFAULT_PAGE_SIZE,
  SALES_DEFAULT_SORT,
  SALES_PAGE_SIZES,
  TOAST_DURATION,
} from '@rifaria/shared/constants';
import { formatBRL, formatDateTime, formatInteger } from '@rifaria/shared/format';
import type { PurchaseStatusId, SalesReply } from '@rifaria/shared/types';
import { toast } from '@rifaria/shared/ui';
import { getSales, type SalesSortBy, type SortOrder } from '../../api/get-sales';
import { paginationModel } from './pagination-model';
import { fetchAllSales, salePhone, saveCsv, salesCsv } from './sales-csv';

export const SALES_TEXTS = {
  loadFailed: 'Erro ao carregar vendas',
  filtersApplied: 'Filtros aplicados com sucesso!',
  filtersRemoved: 'Filtros removidos!',
  csvPreparing: 'Preparando download em CSV...',
  csvDone: 'Download CSV concluído!',
  downloadFailed: 'Erro ao fazer download',
  pdfSoon: 'Download PDF será implementado em breve',
  empty: 'Nenhuma venda encontrada',
  contactPaidOnly: 'Telefone completo (e e-mail, no CSV) aparece apenas nas compras pagas.',
  searchContactPaidOnly: 'Telefone e e-mail encontram apenas compras pagas.',
} as const;

const STATUS_OPTIONS: { id: PurchaseStatusId; name: string }[] = [
  { id: PURCHASE_STATUS_ID.pending, name: 'Pendente' },
  { id: PURCHASE_STATUS_ID.paid, name: 'Pago' },
  { id: PURCHASE_STATUS_ID.cancelled, name: 'Cancelado' },
];

const COLUMNS: { key: string; label: string; sortBy?: SalesSortBy; align?: 'right' }[] = [
  { key: 'buyer', label: 'Comprador', sortBy: 'buyer_name' },
  { key: 'cpf', label: 'CPF' },
  { key: 'phone', label: 'Telefone' },
  { key: 'tickets', label: 'Tickets', sortBy: 'total_tickets', align: 'right' },
  { key: 'value', label: 'Valor', sortBy: 'total_value', align: 'right' },
  { key: 'status', label: 'Status', sortBy: 'status' },
  { key: 'date', label: 'Data', sortBy: 'purchased_at' },
];

/** Pendente amber, Pago green, anything else (Cancelado) red. */
export function saleStatusColor(name: string): 'warning' | 'success' | 'error' {
  if (name === 'Pendente') return 'warning';
  if (name === 'Pago') return 'success';
  return 'error';
}

function reais(value: number): string {
  return formatBRL(Math.round(value * 100));
}

interface Filters {
  buyerSearch: string;
  statuses: PurchaseStatusId[];
}

const NO_FILTERS: Filters = { buyerSearch: '', statuses: [] };
const toastOptions = { duration: TOAST_DURATION.sales };

function StatCard({ title, value }: { title: string; value: string }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ flex: '1 1 200px' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {title}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function CampaignSales({ campaignId }: { campaignId: string }) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(SALES_DEFAULT_PAGE_SIZE);
  const [sortBy, setSortBy] = useState<SalesSortBy>(SALES_DEFAULT_SORT.sort_by);
  const [sortOrder, setSortOrder] = useState<SortOrder>(SALES_DEFAULT_SORT.sort_order);
  const [reply, setReply] = useState<SalesReply | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  const active = filters.buyerSearch.trim() !== '' || filters.statuses.length > 0;

  const load = useCallback(async () => {
    setLoading(true);
    setFailed(false);
    try {
      setReply(await getSales(campaignId, { ...filters, page, perPage, sortBy, sortOrder }));
    } catch {
      setFailed(true);
      toast.error(SALES_TEXTS.loadFailed, undefined, toastOptions);
    } finally {
      setLoading(false);
    }
  }, [campaignId, filters, page, perPage, sortBy, sortOrder]);

  useEffect(() => {
    void load();
  }, [load]);

  const openFilters = () => {
    setDraft(filters);
    setFiltersOpen(true);
  };

  const applyFilters = () => {
    setFilters({ buyerSearch: draft.buyerSearch.trim(), statuses: draft.statuses });
    setPage(1);
    setFiltersOpen(false);
    toast.success(SALES_TEXTS.filtersApplied, undefined, toastOptions);
  };

  const clearFilters = () => {
    setFilters(NO_FILTERS);
    setDraft(NO_FILTERS);
    setPage(1);
    setFiltersOpen(false);
    toast.info(SALES_TEXTS.filtersRemoved, undefined, toastOptions);
  };

  const toggleDraftStatus = (id: PurchaseStatusId) =>
    setDraft((previous) => ({
      ...previous,
      statuses: previous.statuses.includes(id)
        ? previous.statuses.filter((s) => s !== id)
        : [...previous.statuses, id].sort(),
    }));

  const sortOn = (column: SalesSortBy) => {
    if (column === sortBy) setSortOrder((order) => (order === 'asc' ? 'desc' : 'asc'));
    else {
      setSortBy(column);
      setSortOrder('asc');
    }
    setPage(1);
  };

  const downloadCsv = async () => {
    setDownloading(true);
    toast.info(SALES_TEXTS.csvPreparing, undefined, toastOptions);
    try {
      const sales = await fetchAllSales(campaignId, { ...filters, sortBy, sortOrder });
      saveCsv(salesCsv(sales), `vendas-campanha-${campaignId}.csv`);
      toast.success(SALES_TEXTS.csvDone, undefined, toastOptions);
      setDownloadOpen(false);
    } catch {
      toast.error(SALES_TEXTS.downloadFailed, undefined, toastOptions);
    } finally {
      setDownloading(false);
    }
  };

  const stats = reply?.statistics;
  const pagination = reply?.pagination;

  return (
    <Stack spacing={3}>
      <Link component={RouterLink} to={`/campanhas/${campaignId}/painel`}>
        Voltar para o painel
      </Link>
      <Typography variant="h4" component="h1">
        {reply ? `Vendas — ${reply.campaign.name}` : 'Vendas'}
      </Typography>

      {stats && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
          <StatCard title="Total de vendas" value={formatInteger(stats.total_sales)} />
          <StatCard title="Receita total" value={reais(stats.total_revenue)} />
          <StatCard title="Tickets vendidos" value={formatInteger(stats.total_tickets_sold)} />
          <StatCard title="Tickets disponíveis" value={formatInteger(stats.tickets_available)} />
        </Stack>
      )}

      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={openFilters}>
          Filtros
        </Button>
        {active && (
          <>
            <Chip color="primary" label="Filtros ativos" />
            <Button onClick={clearFilters}>Limpar Filtros</Button>
          </>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: 'auto' }}>
          <TextField
            select
            size="small"
            label="Itens por página"
            value={perPage}
            onChange={(event) => {
              setPerPage(Number(event.target.value));
              setPage(1);
            }}
            slotProps={{ select: { native: true } }}
            sx={{ minWidth: 140 }}
          >
            {SALES_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </TextField>
          <Button variant="contained" onClick={() => setDownloadOpen(true)}>
            Baixar
          </Button>
        </Stack>
      </Stack>

      {failed && !reply && <Alert severity="error">{SALES_TEXTS.loadFailed}</Alert>}

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
                      onClick={() => sortOn(column.sortBy as SalesSortBy)}
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
                <TableCell>{sale.buyer.name}</TableCell>
                <TableCell>{sale.buyer.cpf}</TableCell>
                <TableCell>{salePhone(sale.buyer.phone)}</TableCell>
                <TableCell align="right">{formatInteger(sale.total_tickets)}</TableCell>
                <TableCell align="right">{reais(sale.total_value)}</TableCell>
                <TableCell>
                  <Chip size="small" label={sale.status.name} color={saleStatusColor(sale.status.name)} />
                </TableCell>
                <TableCell>{formatDateTime(sale.purchased_at)}</TableCell>
              </TableRow>
            ))}
            {reply && reply.data.length === 0 && !loading && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} align="center">
                  {SALES_TEXTS.empty}
                </TableCell>
              </TableRow>
            )}
            {loading && !reply && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} align="center">
                  <CircularProgress size={24} aria-label="Carregando vendas" />
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="caption" color="text.secondary">
        {SALES_TEXTS.contactPaidOnly}
      </Typography>

      {pagination && pagination.last_page > 1 && (
        <Stack
          component="nav"
          aria-label="Paginação"
          direction="row"
          spacing={0.5}
          sx={{ justifyContent: 'center', alignItems: 'center' }}
        >
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Anterior
          </Button>
          {paginationModel(pagination.current_page, pagination.last_page).map((item) =>
            typeof item === 'number' ? (
              <Button
                key={item}
                size="small"
                variant={item === pagination.current_page ? 'contained' : 'text'}
                aria-label={`Página ${item}`}
                aria-current={item === pagination.current_page ? 'page' : undefined}
                onClick={() => setPage(item)}
                sx={{ minWidth: 36 }}
              >
                {item}
              </Button>
            ) : (
              <Typography key={item} component="span" aria-hidden sx={{ px: 1 }}>
                …
              </Typography>
            ),
          )}
          <Button size="small" disabled={page >= pagination.last_page} onClick={() => setPage(page + 1)}>
            Próxima
          </Button>
        </Stack>
      )}

      <Dialog
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        aria-labelledby="sales-filters-title"
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id="sales-filters-title">Filtros</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Buscar comprador"
              placeholder="Nome, telefone ou e-mail"
              helperText={SALES_TEXTS.searchContactPaidOnly}
              value={draft.buyerSearch}
              onChange={(event) => setDraft((previous) => ({ ...previous, buyerSearch: event.target.value }))}
            />
            <FormGroup aria-label="Status">
              {STATUS_OPTIONS.map((option) => (
                <FormControlLabel
                  key={option.id}
                  label={option.name}
                  control={
                    <Checkbox
                      checked={draft.statuses.includes(option.id)}
                      onChange={() => toggleDraftStatus(option.id)}
                    />
                  }
                />
              ))}
            </FormGroup>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={clearFilters}>Limpar Filtros</Button>
          <Button variant="contained" onClick={applyFilters}>
            Aplicar
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={downloadOpen}
        onClose={() => !downloading && setDownloadOpen(false)}
        aria-labelledby="sales-download-title"
      >
        <DialogTitle id="sales-download-title">Baixar vendas</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary">Todas as vendas com os filtros atuais.</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => toast.info(SALES_TEXTS.pdfSoon, undefined, toastOptions)} disabled={downloading}>
            PDF
          </Button>
          <Button variant="contained" onClick={() => void downloadCsv()} disabled={downloading}>
            CSV
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
