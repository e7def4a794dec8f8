/** The reservation modal's two form steps: the phone ('Finalizar Reserva') and the buyer ('Dados do Comprador'). */
import { useEffect, useRef, type ChangeEvent } from 'react';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { maskPhone } from '@rifaria/shared/format';
import { BUYER_MESSAGES } from '@rifaria/shared/schemas';
import { CpfField, PhoneField, ReadOnlyField } from '../../common/components/buyer-fields';
import { takeTypedAhead } from '../hooks/type-ahead';
import type { Reservation } from '../hooks/use-reservation';
import { RESERVATION_TEXTS } from './reservation-texts';
import { TermsField } from './terms-field';

export function PhoneStep({ reservation }: { reservation: Reservation }) {
  const { editPhone } = reservation;
  // What the buyer typed while the form was opening goes into the phone, as if the field had been there (issue 30).
  const typedAhead = useRef<string | null>(null);
  useEffect(() => {
    if (typedAhead.current !== null) return;
    typedAhead.current = takeTypedAhead();
    if (typedAhead.current !== '') editPhone(maskPhone(typedAhead.current));
  }, [editPhone]);
  return (
    <>
      <PhoneField
        label={RESERVATION_TEXTS.phone}
        value={reservation.phone}
        onChange={reservation.editPhone}
        error={reservation.phoneError}
        helperText={reservation.phoneError ?? RESERVATION_TEXTS.phoneHelp}
        autoFocus
      />
      <Typography variant="body2" color="text.secondary">
        {RESERVATION_TEXTS.drawnByServer}
      </Typography>
    </>
  );
}

export function BuyerStep({ reservation, rules }: { reservation: Reservation; rules: string }) {
  const { buyer, formError, phone } = reservation;
  return (
    <>
      {buyer ? (
        // A refusal above (e.g. the unpaid-numbers limit) is the news: no green "all set" beside it.
        formError ? null : (
          <Alert severity="success" role="status">
            {reservation.phoneMovedNote ?? RESERVATION_TEXTS.knownBuyer}
          </Alert>
        )
      ) : (
        <Alert severity="info" role="status">
          {BUYER_MESSAGES.newBuyerWelcome}
        </Alert>
      )}
      <ReadOnlyField label={RESERVATION_TEXTS.phone} value={buyer ? buyer.phone : maskPhone(phone)} />
      {buyer ? (
        <>
          <ReadOnlyField label={RESERVATION_TEXTS.name} value={buyer.name} />
          <ReadOnlyField label={RESERVATION_TEXTS.cpf} value={buyer.cpf} />
          <ReadOnlyField label={RESERVATION_TEXTS.email} value={buyer.email ?? ''} placeholder="Não informado" />
        </>
      ) : (
        <NewBuyerFields reservation={reservation} />
      )}
      <TermsField
        checked={reservation.termsAccepted}
        onChange={reservation.editTerms}
        error={reservation.termsError}
        rules={rules}
      />
      <Typography variant="body2" color="text.secondary">
        {RESERVATION_TEXTS.drawnByServer} {RESERVATION_TEXTS.paymentWindow}
      </Typography>
    </>
  );
}

function NewBuyerFields({ reservation }: { reservation: Reservation }) {
  const { values, editField, fieldError } = reservation;
  const bind = (field: 'name' | 'email') => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => editField(field, event.target.value),
    error: Boolean(fieldError(field)),
    helperText: fieldError(field),
  });
  return (
    <>
      <TextField
        label={RESERVATION_TEXTS.name}
        {...bind('name')}
        autoComplete="name"
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <CpfField
        label={RESERVATION_TEXTS.cpf}
        value={values.cpf}
        onChange={(value) => editField('cpf', value)}
        error={fieldError('cpf')}
      />
      {reservation.cpfTaken ? (
        <Alert severity="warning" role="status" aria-label={BUYER_MESSAGES.useRegisteredPhone}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {BUYER_MESSAGES.useRegisteredPhone}
          </Typography>
          <Typography variant="body2">{RESERVATION_TEXTS.phoneMoved(maskPhone(reservation.phone))}</Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
            <Button size="small" variant="contained" onClick={reservation.changePhone}>
              {RESERVATION_TEXTS.changePhone}
            </Button>
            <Button size="small" onClick={reservation.back}>
              {RESERVATION_TEXTS.useRegisteredPhone}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <TextField label={RESERVATION_TEXTS.email} type="email" {...bind('email')} autoComplete="email" fullWidth />
    </>
  );
}
