/** 'Página 2 de 5' between 'Anterior' and 'Próxima'. */
import { Button, Stack, Typography } from '@mui/material';

export const PAGER_TEXTS = { previous: 'Anterior', next: 'Próxima' } as const;

export function Pager({
  page,
  perPage,
  total,
  onPage,
}: {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / Math.max(1, perPage)));
  if (pages <= 1) return null;
  return (
    <Stack component="nav" aria-label="Paginação" direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Button onClick={() => onPage(page - 1)} disabled={page <= 1}>
        {PAGER_TEXTS.previous}
      </Button>
      <Typography>{`Página ${page} de ${pages}`}</Typography>
      <Button onClick={() => onPage(page + 1)} disabled={page >= pages}>
        {PAGER_TEXTS.next}
      </Button>
    </Stack>
  );
}
