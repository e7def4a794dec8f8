import { Box, type SxProps, type Theme } from '@mui/material';

/** A purchase's numbers as a list (`label` names it), each in monospace; the caller lays them out. */
export function TicketNumbers({
  tickets,
  label,
  listSx,
  itemSx,
}: {
  tickets: { id: number; number: string }[];
  label: string;
  listSx: SxProps<Theme>;
  itemSx: SxProps<Theme>;
}) {
  return (
    <Box component="ul" aria-label={label} sx={[{ m: 0, p: 0, listStyle: 'none' }, ...asArray(listSx)]}>
      {tickets.map((ticket) => (
        <Box component="li" key={ticket.id} sx={[{ fontFamily: 'monospace' }, ...asArray(itemSx)]}>
          {ticket.number}
        </Box>
      ))}
    </Box>
  );
}

function asArray(sx: SxProps<Theme>) {
  return Array.isArray(sx) ? sx : [sx];
}
