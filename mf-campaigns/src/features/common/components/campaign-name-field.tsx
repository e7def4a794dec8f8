/**
 * The campaign name input of the wizard and the edit screen, with its 'n/120' counter. The counter counts what the
 * limit counts (campaignNameLength: characters as a person sees them, so '🎉' is one), on the form and on the
 * server alike; there is no maxLength attribute, which would count an emoji as two.
 */
import { Box, TextField } from '@mui/material';
import { CAMPAIGN_NAME_MAX, campaignNameLength } from '@rifaria/shared/schemas';

export interface CampaignNameFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  autoFocus?: boolean;
  required?: boolean;
}

export function CampaignNameField({ value, onChange, error, autoFocus, required }: CampaignNameFieldProps) {
  const length = campaignNameLength(value);
  return (
    <TextField
      label="Nome da campanha"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoFocus={autoFocus}
      required={required}
      error={Boolean(error)}
      helperText={
        <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <span>{error ?? ' '}</span>
          <Box component="span" sx={{ flexShrink: 0, color: length > CAMPAIGN_NAME_MAX ? 'error.main' : undefined }}>
            {length}/{CAMPAIGN_NAME_MAX}
          </Box>
        </Box>
      }
    />
  );
}
