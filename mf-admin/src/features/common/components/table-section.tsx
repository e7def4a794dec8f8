/** A titled table of a screen (h2), or its empty text when it has no rows. */
import { Stack, Typography } from '@mui/material';
import { DataTable, type Column } from './data-table';

export function TableSection<T>(props: {
  title: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  empty?: string;
}) {
  const { title, rows } = props;
  const body =
    rows.length || !props.empty ? (
      <DataTable label={title} rows={rows} columns={props.columns} rowKey={props.rowKey} />
    ) : (
      <Typography color="text.secondary">{props.empty}</Typography>
    );
  return (
    <Stack component="section" spacing={1}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {body}
    </Stack>
  );
}
