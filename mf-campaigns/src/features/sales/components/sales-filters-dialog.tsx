/**
 * 'Filtros': the buyer search and the statuses, edited as a draft that starts from the applied filters at every
 * opening and is applied only by 'Aplicar'. Back closes it. The search also takes a ticket number (digits only).
 */
import { useState } from 'react';
import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Stack,
  TextField,
} from '@mui/material';
import { PURCHASE_STATUS_ID } from '@rifaria/shared/constants';
import { PURCHASE_STATUS, type PurchaseStatusId } from '@rifaria/shared/types';
import { useBackToClose } from '@rifaria/shared/ui';
import { NO_FILTERS, type SalesFilters } from '../hooks/use-sales-query';
import { SALES_TEXTS } from './sales-texts';

const STATUS_OPTIONS: { id: PurchaseStatusId; name: string }[] = Object.values(PURCHASE_STATUS_ID).map((id) => ({
  id,
  name: PURCHASE_STATUS[id],
}));

export interface SalesFiltersDialogProps {
  open: boolean;
  onClose: () => void;
  /** The filters applied now: the draft's starting point. */
  filters: SalesFilters;
  onApply: (filters: SalesFilters) => void;
  onClear: () => void;
}

export function SalesFiltersDialog({ open, onClose, filters, onApply, onClear }: SalesFiltersDialogProps) {
  const [draft, setDraft] = useState<SalesFilters>(filters);
  // Each opening starts from the applied filters (set while rendering, so the first frame already shows them).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDraft(filters);
  }

  useBackToClose(open, onClose);

  const toggleStatus = (id: PurchaseStatusId) =>
    setDraft((previous) => ({
      ...previous,
      statuses: previous.statuses.includes(id)
        ? previous.statuses.filter((s) => s !== id)
        : [...previous.statuses, id].sort(),
    }));

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="sales-filters-title" fullWidth maxWidth="xs">
      <DialogTitle id="sales-filters-title">Filtros</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="Buscar comprador"
            placeholder={SALES_TEXTS.searchPlaceholder}
            helperText={`${SALES_TEXTS.searchByNumber} ${SALES_TEXTS.searchContactPaidOnly}`}
            value={draft.buyerSearch}
            onChange={(event) => setDraft((previous) => ({ ...previous, buyerSearch: event.target.value }))}
          />
          <FormGroup aria-label="Status">
            {STATUS_OPTIONS.map((option) => (
              <FormControlLabel
                key={option.id}
                label={option.name}
                control={
                  <Checkbox checked={draft.statuses.includes(option.id)} onChange={() => toggleStatus(option.id)} />
                }
              />
            ))}
          </FormGroup>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            setDraft(NO_FILTERS);
            onClear();
          }}
        >
          Limpar Filtros
        </Button>
        <Button
          variant="contained"
          onClick={() => onApply({ buyerSearch: draft.buyerSearch.trim(), statuses: draft.statuses })}
        >
          Aplicar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
