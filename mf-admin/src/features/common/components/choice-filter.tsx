/** One choice among a few (a queue's status): toggle buttons named by `label`. */
import { ToggleButton, ToggleButtonGroup } from '@mui/material';

export function ChoiceFilter<T extends string>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: T;
  choices: Readonly<Record<T, string>>;
  onChange: (value: T) => void;
}) {
  return (
    <ToggleButtonGroup
      aria-label={label}
      exclusive
      size="small"
      value={value}
      onChange={(_event, next: T | null) => {
        if (next !== null) onChange(next);
      }}
    >
      {(Object.entries(choices) as [T, string][]).map(([choice, name]) => (
        <ToggleButton key={choice} value={choice}>
          {name}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
