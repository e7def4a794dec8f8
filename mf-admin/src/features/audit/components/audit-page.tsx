/**
 * Auditoria (issue 32): the append-only audit log. Filters by action, target and days (São Paulo), pages of the API's
 * size; each entry's before and after open on demand.
 */
import { useState } from 'react';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { formatDateTime } from '@rifaria/shared/format';
import { ConsolePage } from '../../common/components/console-page';
import { ListView } from '../../common/components/list-view';
import { SECTIONS } from '../../common/components/sections';
import { useListQuery } from '../../common/hooks/use-list-query';
import { getAuditLog, type AuditEntry, type AuditFilters } from '../api/audit-log';

export const AUDIT_TEXTS = {
  title: SECTIONS.audit.label,
  what: 'o registro de auditoria',
  table: 'Registro de auditoria',
  filters: 'Filtros',
  apply: 'Filtrar',
  clear: 'Limpar',
  empty: 'Nenhum registro encontrado.',
  system: 'Sistema',
  details: 'Antes e depois',
} as const;

const NO_FILTERS: AuditFilters = { action: '', target_type: '', target_id: '', from: '', to: '' };

const FILTER_FIELDS: { name: keyof AuditFilters; label: string; type?: 'date'; placeholder?: string }[] = [
  { name: 'action', label: 'Ação', placeholder: 'campaign.suspend' },
  { name: 'target_type', label: 'Tipo do alvo', placeholder: 'campaign' },
  { name: 'target_id', label: 'Id do alvo' },
  { name: 'from', label: 'De', type: 'date' },
  { name: 'to', label: 'Até', type: 'date' },
];

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

const COLUMNS = [
  { header: 'Quando', cell: (row: AuditEntry) => formatDateTime(row.created_at) },
  { header: 'Operador', cell: (row: AuditEntry) => row.operator?.name ?? AUDIT_TEXTS.system },
  { header: 'Ação', cell: (row: AuditEntry) => <code>{row.action}</code> },
  { header: 'Alvo', cell: (row: AuditEntry) => `${row.target_type} #${row.target_id}` },
  { header: 'Endereço', cell: (row: AuditEntry) => row.address ?? '—' },
  {
    header: AUDIT_TEXTS.details,
    cell: (row: AuditEntry) => (
      <details>
        <summary>{AUDIT_TEXTS.details}</summary>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
          {[json(row.before), json(row.after)].map((text, index) => (
            <Typography key={index} component="pre" variant="caption" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
              {text}
            </Typography>
          ))}
        </Stack>
      </details>
    ),
  },
];

function Filters({ onApply }: { onApply: (filters: AuditFilters) => void }) {
  const [draft, setDraft] = useState(NO_FILTERS);
  return (
    <Box
      component="form"
      aria-label={AUDIT_TEXTS.filters}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      {FILTER_FIELDS.map((field) => (
        <TextField
          key={field.name}
          size="small"
          label={field.label}
          type={field.type ?? 'text'}
          placeholder={field.placeholder}
          value={draft[field.name]}
          onChange={(event) => setDraft({ ...draft, [field.name]: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 100 }, inputLabel: field.type ? { shrink: true } : {} }}
        />
      ))}
      <Button type="submit" variant="contained">
        {AUDIT_TEXTS.apply}
      </Button>
      <Button
        onClick={() => {
          setDraft(NO_FILTERS);
          onApply(NO_FILTERS);
        }}
      >
        {AUDIT_TEXTS.clear}
      </Button>
    </Box>
  );
}

export default function AuditPage() {
  const list = useListQuery(NO_FILTERS, getAuditLog);
  return (
    <ConsolePage title={AUDIT_TEXTS.title}>
      <Filters onApply={list.filter} />
      <ListView state={list.request} texts={AUDIT_TEXTS} columns={COLUMNS} onPage={list.goTo} />
    </ConsolePage>
  );
}
