/** Denúncias (issue 32): the reports buyers sent from the public page, open ones first, with the campaign's actions. */
import { Link, Stack, Typography } from '@mui/material';
import { formatDateTime } from '@rifaria/shared/format';
import { paths } from '@rifaria/shared/paths';
import { CAMPAIGN_REPORT_REASONS } from '@rifaria/shared/schemas';
import type { AdminCampaignReport } from '@rifaria/shared/types';
import { ConsolePage } from '../../common/components/console-page';
import { StatusList, type Statuses } from '../../common/components/status-list';
import { SECTIONS } from '../../common/components/sections';
import { listReports } from '../api/campaigns';
import { CampaignActions } from './campaign-actions';

export const REPORTS_TEXTS = {
  title: SECTIONS.reports.label,
  what: 'as denúncias',
  table: 'Denúncias',
  filter: 'Situação da denúncia',
} as const;

const STATUSES: Statuses<'open' | 'resolved'> = {
  open: { label: 'Abertas', empty: 'Nenhuma denúncia aberta.' },
  resolved: { label: 'Resolvidas', empty: 'Nenhuma denúncia resolvida.' },
};

const load = (query: { status: 'open' | 'resolved' }, signal: AbortSignal) => listReports(query.status, signal);

function columns(reload: () => void) {
  return [
    {
      header: 'Campanha',
      cell: (row: AdminCampaignReport) => (
        <Stack>
          <Link href={paths.publicCampaign.getHref(row.campaign.link)} target="_blank" rel="noopener">
            {row.campaign.name}
          </Link>
          <Typography variant="caption">{row.campaign.status.description}</Typography>
        </Stack>
      ),
    },
    { header: 'Motivo', cell: (row: AdminCampaignReport) => CAMPAIGN_REPORT_REASONS[row.reason] },
    { header: 'Descrição', cell: (row: AdminCampaignReport) => row.description },
    { header: 'Telefone', cell: (row: AdminCampaignReport) => row.phone ?? '—' },
    { header: 'Recebida em', cell: (row: AdminCampaignReport) => formatDateTime(row.created_at) },
    {
      header: 'Ações',
      cell: (row: AdminCampaignReport) => <CampaignActions campaign={row.campaign} onDone={reload} />,
    },
  ];
}

export default function ReportsPage() {
  return (
    <ConsolePage title={REPORTS_TEXTS.title}>
      <StatusList texts={REPORTS_TEXTS} statuses={STATUSES} initial="open" load={load} columns={columns} />
    </ConsolePage>
  );
}
