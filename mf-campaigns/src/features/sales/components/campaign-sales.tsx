/**
 * The sales page of a campaign (/campanhas/{id}/vendas): statistics, filters, sortable paged table, CSV download.
 * An id that is not a campaign, or a 404 (gone, another organiser's), shows 'Campanha não encontrada' as the panel
 * and edit screens do. The query lives in useSalesQuery, its answer in useSales (the latest query only).
 */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Button, Chip, Link, Stack, TextField, Typography } from '@mui/material';
import { SALES_PAGE_SIZES } from '@rifaria/shared/constants';
import { formatInteger, parseTicketNumber } from '@rifaria/shared/format';
import { formatReais } from '@rifaria/shared/money';
import { paths } from '@rifaria/shared/paths';
import { toast } from '@rifaria/shared/ui';
import { isCampaignId } from '../../common/api/get-campaign';
import { CampaignNotFound } from '../../common/components/campaign-not-found';
import { StatCard } from '../../common/components/stat-card';
import { useSales } from '../hooks/use-sales';
import { NO_FILTERS, useSalesQuery, type SalesFilters } from '../hooks/use-sales-query';
import { DownloadDialog } from './download-dialog';
import { SalesFiltersDialog } from './sales-filters-dialog';
import { SalesPagination } from './sales-pagination';
import { SalesTable } from './sales-table';
import { SALES_TEXTS, salesToastOptions } from './sales-texts';

export function CampaignSales({ campaignId }: { campaignId: string }) {
  if (!isCampaignId(campaignId)) return <CampaignNotFound />;
  return <CampaignSalesOf campaignId={campaignId} />;
}

function CampaignSalesOf({ campaignId }: { campaignId: string }) {
  const sales = useSalesQuery();
  const { query } = sales;
  const { reply, loading, failed, notFound } = useSales(campaignId, query);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [downloadOpen, setDownloadOpen] = useState(false);

  const applyFilters = (filters: SalesFilters) => {
    sales.applyFilters(filters);
    setFiltersOpen(false);
    toast.success(SALES_TEXTS.filtersApplied, undefined, salesToastOptions);
  };

  const clearFilters = () => {
    sales.applyFilters(NO_FILTERS);
    setFiltersOpen(false);
    toast.info(SALES_TEXTS.filtersRemoved, undefined, salesToastOptions);
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
        <Button variant="outlined" onClick={() => setFiltersOpen(true)}>
          Filtros
        </Button>
        {sales.active && (
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
            value={query.perPage}
            onChange={(event) => sales.changePerPage(Number(event.target.value))}
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

      <SalesTable
        campaignId={campaignId}
        reply={reply}
        loading={loading}
        sortBy={query.sortBy}
        sortOrder={query.sortOrder}
        onSort={sales.sortOn}
        searchedNumber={parseTicketNumber(query.buyerSearch)}
      />
      <Typography variant="caption" color="text.secondary">
        {SALES_TEXTS.contactPaidOnly}
      </Typography>

      {pagination && pagination.last_page > 1 && (
        <SalesPagination pagination={pagination} page={query.page} onPage={sales.setPage} />
      )}

      <SalesFiltersDialog
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        filters={sales.filters}
        onApply={applyFilters}
        onClear={clearFilters}
      />
      <DownloadDialog
        open={downloadOpen}
        onClose={() => setDownloadOpen(false)}
        campaignId={campaignId}
        query={{ ...sales.filters, sortBy: query.sortBy, sortOrder: query.sortOrder }}
      />
    </Stack>
  );
}
