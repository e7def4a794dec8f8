/** The automatic checks of an account opening, as chips a reviewer reads at a glance (and a screen reader as text). */
import { Chip, Stack } from '@mui/material';
import type { OpeningChecks } from '../api/account-openings';

const CHECKS: { key: keyof OpeningChecks; label: string }[] = [
  { key: 'cpf_valid', label: 'CPF válido' },
  { key: 'adult', label: 'Maior de idade' },
  { key: 'cpf_unique', label: 'CPF único' },
];

const ANSWER = { true: 'sim', false: 'não', null: 'sem data' } as const;

export function Checks({ checks }: { checks: OpeningChecks }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {CHECKS.map(({ key, label }) => {
        const value = checks[key];
        return (
          <Chip
            key={key}
            size="small"
            variant="outlined"
            color={value === true ? 'success' : value === false ? 'error' : 'warning'}
            label={`${label}: ${ANSWER[String(value) as keyof typeof ANSWER]}`}
          />
        );
      })}
    </Stack>
  );
}
