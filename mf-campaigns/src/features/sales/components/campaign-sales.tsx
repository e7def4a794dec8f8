/**
 * The sales page of a campaign (/campanhas/{id}/vendas): statistics, filters, sortable paged table, CSV download.
 * An id that is not a campaign, or a 404 (gone, another organiser's), shows 'Campanha não encontrada' as the panel
 * and edit screens do. Each table query replaces the one before it: a slower earlier answer never overwrites a later
 * one (filters and sorting changed quickly used to leave the table showing the previous order).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
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
import { formatDateTime, formatInteger } from '@rifaria/shared/format';
import { PURCHASE_STATUS, type PurchaseStatusId, type SalesReply } from '@rifaria/shared/types';
import { isHttpError } from '@rifaria/shared/api-client';
import { purchaseStatusColor, toast, useBackToClose } from '@rifaria/shared/ui';
import { isCampaignId } from '../../api/get-campaign';
import { getSales, type SalesSortBy, type SortOrder } from '../../api/get-sales';
import { CampaignNotFound } from '../../components/campaign-not-found';
import { DOWNLOAD_TEXTS, DownloadDialog } from './download-dialog';
import { paginationModel } from './pagination-model';
import { salePhone } from './sales-csv';
import { paths } from '@rifaria/shared/paths';
import { formatReais } from '@rifaria/shared/money';

export const SALES_TEXTS = {
  loadFailed: 'Erro ao carregar vendas',
  filtersApplied: 'Filtros aplicados com sucesso!',
  filtersRemoved: 'Filtros removidos!',
  csvPreparing: DOWNLOAD_TEXTS.csvPreparing,
  csvDone: DOWNLOAD_TEXTS.csvDone,
  downloadFailed: DOWNLOAD_TEXTS.failed,
  pdfSoon: DOWNLOAD_TEXTS.pdfSoon,
  empty: 'Nenhuma venda encontrada',
  contactPaidOnly: 'Telefone completo (e e-mail, no CSV) aparece apenas nas compras pagas.',
  searchContactPaidOnly: 'Telefone e e-mail encontram apenas compras pagas.',
} as const;

const STATUS_OPTIONS: { id: PurchaseStatusId; name: string }[] = Object.values(PURCHASE_STATUS_ID).map((id) => ({
  id,
  name: PURCHASE_STATUS[id],
}));

const COLUMNS: { key: string; label: string; sortBy?: SalesSortBy; align?: 'right' }[] = [
  { key: 'buyer', label: 'Comprador', sortBy: 'buyer_name' },
  { key: 'cpf', label: 'CPF' },
  { key: 'phone', label: 'Telefone' },
  { key: 'tickets', label: 'Tickets', sortBy: 'total_tickets', align: 'right' },
  { key: 'value', label: 'Valor', sortBy: 'total_value', align: 'right' },
  { key: 'status', label: 'Status', sortBy: 'status' },
  { key: 'date', label: 'Data', sortBy: 'purchased_at' },
];

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
  if (!isCampaignId(campaignId)) return <CampaignNotFound />;
  return <CampaignSalesOf campaignId={campaignId} />;
}

function CampaignSalesOf({ campaignId }: { campaignId: string }) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<number>(SALES_DEFAULT_PAGE_SIZE);
  const [sortBy, setSortBy] = useState<SalesSortBy>(SALES_DEFAULT_SORT.sort_by);
  const [sortOrder, setSortOrder] = useState<SortOrder>(SALES_DEFAULT_SORT.sort_order);
  const [reply, setReply] = useState<SalesReply | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [notFound, setNotFound] = useState(false);
  /** The table query in flight: a newer one aborts it, and an answer to anything but the latest is dropped. */
  const inFlight = useRef<AbortController | null>(null);

  const active = filters.buyerSearch.trim() !== '' || filters.statuses.length > 0;

  const load = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    setFailed(false);
    try {
      const next = await getSales(
        campaignId,
        { ...filters, page, perPage, sortBy, sortOrder },
        { signal: controller.signal },
      );
      if (inFlight.current === controller) setReply(next);
    } catch (error) {
      if (inFlight.current !== controller) return;
      if (isHttpError(error, 404)) {
        setNotFound(true);
        return;
      }
      setFailed(true);
      toast.error(SALES_TEXTS.loadFailed, undefined, toastOptions);
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setLoading(false);
      }
    }
  }, [campaignId, filters, page, perPage, sortBy, sortOrder]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => () => inFlight.current?.abort(), []);

  useBackToClose(filtersOpen, () => setFiltersOpen(false));

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

  const stats = reply?.statistics;
  const pagination = reply?.pagination;

  if (notFound) return <CampaignNotFound />;

  return (
    <Stack spacing={3}>
      <Link component={RouterLink} to={paths.campaignPanel.getHref(campaignId)}>
        Voltar para o painel
      </Link>
      <Typography variant="h4" component="h1">
        {reply ? `Vendas — ${reply.campaign.name}` : 'Vendas'}
      </Typography>

      {stats && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
          <StatCard title="Total de vendas" value={formatInteger(stats.total_sales)} />
          <StatCard title="Receita total" value={formatReais(stats.total_revenue)} />
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
                <TableCell align="right">{formatReais(sale.total_value)}</TableCell>
                <TableCell>
                  <Chip size="small" label={sale.status.name} color={purchaseStatusColor(sale.status.id)} />
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

      <DownloadDialog
        open={downloadOpen}
        onClose={() => setDownloadOpen(false)}
        campaignId={campaignId}
        query={{ ...filters, sortBy, sortOrder }}
      />
    </Stack>
  );
}
