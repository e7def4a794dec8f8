/** Campanhas (issue 32): every organiser's campaigns by id, link or name and by status, with the operator's actions. */
import { Link, Stack, Typography } from '@mui/material';
import { formatDateTime, formatInteger } from '@rifaria/shared/format';
import { formatReais } from '@rifaria/shared/money';
import { paths } from '@rifaria/shared/paths';
import { CAMPAIGN_STATUS, type AdminCampaign } from '@rifaria/shared/types';
import { ChoiceFilter } from '../../common/components/choice-filter';
import { ConsolePage } from '../../common/components/console-page';
import { ListView } from '../../common/components/list-view';
import { SearchForm } from '../../common/components/search-form';
import { SECTIONS } from '../../common/components/sections';
import { useListQuery } from '../../common/hooks/use-list-query';
import { listCampaigns } from '../api/campaigns';
import { CampaignActions } from './campaign-actions';

export const CAMPAIGNS_TEXTS = {
  title: SECTIONS.campaigns.label,
  what: 'as campanhas',
  search: 'Id, link ou nome da campanha',
  status: 'Situação',
  table: 'Campanhas',
  empty: 'Nenhuma campanha encontrada.',
} as const;

const STATUS_CHOICES: Record<string, string> = { '': 'Todas', ...CAMPAIGN_STATUS };

function columns(reload: () => void) {
  return [
    {
      header: 'Campanha',
      cell: (row: AdminCampaign) => (
        <Stack>
          <Link href={paths.publicCampaign.getHref(row.link)} target="_blank" rel="noopener">
            {row.name}
          </Link>
          <Typography variant="caption">{`#${row.id}`}</Typography>
        </Stack>
      ),
    },
    { header: 'Organizador', cell: (row: AdminCampaign) => `${row.organizer.name} (${row.organizer.email})` },
    {
      header: 'Situação',
      cell: (row: AdminCampaign) =>
        [row.status.description, row.suspension_reason, row.cancel_reason].filter(Boolean).join(' · '),
    },
    { header: 'Sorteio', cell: (row: AdminCampaign) => (row.draw_date ? formatDateTime(row.draw_date) : '—') },
    {
      header: 'Compras pagas',
      cell: (row: AdminCampaign) => `${formatInteger(row.paid_purchases)} · ${formatReais(row.paid_value)}`,
    },
    { header: 'Denúncias abertas', cell: (row: AdminCampaign) => formatInteger(row.open_reports) },
    { header: 'Ações', cell: (row: AdminCampaign) => <CampaignActions campaign={row} onDone={reload} /> },
  ];
}

export default function CampaignsPage() {
  const list = useListQuery({ q: '', status: '' }, (query, signal) => listCampaigns(query, signal));
  return (
    <ConsolePage title={CAMPAIGNS_TEXTS.title}>
      <SearchForm label={CAMPAIGNS_TEXTS.search} onSearch={(q) => list.filter({ q })} />
      <ChoiceFilter
        label={CAMPAIGNS_TEXTS.status}
        value={list.query.status}
        choices={STATUS_CHOICES}
        onChange={(status) => list.filter({ status })}
      />
      <ListView state={list.request} texts={CAMPAIGNS_TEXTS} columns={columns(list.request.reload)} />
    </ConsolePage>
  );
}
