/**
 * Reservation modal over the campaign page (spec section 2): step 1 'Finalizar Reserva' (summary and phone),
 * step 2 'Dados do Comprador' (new buyer: name, CPF, e-mail; known buyer: the fetched fields, masked and read-only)
 * and 'Concluir Reserva', which creates the purchase and goes to the checkout. A new buyer whose CPF is registered
 * with another phone is told to use that phone, or to move the registration to this one ('Trocar de telefone').
 *
 * The numbers are drawn by the server when the purchase is created, so the modal shows none (no placeholders that
 * would then change). One Idempotency-Key per submission: a retry after an answer that may have created the
 * purchase (network failure, time-out, 5xx) or a double click sends the same key, and gets the same purchase.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { newIdempotencyKey, readApiError, type ApiError } from '@rifaria/shared/api-client';
import { PAYMENT_WINDOW_MS, PIX_PAYMENT_METHOD_ID } from '@rifaria/shared/constants';
import { formatBRL, maskCpf, maskPhone, onlyDigits } from '@rifaria/shared/format';
import { paths } from '@rifaria/shared/paths';
import {
  BUYER_MESSAGES,
  buyerPhoneSchema,
  buyerSchema,
  firstErrors,
  type PurchaseRequest,
} from '@rifaria/shared/schemas';
import type { PublicBuyer, PublicCampaign } from '@rifaria/shared/types';
import { ArrowBackIcon, CloseIcon, useDebouncedValidation } from '@rifaria/shared/ui';
import { publicApi } from '../../api/public-api';
import { ticketCount } from '../../lib/tickets';
import { SummaryList } from '../../lib/summary-list';
import { useIsMobile } from '../../lib/use-is-mobile';
import { CHANGE_PHONE_TEXTS, ChangePhoneStep } from './change-phone-step';
import { reaisToCents } from '@rifaria/shared/money';

export const RESERVATION_TEXTS = {
  phoneStep: 'Finalizar Reserva',
  buyerStep: 'Dados do Comprador',
  campaign: 'Campanha',
  quantity: 'Quantidade',
  total: 'Total',
  phone: 'Telefone (WhatsApp)',
  phoneHelp: 'Usamos seu telefone para identificar suas compras.',
  continue: 'Continuar',
  name: 'Nome completo',
  cpf: 'CPF',
  email: 'E-mail (opcional)',
  knownBuyer: 'Encontramos seu cadastro. Confira seus dados e conclua a reserva.',
  phoneMoved: (phone: string) => `Trocou de número? Passe seu cadastro para o telefone ${phone}.`,
  changePhone: CHANGE_PHONE_TEXTS.title,
  useRegisteredPhone: 'Usar o telefone cadastrado',
  submit: 'Concluir Reserva',
  back: 'Voltar',
  close: 'Fechar',
  drawnByServer:
    'Seus números são sorteados aleatoriamente pelo sistema no momento em que a reserva é criada e aparecem na tela de pagamento.',
  paymentWindow: `Depois de concluir, você tem ${PAYMENT_WINDOW_MS / 60_000} minutos para pagar via Pix; sem pagamento, a reserva é cancelada e os números voltam a ficar disponíveis.`,
} as const;

type Step = 'phone' | 'buyer' | 'change-phone';

const TITLES: Record<Step, string> = {
  phone: RESERVATION_TEXTS.phoneStep,
  buyer: RESERVATION_TEXTS.buyerStep,
  'change-phone': CHANGE_PHONE_TEXTS.title,
};

interface Props {
  open: boolean;
  onClose: () => void;
  campaign: Pick<PublicCampaign, 'title' | 'link' | 'ticket_price'>;
  quantity: number;
}

const BUYER_FIELDS = ['name', 'cpf', 'email'] as const;

export function ReservationModal({ open, onClose, campaign, quantity }: Props) {
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const [step, setStep] = useState<Step>('phone');
  const [phone, setPhone] = useState('');
  const [name, setName] = useState('');
  const [cpf, setCpf] = useState('');
  const [email, setEmail] = useState('');
  /** The known buyer (masked), from the phone check, our own POST /public/buyers or a phone change. */
  const [buyer, setBuyer] = useState<PublicBuyer | null>(null);
  /** Shown instead of 'Encontramos seu cadastro' after the buyer moved their registration to this phone. */
  const [phoneMovedNote, setPhoneMovedNote] = useState<string | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  // Read when a purchase answers: the Back button may have closed the modal meanwhile.
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);

  const phoneValidation = useDebouncedValidation(buyerPhoneSchema, { phone });
  const buyerValidation = useDebouncedValidation(buyerSchema, { name, phone, cpf, email });

  const totalCents = quantity * reaisToCents(campaign.ticket_price);

  const run = async (work: () => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const checkPhone = (event: FormEvent) => {
    event.preventDefault();
    setPhoneError(null);
    const result = phoneValidation.validateAll();
    if (!result.success) return;
    void run(async () => {
      try {
        // null: a new buyer (a normal answer, not an error).
        setBuyer(await publicApi.checkBuyer(result.output.phone));
      } catch (error) {
        const failure = readApiError(error);
        setPhoneError(
          failure.status === 429
            ? (failure.message ?? BUYER_MESSAGES.tooManyRequests)
            : BUYER_MESSAGES.phoneCheckFailed,
        );
        return;
      }
      setPhoneMovedNote(null);
      setFormError(null);
      setServerErrors({});
      setStep('buyer');
    });
  };

  const createPurchase = async (phoneDigits: string) => {
    const body: PurchaseRequest = {
      buyer_phone: phoneDigits,
      campaign_link: campaign.link,
      total_tickets: quantity,
      payment_method_id: PIX_PAYMENT_METHOD_ID,
    };
    const fingerprint = JSON.stringify(body);
    if (!attempt.current || attempt.current.body !== fingerprint) {
      attempt.current = { key: newIdempotencyKey(), body: fingerprint };
    }
    try {
      const created = await publicApi.createPurchase(body, attempt.current.key);
      // In place of the modal's own history entry: Back from the checkout is the campaign page.
      navigate(paths.checkout.getHref(created.purchase_hash), { replace: openRef.current });
    } catch (error) {
      const failure = readApiError(error);
      if (failure.kind === 'http' && failure.status !== undefined && failure.status < 500) {
        // The server answered and refused: nothing was created, the next click is a new request.
        attempt.current = null;
        const fieldMessages = Object.values(failure.errors ? firstErrors(failure.errors) : {});
        setFormError(failure.message ?? fieldMessages[0] ?? BUYER_MESSAGES.purchaseFailed);
        return;
      }
      // No answer, or a server failure: the purchase may exist. A retry reuses the key and gets it back.
      setFormError(BUYER_MESSAGES.checkoutFailed);
    }
  };

  const registerBuyer = async (): Promise<boolean> => {
    const result = buyerValidation.validateAll();
    if (!result.success) return false;
    try {
      setBuyer(await publicApi.createBuyer(result.output));
      return true;
    } catch (error) {
      const failure = readApiError(error);
      if (isPhoneTaken(failure)) {
        // Registered meanwhile (another tab, a double submit): the phone is a buyer already, continue as one.
        try {
          const existing = await publicApi.checkBuyer(result.output.phone);
          if (!existing) throw new Error('buyer not found right after a 409');
          setBuyer(existing);
          return true;
        } catch {
          setFormError(BUYER_MESSAGES.phoneCheckFailed);
          return false;
        }
      }
      if (failure.status === 409 && !failure.errors) {
        setServerErrors({ cpf: failure.message ?? BUYER_MESSAGES.cpfTaken });
        return false;
      }
      if ((failure.status === 422 || failure.status === 409) && failure.errors) {
        const errors = firstErrors(failure.errors);
        const onFields: Record<string, string> = {};
        for (const field of BUYER_FIELDS) if (errors[field]) onFields[field] = errors[field];
        setServerErrors(onFields);
        const elsewhere = Object.entries(errors).find(
          ([field]) => !(BUYER_FIELDS as readonly string[]).includes(field),
        );
        if (elsewhere) setFormError(elsewhere[1]);
        else if (Object.keys(onFields).length === 0) setFormError(failure.message ?? BUYER_MESSAGES.purchaseFailed);
        return false;
      }
      if (failure.status === 429) setFormError(failure.message ?? BUYER_MESSAGES.tooManyRequests);
      else if (failure.kind === 'http' && failure.status !== undefined && failure.status < 500 && failure.message) {
        setFormError(failure.message);
      } else setFormError(BUYER_MESSAGES.checkoutFailed);
      return false;
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    void run(async () => {
      if (!buyer) {
        setServerErrors({});
        if (!(await registerBuyer())) return;
      }
      await createPurchase(onlyDigits(phone));
    });
  };

  const back = () => {
    if (step === 'change-phone') {
      setStep('buyer');
      return;
    }
    setStep('phone');
    setFormError(null);
    setServerErrors({});
    setBuyer(null);
    setPhoneMovedNote(null);
    buyerValidation.reset();
  };

  const phoneMoved = (moved: PublicBuyer, message: string) => {
    setBuyer(moved);
    setPhoneMovedNote(message);
    setServerErrors({});
    setFormError(null);
    setStep('buyer');
  };

  const cpfTaken = serverErrors.cpf === BUYER_MESSAGES.cpfTaken;

  const fieldError = (field: (typeof BUYER_FIELDS)[number]) => serverErrors[field] ?? buyerValidation.errors[field];
  const editField = (field: (typeof BUYER_FIELDS)[number], setter: (value: string) => void, value: string) => {
    setter(value);
    buyerValidation.touch(field);
    if (serverErrors[field]) setServerErrors(({ [field]: _removed, ...rest }) => rest);
  };

  const title = TITLES[step];

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      fullScreen={mobile}
      maxWidth="xs"
      aria-labelledby="reservation-title"
    >
      <DialogTitle id="reservation-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 6 }}>
        {step !== 'phone' ? (
          <IconButton aria-label={RESERVATION_TEXTS.back} onClick={back} disabled={busy} edge="start" size="small">
            <ArrowBackIcon />
          </IconButton>
        ) : null}
        {title}
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
        <ChangePhoneStep initialCpf={cpf} phone={phone} busy={busy} run={run} onChanged={phoneMoved} />
      ) : (
        <Box component="form" noValidate onSubmit={step === 'phone' ? checkPhone : submit}>
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

              {formError ? (
                <Alert severity="error" role="alert">
                  {formError}
                </Alert>
              ) : null}

              {step === 'phone' ? (
                <>
                  <TextField
                    label={RESERVATION_TEXTS.phone}
                    value={phone}
                    onChange={(event) => {
                      setPhone(maskPhone(event.target.value));
                      setPhoneError(null);
                      phoneValidation.touch('phone');
                    }}
                    error={Boolean(phoneError ?? phoneValidation.errors.phone)}
                    helperText={phoneError ?? phoneValidation.errors.phone ?? RESERVATION_TEXTS.phoneHelp}
                    placeholder="(00) 00000-0000"
                    autoComplete="tel-national"
                    autoFocus
                    fullWidth
                    slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 15 } }}
                  />
                  <Typography variant="body2" color="text.secondary">
                    {RESERVATION_TEXTS.drawnByServer}
                  </Typography>
                </>
              ) : (
                <>
                  {buyer ? (
                    // A refusal above (e.g. the unpaid-numbers limit) is the news: no green "all set" beside it.
                    formError ? null : (
                      <Alert severity="success" role="status">
                        {phoneMovedNote ?? RESERVATION_TEXTS.knownBuyer}
                      </Alert>
                    )
                  ) : (
                    <Alert severity="info" role="status">
                      {BUYER_MESSAGES.buyerNotFound}
                    </Alert>
                  )}
                  <TextField
                    label={RESERVATION_TEXTS.phone}
                    value={buyer ? buyer.phone : maskPhone(phone)}
                    fullWidth
                    slotProps={{ htmlInput: { readOnly: true } }}
                  />
                  {buyer ? (
                    <>
                      <TextField
                        label={RESERVATION_TEXTS.name}
                        value={buyer.name}
                        fullWidth
                        slotProps={{ htmlInput: { readOnly: true } }}
                      />
                      <TextField
                        label={RESERVATION_TEXTS.cpf}
                        value={buyer.cpf}
                        fullWidth
                        slotProps={{ htmlInput: { readOnly: true } }}
                      />
                      <TextField
                        label={RESERVATION_TEXTS.email}
                        value={buyer.email ?? ''}
                        placeholder="Não informado"
                        fullWidth
                        slotProps={{ htmlInput: { readOnly: true } }}
                      />
                    </>
                  ) : (
                    <>
                      <TextField
                        label={RESERVATION_TEXTS.name}
                        value={name}
                        onChange={(event) => editField('name', setName, event.target.value)}
                        error={Boolean(fieldError('name'))}
                        helperText={fieldError('name')}
                        autoComplete="name"
                        autoFocus
                        fullWidth
                        slotProps={{ htmlInput: { maxLength: 120 } }}
                      />
                      <TextField
                        label={RESERVATION_TEXTS.cpf}
                        value={cpf}
                        onChange={(event) => editField('cpf', setCpf, maskCpf(event.target.value))}
                        error={Boolean(fieldError('cpf'))}
                        helperText={fieldError('cpf')}
                        placeholder="000.000.000-00"
                        fullWidth
                        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 14 } }}
                      />
                      {cpfTaken ? (
                        <Alert severity="warning" role="status" aria-label={BUYER_MESSAGES.useRegisteredPhone}>
                          <Typography variant="body2" sx={{ fontWeight: 700 }}>
                            {BUYER_MESSAGES.useRegisteredPhone}
                          </Typography>
                          <Typography variant="body2">{RESERVATION_TEXTS.phoneMoved(maskPhone(phone))}</Typography>
                          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
                            <Button size="small" variant="contained" onClick={() => setStep('change-phone')}>
                              {RESERVATION_TEXTS.changePhone}
                            </Button>
                            <Button size="small" onClick={back}>
                              {RESERVATION_TEXTS.useRegisteredPhone}
                            </Button>
                          </Stack>
                        </Alert>
                      ) : null}
                      <TextField
                        label={RESERVATION_TEXTS.email}
                        type="email"
                        value={email}
                        onChange={(event) => editField('email', setEmail, event.target.value)}
                        error={Boolean(fieldError('email'))}
                        helperText={fieldError('email')}
                        autoComplete="email"
                        fullWidth
                      />
                    </>
                  )}
                  <Typography variant="body2" color="text.secondary">
                    {RESERVATION_TEXTS.drawnByServer} {RESERVATION_TEXTS.paymentWindow}
                  </Typography>
                </>
              )}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            {step === 'phone' ? (
              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                disabled={busy || phoneValidation.hasErrors}
              >
                {busy ? (
                  <CircularProgress size={22} color="inherit" aria-label="Verificando telefone" />
                ) : (
                  RESERVATION_TEXTS.continue
                )}
              </Button>
            ) : (
              <Button
                type="submit"
                variant="contained"
                color="success"
                size="large"
                fullWidth
                disabled={busy || (!buyer && (buyerValidation.hasErrors || Object.keys(serverErrors).length > 0))}
              >
                {busy ? (
                  <CircularProgress size={22} color="inherit" aria-label="Criando reserva" />
                ) : (
                  RESERVATION_TEXTS.submit
                )}
              </Button>
            )}
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}

/** POST /public/buyers refused because the phone is already a buyer (409, or 422 with the buyerExists message). */
function isPhoneTaken(failure: ApiError): boolean {
  if (failure.status === 409) return failure.message !== BUYER_MESSAGES.cpfTaken && !failure.errors?.cpf;
  if (failure.status !== 422) return false;
  const messages = [failure.message, ...(failure.errors?.phone ?? [])];
  return messages.includes(BUYER_MESSAGES.buyerExists);
}
