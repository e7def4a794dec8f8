/**
 * Tab 'Endereço' (spec section 5 "Address"): CEP masked 00000-000; at 8 digits the CEP lookup fills street,
 * neighborhood, city and state, and every field stays editable. A failed GET of the saved address is "no address
 * yet" (spec section 7): the form starts empty.
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  CircularProgress,
  Grid,
  InputAdornment,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
} from '@mui/material';
import { TOAST_DURATION } from '@rifaria/shared/constants';
import { maskCep } from '@rifaria/shared/format';
import { ADDRESS_MESSAGES, BRAZILIAN_STATES, addressSchema } from '@rifaria/shared/schemas';
import { toast, useRequest } from '@rifaria/shared/ui';
import { withoutError } from '../../common/hooks/field-errors';
import { SaveButton } from '../../common/components/save-button';
import { useFormSave } from '../../common/hooks/use-form-save';
import type { SavedAddress, StateOption } from '@rifaria/shared/types';
import { getAddress, getStates, saveAddress } from '../api/address';
import { useCepLookup } from '../hooks/use-cep-lookup';
import { ADDRESS_TEXTS } from './profile-texts';

/** The form's fields, named as PUT /api/auth/address names them. */
interface AddressValues {
  zip_code: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state_uf: string;
}
type AddressField = keyof AddressValues;
const FIELDS: readonly AddressField[] = [
  'zip_code',
  'street',
  'number',
  'complement',
  'neighborhood',
  'city',
  'state_uf',
];
/** What the CEP fills in: their errors go when it answers. */
const CEP_FIELDS: readonly AddressField[] = ['zip_code', 'street', 'neighborhood', 'city', 'state_uf'];
/** '00000-000' has 9 characters. */
const CEP_MASK_MAX_LENGTH = 9;

const valuesOf = (address: SavedAddress | null): AddressValues => ({
  zip_code: maskCep(address?.zip_code ?? ''),
  street: address?.street ?? '',
  number: address?.number ?? '',
  complement: address?.complement ?? '',
  neighborhood: address?.neighborhood ?? '',
  city: address?.city ?? '',
  state_uf: address?.state?.abbreviation ?? '',
});

export function AddressTab() {
  const saved = useRequest(getAddress, []);
  const states = useRequest(getStates, []);

  if (saved.status === 'loading') {
    return (
      <Box aria-busy="true" aria-label={ADDRESS_TEXTS.loading} sx={{ maxWidth: 640 }}>
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} variant="rounded" height={56} sx={{ mb: 2 }} />
        ))}
      </Box>
    );
  }
  // Without the list the form still offers the 27 UFs (the same list the server keeps).
  const options: readonly StateOption[] = states.data?.length ? states.data : BRAZILIAN_STATES;
  return <AddressForm initial={saved.status === 'ready' ? saved.data : null} states={options} />;
}

function AddressForm({ initial, states }: { initial: SavedAddress | null; states: readonly StateOption[] }) {
  const [values, setValues] = useState<AddressValues>(() => valuesOf(initial));
  const { errors, setErrors, failed, saving, clearError, submitChecked } = useFormSave(FIELDS);
  const cep = useCepLookup((found) => {
    const known = states.some((state) => state.abbreviation === found.state);
    setValues((current) => ({
      ...current,
      street: found.street || current.street,
      neighborhood: found.neighborhood || current.neighborhood,
      city: found.city || current.city,
      state_uf: known ? found.state : current.state_uf,
    }));
    setErrors((current) => CEP_FIELDS.reduce(withoutError, current));
  });

  const { remember } = cep;
  useEffect(() => {
    // The saved address already matches its CEP: no lookup for it.
    remember(initial?.zip_code ?? '');
  }, [initial, remember]);

  const change = (field: AddressField, raw: string) => {
    const value = field === 'zip_code' ? maskCep(raw) : raw;
    setValues((current) => ({ ...current, [field]: value }));
    clearError(field);
    if (field === 'zip_code') cep.change(value);
  };

  const submit = submitChecked(addressSchema, values, async (address) => {
    const reply = await saveAddress(address);
    setValues(valuesOf(reply.address));
    remember(reply.address.zip_code);
    // One toast that says what was saved ('Dados salvos' is the Dados tab's).
    toast.success(reply.message || ADDRESS_TEXTS.saved, undefined, { duration: TOAST_DURATION.profile });
  });

  const field = (name: AddressField, label: string, required = true) => ({
    label,
    value: values[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
    required,
  });

  const cepError = errors.zip_code ?? cep.error;
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} sx={{ maxWidth: 640 }}>
      {failed && <Alert severity="error">{ADDRESS_MESSAGES.saveFailed}</Alert>}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 5 }}>
          <TextField
            {...field('zip_code', ADDRESS_TEXTS.zipCode)}
            error={Boolean(cepError)}
            helperText={cepError ?? cep.notice ?? ADDRESS_TEXTS.zipCodeHint}
            placeholder="00000-000"
            autoComplete="postal-code"
            slotProps={{
              htmlInput: { inputMode: 'numeric', maxLength: CEP_MASK_MAX_LENGTH },
              input: cep.loading
                ? {
                    endAdornment: (
                      <InputAdornment position="end">
                        <CircularProgress size={18} aria-label={ADDRESS_TEXTS.searchingCep} />
                      </InputAdornment>
                    ),
                  }
                : {},
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 7 }}>
          <TextField {...field('street', ADDRESS_TEXTS.street)} autoComplete="address-line1" />
        </Grid>
        <Grid size={{ xs: 5, sm: 4 }}>
          <TextField {...field('number', ADDRESS_TEXTS.number)} />
        </Grid>
        <Grid size={{ xs: 7, sm: 8 }}>
          <TextField
            {...field('complement', ADDRESS_TEXTS.complement, false)}
            helperText={errors.complement ?? ADDRESS_TEXTS.optional}
            autoComplete="address-line2"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 5 }}>
          <TextField {...field('neighborhood', ADDRESS_TEXTS.neighborhood)} />
        </Grid>
        <Grid size={{ xs: 7, sm: 4 }}>
          <TextField {...field('city', ADDRESS_TEXTS.city)} autoComplete="address-level2" />
        </Grid>
        <Grid size={{ xs: 5, sm: 3 }}>
          <TextField {...field('state_uf', ADDRESS_TEXTS.state)} select>
            {states.map((state) => (
              <MenuItem key={state.abbreviation} value={state.abbreviation}>
                {state.abbreviation}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      </Grid>
      <SaveButton saving={saving} texts={ADDRESS_TEXTS} />
    </Stack>
  );
}
