/**
 * Reservation modal over the campaign page (spec section 2): step 1 'Finalizar Reserva' (summary and phone),
 * step 2 'Dados do Comprador' (new buyer: name, CPF, e-mail; known buyer: the fetched fields, masked and read-only)
 * and 'Concluir Reserva', which creates the purchase and goes to the checkout. A new buyer whose CPF is registered
 * with another phone is told to use that phone, or to move the registration to this one ('Trocar de telefone').
 *
 * The numbers are drawn by the server when the purchase is created, so the modal shows none (no placeholders that
 * would then change). The state and the submissions are in hooks/use-reservation.ts.
 */
import { Box, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack } from '@mui/material';
import { formatBRL } from '@rifaria/shared/format';
import { reaisToCents } from '@rifaria/shared/money';
import type { PublicCampaign } from '@rifaria/shared/types';
import { ArrowBackIcon, CloseIcon } from '@rifaria/shared/ui';
import { FormError } from '../../common/components/form-error';
import { SubmitButton } from '../../common/components/buyer-fields';
import { SummaryList } from '../../common/components/summary-list';
import { ticketCount } from '../../common/components/ticket-count';
import { useIsMobile } from '../hooks/use-is-mobile';
import { useReservation, type ReservationStep } from '../hooks/use-reservation';
import { CHANGE_PHONE_TEXTS, ChangePhoneStep } from './change-phone-step';
import { BuyerStep, PhoneStep } from './reservation-steps';
import { RESERVATION_TEXTS } from './reservation-texts';

const TITLES: Record<ReservationStep, string> = {
  phone: RESERVATION_TEXTS.phoneStep,
  buyer: RESERVATION_TEXTS.buyerStep,
  'change-phone': CHANGE_PHONE_TEXTS.title,
};

interface Props {
  open: boolean;
  onClose: () => void;
  campaign: Pick<PublicCampaign, 'title' | 'link' | 'ticket_price' | 'rules'>;
  quantity: number;
}

export function ReservationModal({ open, onClose, campaign, quantity }: Props) {
  const mobile = useIsMobile();
  const reservation = useReservation({ open, link: campaign.link, quantity });
  const { step, busy } = reservation;
  const totalCents = quantity * reaisToCents(campaign.ticket_price);

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      fullScreen={mobile}
      maxWidth="xs"
      aria-labelledby="reservation-title"
    >
      {/* Not DialogTitleWithClose: a back arrow stands before the title, and both buttons wait while busy. */}
      <DialogTitle id="reservation-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 6 }}>
        {step !== 'phone' ? (
          <IconButton
            aria-label={RESERVATION_TEXTS.back}
            onClick={reservation.back}
            disabled={busy}
            edge="start"
            size="small"
          >
            <ArrowBackIcon />
          </IconButton>
        ) : null}
        {TITLES[step]}
        <IconButton
          aria-label={RESERVATION_TEXTS.close}
          onClick={onClose}
          disabled={busy}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>

      {step === 'change-phone' ? (
        <ChangePhoneStep
          initialCpf={reservation.values.cpf}
          phone={reservation.phone}
          busy={busy}
          run={reservation.run}
          onChanged={reservation.phoneMoved}
        />
      ) : (
        <Box component="form" noValidate onSubmit={step === 'phone' ? reservation.checkPhone : reservation.submit}>
          <DialogContent sx={{ pt: 0 }}>
            <Stack spacing={2}>
              <SummaryList
                label="Resumo da reserva"
                rows={[
                  { term: RESERVATION_TEXTS.campaign, value: campaign.title, wide: true },
                  { term: RESERVATION_TEXTS.quantity, value: ticketCount(quantity) },
                  { term: RESERVATION_TEXTS.total, value: formatBRL(totalCents) },
                ]}
                sx={{ p: 2, borderRadius: 2, bgcolor: 'grey.50', border: 1, borderColor: 'divider', rowGap: 0.5 }}
              />
              <FormError message={reservation.formError} />
              {step === 'phone' ? (
                <PhoneStep reservation={reservation} />
              ) : (
                <BuyerStep reservation={reservation} rules={campaign.rules} />
              )}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            {step === 'phone' ? (
              <SubmitButton
                busy={busy}
                busyLabel="Verificando telefone"
                disabled={!reservation.canCheckPhone}
                fullWidth
              >
                {RESERVATION_TEXTS.continue}
              </SubmitButton>
            ) : (
              <SubmitButton
                busy={busy}
                busyLabel="Criando reserva"
                disabled={!reservation.canSubmit}
                color="success"
                fullWidth
              >
                {RESERVATION_TEXTS.submit}
              </SubmitButton>
            )}
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
