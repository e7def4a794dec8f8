/** A search box with its button: the query is sent on submit (Enter or the button), bounded to `maxLength`. */
import { useState, type ReactNode } from 'react';
import { Button, Stack, TextField } from '@mui/material';

export function SearchForm({
  label,
  initial = '',
  maxLength = 100,
  onSearch,
  children,
}: {
  label: string;
  initial?: string;
  maxLength?: number;
  onSearch: (query: string) => void;
  /** More filters beside the box. */
  children?: ReactNode;
}) {
  const [text, setText] = useState(initial);
  return (
    <Stack
      component="form"
      role="search"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <TextField
        label={label}
        size="small"
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength } }}
        sx={{ minWidth: 280 }}
      />
      <Button type="submit" variant="contained">
        Buscar
      </Button>
      {children}
    </Stack>
  );
}
