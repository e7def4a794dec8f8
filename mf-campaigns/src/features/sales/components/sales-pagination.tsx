/** 'Anterior', the pages of paginationModel (first, last, ±2 and ellipses) and 'Próxima'. */
import { Button, Stack, Typography } from '@mui/material';
import type { SalesReply } from '@rifaria/shared/types';
import { paginationModel } from './pagination-model';

export interface SalesPaginationProps {
  pagination: SalesReply['pagination'];
  /** The page asked for (the reply's may still be the previous one while it loads). */
  page: number;
  onPage: (page: number) => void;
}

export function SalesPagination({ pagination, page, onPage }: SalesPaginationProps) {
  return (
    <Stack
      component="nav"
      aria-label="Paginação"
      direction="row"
      spacing={0.5}
      sx={{ justifyContent: 'center', alignItems: 'center' }}
    >
      <Button size="small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
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
            onClick={() => onPage(item)}
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
      <Button size="small" disabled={page >= pagination.last_page} onClick={() => onPage(page + 1)}>
        Próxima
      </Button>
    </Stack>
  );
}
