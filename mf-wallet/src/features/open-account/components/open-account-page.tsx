import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  InputAdornment,
  LinearProgress,
  Link,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { readApiError } from '@rifaria/shared/api-client';
import { ACCOUNT_SUCCESS_REDIRECT_MS, DOCUMENT_MAX_BYTES, DOCUMENT_MIME_TYPES } from '@rifaria/shared/constants';
import { maskCep, maskCpf, maskDate, maskPhone, onlyDigits } from '@rifaria/shared/format';
import {
  ACCOUNT_OPENING_MESSAGES,
  ADDRESS_MESSAGES,
  BRAZILIAN_STATES,
  accountAddressSchema,
  accountDocumentSchema,
  accountPersonalSchema,
  firstErrors,
  validate,
} from '@rifaria/shared/schemas';
import { ArrowBackIcon, CheckIcon } from '@rifaria/shared/ui';
import { pickWallet, walletApi, type DocumentType, type StateOption, type UserWallet } from '../api/wallets';
import { ExistingAccount } from '../components/existing-account';
import { clearTabDraft, readTabDraft, writeTabDraft } from '../hooks/tab-draft';
import { useWizardHistory } from '../hooks/use-wizard-history';
import { UploadIcon } from '../icons';
import { paths } from '@rifaria/shared/paths';

export const WIZARD_STEPS = ['Dados Pessoais', 'Endereço', 'Documento', 'Finalização'] as const;

export const WIZARD_TEXTS = {
  title: 'Abrir conta digital',
  back: 'Voltar para Carteiras',
  next: 'Próximo',
  previous: 'Anterior',
  finish: 'Finalizar Abertura',
  sending: 'Enviando...',
  successBody: 'Recebemos sua solicitação. Sua conta está em análise e você será levado às suas carteiras.',
  fileHint: 'Imagens (JPG, PNG ou WEBP) ou PDF, até 10MB',
  chooseFile: 'Escolher arquivo',
  details: 'Detalhes:',
  reason: 'Motivo:',
  tryLater: 'Tente novamente em alguns minutos.',
  loading: 'Carregando',
  loadError: 'Erro ao carregar carteiras. Tente novamente.',
  retry: 'Tentar novamente',
  previousRejected: 'Sua solicitação anterior não foi aprovada. Confira seus dados e envie uma nova.',
  restored: 'Recuperamos o que você já tinha preenchido nesta aba.',
  restoredFile: 'Escolha o arquivo do documento novamente.',
  startOver: 'Começar de novo',
  cpfFromProfile: 'O CPF da conta é o do seu perfil (Meus Dados).',
  leaveTitle: 'Sair da abertura de conta?',
  leaveBody:
    'O que você preencheu fica guardado nesta aba: ao voltar, você continua de onde parou. O arquivo do documento precisará ser escolhido de novo.',
  stay: 'Continuar preenchendo',
  leave: 'Sair',
} as const;

/** The draft of this wizard in the tab's sessionStorage (cleared on success and on logout). */
export const ACCOUNT_DRAFT_NAME = 'account-opening';

interface Values {
  name: string;
  email: string;
  cpf: string;
  phone: string;
  birthdate: string;
  zipCode: string;
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
  complement: string;
  documentType: string;
}
type Field = keyof Values;

const EMPTY: Values = {
  name: '',
  email: '',
  cpf: '',
  phone: '',
  birthdate: '',
  zipCode: '',
  street: '',
  number: '',
  neighborhood: '',
  city: '',
  state: '',
  complement: '',
  documentType: '',
};

const FIELDS = Object.keys(EMPTY) as Field[];

const MASKS: Partial<Record<Field, (value: string) => string>> = {
  cpf: maskCpf,
  phone: maskPhone,
  birthdate: maskDate,
  zipCode: maskCep,
};

/** Client-side file check (the server checks again by magic bytes). */
export function documentFileError(file: File | null): string | null {
  if (!file) return ACCOUNT_OPENING_MESSAGES.documentFileRequired;
  if (!(DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type)) return ACCOUNT_OPENING_MESSAGES.documentFileType;
  if (file.size > DOCUMENT_MAX_BYTES) return ACCOUNT_OPENING_MESSAGES.documentFileSize;
  return null;
}

/** 'YYYY-MM-DD' → 'DD/MM/AAAA' for the prefilled birth date. */
function isoToBr(iso: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** Spec section 8: prefix, then the server's field errors ('Detalhes:'), or its message ('Motivo:'), or a retry hint. */
export function accountFailureText(error: unknown): string {
  const info = readApiError(error);
  const lines = Object.values(info.errors ?? {}).flat();
  if (lines.length > 0)
    return `${ACCOUNT_OPENING_MESSAGES.failurePrefix}\n\n${WIZARD_TEXTS.details}\n${lines.join('\n')}`;
  if (info.message) return `${ACCOUNT_OPENING_MESSAGES.failurePrefix}\n\n${WIZARD_TEXTS.reason} ${info.message}`;
  return `${ACCOUNT_OPENING_MESSAGES.failurePrefix}\n\n${WIZARD_TEXTS.tryLater}`;
}

function PageHeader() {
  return (
    <>
      <Link
        component={RouterLink}
        to={paths.wallets.getHref()}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        {WIZARD_TEXTS.back}
      </Link>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        {WIZARD_TEXTS.title}
      </Typography>
    </>
  );
}

type StartState =
  { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; wallet: UserWallet | null; previousRejected: boolean };

/**
 * /carteira/adicionar: the organiser's wallets decide first. An account already active or in review is said at
 * once (one open account per person and per CPF); otherwise the wizard opens.
 */
export function OpenAccountPage() {
  const [start, setStart] = useState<StartState>({ kind: 'loading' });
  const load = useCallback(() => {
    setStart({ kind: 'loading' });
    walletApi
      .list()
      .then((wallets) =>
        setStart({
          kind: 'ready',
          wallet: pickWallet(wallets),
          previousRejected: wallets.some((w) => w.status === 'rejected'),
        }),
      )
      .catch(() => setStart({ kind: 'error' }));
  }, []);
  useEffect(load, [load]);

  if (start.kind === 'ready' && !start.wallet) return <AccountWizard previousRejected={start.previousRejected} />;
  let body: ReactNode;
  if (start.kind === 'loading') {
    body = (
      <Box aria-busy="true" aria-label={WIZARD_TEXTS.loading}>
        <Skeleton variant="rounded" height={8} />
        <Skeleton variant="rounded" height={320} sx={{ mt: 3 }} />
      </Box>
    );
  } else if (start.kind === 'error') {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={load}>
            {WIZARD_TEXTS.retry}
          </Button>
        }
      >
        {WIZARD_TEXTS.loadError}
      </Alert>
    );
  } else {
    body = <ExistingAccount wallet={start.wallet!} />;
  }
  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <PageHeader />
      {body}
    </Stack>
  );
}

function AccountWizard({ previousRejected }: { previousRejected: boolean }) {
  const navigate = useNavigate();
  const wizard = useWizardHistory(WIZARD_STEPS.length, paths.wallets.getHref());
  const { step } = wizard;
  // What this tab kept of an earlier visit (Back, reload, a detour): restored as typed.
  const [restored] = useState(() => readTabDraft<Values>(ACCOUNT_DRAFT_NAME, FIELDS));
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, ...restored?.values }));
  const [file, setFile] = useState<File | null>(null);
  /** The person typed (or a draft was restored): Back on the first step asks before leaving, and a draft is kept. */
  const [dirty, setDirty] = useState(Boolean(restored));
  const [showRestored, setShowRestored] = useState(Boolean(restored));
  /** The profile's CPF, when it has one: the account must be opened with it (the server refuses another). */
  const [profileCpf, setProfileCpf] = useState<string | null>(null);
  const prefilled = useRef<Partial<Values>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [states, setStates] = useState<StateOption[]>([...BRAZILIAN_STATES]);
  const [documentTypes, setDocumentTypes] = useState<DocumentType[]>([]);
  const [cep, setCep] = useState<{ loading: boolean; error: string | null }>({ loading: false, error: null });
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const lastCep = useRef('');
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Prefill from the profile; a field the person already typed in is never overwritten.
  useEffect(() => {
    const fill = (patch: Partial<Values>) => {
      prefilled.current = { ...prefilled.current, ...patch };
      setValues((current) => {
        const next = { ...current };
        for (const [key, value] of Object.entries(patch) as [Field, string][])
          if (!next[key] && value) next[key] = value;
        return next;
      });
    };
    walletApi
      .me()
      .then((user) => {
        fill({
          name: user.name ?? '',
          email: user.email ?? '',
          cpf: maskCpf(user.cpf ?? ''),
          phone: maskPhone(user.phone ?? ''),
          birthdate: isoToBr(user.birthdate),
        });
        if (user.cpf) {
          // Not a suggestion: the account is opened with the profile's CPF, even over a draft.
          const cpf = maskCpf(user.cpf);
          setProfileCpf(cpf);
          setValues((current) => (current.cpf === cpf ? current : { ...current, cpf }));
        }
      })
      .catch(() => {});
    walletApi
      .address()
      .then((address) => {
        if (!address) return;
        lastCep.current = onlyDigits(address.zip_code);
        fill({
          zipCode: maskCep(address.zip_code),
          street: address.street,
          number: address.number,
          neighborhood: address.neighborhood,
          city: address.city,
          state: address.state?.abbreviation ?? '',
          complement: address.complement ?? '',
        });
      })
      .catch(() => {}); // the form stays empty: the address is typed (or found by CEP)
    walletApi
      .states()
      .then((list) => {
        if (list.length) setStates(list);
      })
      .catch(() => {}); // keep the built-in list of the 27 UFs
    walletApi
      .documentTypes()
      .then(setDocumentTypes)
      .catch(() => setAlert('Erro ao carregar tipos de documento. Tente novamente.'));
  }, []);

  useEffect(() => {
    if (!done) return undefined;
    const timer = setTimeout(() => navigate(paths.wallets.getHref()), ACCOUNT_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  // Every change is kept in this tab (never the file), from the first thing the person types.
  useEffect(() => {
    if (dirty && !done) writeTabDraft(ACCOUNT_DRAFT_NAME, { ...values }, file !== null || Boolean(restored?.hadFile));
  }, [values, file, dirty, done, restored]);

  // Back on the first step: with nothing typed the wizard simply goes; otherwise it asks (see the dialog below).
  const { atGuard, leave } = wizard;
  useEffect(() => {
    if (atGuard && !dirty) leave();
  }, [atGuard, dirty, leave]);

  const startOver = () => {
    clearTabDraft(ACCOUNT_DRAFT_NAME);
    setValues({ ...EMPTY, ...prefilled.current, ...(profileCpf ? { cpf: profileCpf } : {}) });
    setFile(null);
    setErrors({});
    setAlert(null);
    setDirty(false);
    setShowRestored(false);
    wizard.backTo(0);
  };

  const lookupCep = async (digits: string) => {
    lastCep.current = digits;
    setCep({ loading: true, error: null });
    try {
      const reply = await walletApi.cep(digits);
      if (!mounted.current || lastCep.current !== digits) return;
      const data = reply.data;
      setValues((current) => ({
        ...current,
        street: data.street || current.street,
        neighborhood: data.neighborhood || current.neighborhood,
        city: data.city || current.city,
        state: data.state || current.state,
        complement: current.complement || data.complement || '',
      }));
      setErrors((current) => {
        const next = { ...current };
        for (const key of ['zipCode', 'street', 'neighborhood', 'city', 'state']) delete next[key];
        return next;
      });
      setCep({ loading: false, error: null });
    } catch (error) {
      if (!mounted.current || lastCep.current !== digits) return;
      const info = readApiError(error);
      // 404 → 'CEP não encontrado ou inválido'; 503 → the server's 'preencha manualmente'. The fields stay editable.
      setCep({
        loading: false,
        error: info.status === 404 || !info.message ? ADDRESS_MESSAGES.cepNotFound : info.message,
      });
    }
  };

  const change = (field: Field, raw: string) => {
    const value = MASKS[field]?.(raw) ?? raw;
    setDirty(true);
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) {
      setErrors((current) => {
        const next = { ...current };
        delete next[field];
        return next;
      });
    }
    if (field === 'zipCode') {
      const digits = onlyDigits(value);
      if (digits.length === 8 && digits !== lastCep.current) void lookupCep(digits);
      if (digits.length < 8) {
        lastCep.current = '';
        setCep({ loading: false, error: null });
      }
    }
  };

  const chooseFile = (chosen: File | null) => {
    setDirty(true);
    setFile(chosen);
    const problem = chosen ? documentFileError(chosen) : null;
    setErrors((current) => {
      const next = { ...current };
      if (problem) next.documentFile = problem;
      else delete next.documentFile;
      return next;
    });
  };

  const stepErrors = (index: number): Record<string, string> => {
    if (index === 0) return firstErrors(validate(accountPersonalSchema, values).errors);
    if (index === 1) return firstErrors(validate(accountAddressSchema, values).errors);
    if (index === 2) {
      const found = firstErrors(validate(accountDocumentSchema, values).errors);
      const fileProblem = documentFileError(file);
      return fileProblem ? { ...found, documentFile: fileProblem } : found;
    }
    return {};
  };

  const next = () => {
    const found = stepErrors(step);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setAlert(null);
    wizard.next();
  };

  const previous = () => {
    setErrors({});
    setAlert(null);
    wizard.previous();
  };

  const finish = async () => {
    setAlert(null);
    const all = [0, 1, 2].map(stepErrors);
    const firstBad = all.findIndex((found) => Object.keys(found).length > 0);
    if (firstBad >= 0) {
      setErrors(Object.assign({}, ...all) as Record<string, string>);
      setAlert(ACCOUNT_OPENING_MESSAGES.fixErrors);
      wizard.backTo(firstBad);
      return;
    }
    const personal = validate(accountPersonalSchema, values);
    const address = validate(accountAddressSchema, values);
    const document = validate(accountDocumentSchema, values);
    if (!personal.success || !address.success || !document.success || !file) return;

    const form = new FormData();
    form.append('name', personal.output.name);
    form.append('email', personal.output.email);
    form.append('cpf', personal.output.cpf);
    form.append('phone', personal.output.phone);
    form.append('birthdate', personal.output.birthdate ?? '');
    form.append('street', address.output.street);
    form.append('number', address.output.number);
    form.append('neighborhood', address.output.neighborhood);
    form.append('city', address.output.city);
    form.append('state', address.output.state);
    form.append('zipCode', address.output.zipCode);
    form.append('complement', address.output.complement ?? '');
    form.append('documentType', String(document.output.documentType));
    form.append('documentFile', file, file.name);

    setSubmitting(true);
    try {
      await walletApi.openAccount(form);
      clearTabDraft(ACCOUNT_DRAFT_NAME);
      setDone(true);
    } catch (error) {
      setAlert(accountFailureText(error));
      // The refused fields are marked too (e.g. a CPF that already holds an account), on whichever step they are.
      const refused: Record<string, string> = {};
      for (const [name, messages] of Object.entries(readApiError(error).errors ?? {})) {
        if (messages[0] && (FIELDS as string[]).includes(name)) refused[name] = messages[0];
      }
      setErrors(refused);
      // Spec: back to step 1, keeping everything typed so the person only fixes what the server refused.
      wizard.backTo(0);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: Field, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={(event) => change(name, event.target.value)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? extra.helperText}
      fullWidth
      {...extra}
    />
  );

  const stateName = states.find((s) => s.abbreviation === values.state)?.name;
  const documentName = documentTypes.find((d) => String(d.id) === values.documentType)?.name;

  let body: ReactNode;
  if (step === 0) {
    body = (
      <Grid container spacing={2}>
        <Grid size={{ xs: 12 }}>{field('name', 'Nome completo', { autoComplete: 'name' })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>{field('email', 'E-mail', { type: 'email', autoComplete: 'email' })}</Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('cpf', 'CPF', {
            placeholder: '000.000.000-00',
            helperText: errors.cpf ?? (profileCpf ? WIZARD_TEXTS.cpfFromProfile : undefined),
            slotProps: { htmlInput: { inputMode: 'numeric', readOnly: Boolean(profileCpf) } },
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('birthdate', 'Data de nascimento', {
            placeholder: 'DD/MM/AAAA',
            slotProps: { htmlInput: { inputMode: 'numeric' } },
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {field('phone', 'Telefone', {
            placeholder: '(00) 00000-0000',
            autoComplete: 'tel',
            slotProps: { htmlInput: { inputMode: 'tel' } },
          })}
        </Grid>
      </Grid>
    );
  } else if (step === 1) {
    body = (
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 5 }}>
          {field('zipCode', 'CEP', {
            placeholder: '00000-000',
            autoComplete: 'postal-code',
            error: Boolean(errors.zipCode || cep.error),
            helperText: errors.zipCode ?? cep.error ?? 'O endereço é preenchido pelo CEP',
            slotProps: {
              htmlInput: { inputMode: 'numeric' },
              input: cep.loading
                ? {
                    endAdornment: (
                      <InputAdornment position="end">
                        <CircularProgress size={18} aria-label="Buscando CEP" />
                      </InputAdornment>
                    ),
                  }
                : {},
            },
          })}
        </Grid>
        <Grid size={{ xs: 12, sm: 7 }}>{field('street', 'Logradouro', { autoComplete: 'address-line1' })}</Grid>
        <Grid size={{ xs: 5, sm: 4 }}>{field('number', 'Número')}</Grid>
        <Grid size={{ xs: 7, sm: 8 }}>{field('complement', 'Complemento', { helperText: 'Opcional' })}</Grid>
        <Grid size={{ xs: 12, sm: 5 }}>{field('neighborhood', 'Bairro')}</Grid>
        <Grid size={{ xs: 8, sm: 4 }}>{field('city', 'Cidade', { autoComplete: 'address-level2' })}</Grid>
        <Grid size={{ xs: 4, sm: 3 }}>
          <TextField
            select
            label="Estado"
            value={values.state}
            onChange={(event) => change('state', event.target.value)}
            error={Boolean(errors.state)}
            helperText={errors.state}
            fullWidth
          >
            {states.map((s) => (
              <MenuItem key={s.abbreviation} value={s.abbreviation}>
                {s.abbreviation}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      </Grid>
    );
  } else if (step === 2) {
    body = (
      <Stack spacing={2}>
        <TextField
          select
          label="Tipo de documento"
          value={values.documentType}
          onChange={(event) => change('documentType', event.target.value)}
          error={Boolean(errors.documentType)}
          helperText={errors.documentType}
          fullWidth
        >
          {documentTypes.map((d) => (
            <MenuItem key={d.id} value={String(d.id)}>
              {d.name}
            </MenuItem>
          ))}
        </TextField>
        <Paper
          variant="outlined"
          sx={{
            p: 3,
            textAlign: 'center',
            borderStyle: 'dashed',
            borderColor: errors.documentFile ? 'error.main' : 'divider',
          }}
        >
          <UploadIcon color="action" sx={{ fontSize: 40 }} aria-hidden="true" />
          <Typography sx={{ mt: 1 }}>{file ? file.name : 'Envie uma foto ou PDF do documento'}</Typography>
          <Typography variant="body2" color="text.secondary">
            {WIZARD_TEXTS.fileHint}
          </Typography>
          <Button component="label" variant="outlined" sx={{ mt: 2 }}>
            {WIZARD_TEXTS.chooseFile}
            <input
              hidden
              type="file"
              aria-label="Arquivo do documento"
              accept={DOCUMENT_MIME_TYPES.join(',')}
              onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
            />
          </Button>
          {errors.documentFile ? (
            <Typography color="error" variant="body2" sx={{ mt: 1 }} role="alert">
              {errors.documentFile}
            </Typography>
          ) : null}
        </Paper>
      </Stack>
    );
  } else {
    const rows: [string, string][] = [
      ['Nome', values.name],
      ['E-mail', values.email],
      ['CPF', values.cpf],
      ['Telefone', values.phone],
      ['Data de nascimento', values.birthdate || '—'],
      [
        'Endereço',
        `${values.street}, ${values.number}${values.complement ? ` - ${values.complement}` : ''} - ${values.neighborhood}`,
      ],
      // The fields of the Endereço step, as it names them ('São Paulo/SP (São Paulo)' said the city twice).
      ['Cidade', values.city],
      ['Estado', stateName ? `${stateName} (${values.state})` : values.state],
      ['CEP', values.zipCode],
      ['Documento', `${documentName ?? '—'}${file ? ` · ${file.name}` : ''}`],
    ];
    body = (
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, rowGap: 1 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary" variant="body2" sx={{ pt: { sm: 0.25 } }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  }

  const documentReady = Boolean(values.documentType) && Boolean(file) && !errors.documentFile;
  // A click, also the one Enter in a field makes on the form's submit button: the form itself is never submitted.
  // Steps move the history, and react-router navigates in a transition, which React 19 would take for a form
  // action if it started inside a submit event.
  const advance = (event: MouseEvent) => {
    event.preventDefault();
    if (step < WIZARD_STEPS.length - 1) next();
    else void finish();
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 760 }}>
      <PageHeader />

      <Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Passo {step + 1} de {WIZARD_STEPS.length}: {WIZARD_STEPS[step]}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={((step + 1) / WIZARD_STEPS.length) * 100}
          aria-label="Progresso da abertura de conta"
          sx={{ height: 8, borderRadius: 4 }}
        />
        <Stepper activeStep={step} alternativeLabel sx={{ mt: 2, display: { xs: 'none', sm: 'flex' } }}>
          {WIZARD_STEPS.map((label) => (
            <Step key={label}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
      </Box>

      {alert ? (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {alert}
        </Alert>
      ) : null}
      {showRestored ? (
        <Alert
          severity="info"
          onClose={() => setShowRestored(false)}
          action={
            <Button color="inherit" size="small" onClick={startOver}>
              {WIZARD_TEXTS.startOver}
            </Button>
          }
        >
          {WIZARD_TEXTS.restored}
          {restored?.hadFile && !file ? ` ${WIZARD_TEXTS.restoredFile}` : ''}
        </Alert>
      ) : previousRejected ? (
        <Alert severity="info">{WIZARD_TEXTS.previousRejected}</Alert>
      ) : null}

      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 2, md: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2, fontWeight: 700 }}>
            {WIZARD_STEPS[step]}
          </Typography>
          <Box component="form" noValidate onSubmit={(event) => event.preventDefault()}>
            {body}
            <Stack direction="row" spacing={1.5} sx={{ mt: 3, justifyContent: 'space-between' }}>
              <Button onClick={previous} disabled={step === 0 || submitting}>
                {WIZARD_TEXTS.previous}
              </Button>
              {step < WIZARD_STEPS.length - 1 ? (
                <Button type="submit" variant="contained" disabled={step === 2 && !documentReady} onClick={advance}>
                  {WIZARD_TEXTS.next}
                </Button>
              ) : (
                <Button type="submit" variant="contained" color="success" disabled={submitting} onClick={advance}>
                  {submitting ? WIZARD_TEXTS.sending : WIZARD_TEXTS.finish}
                </Button>
              )}
            </Stack>
          </Box>
        </CardContent>
      </Card>

      <Dialog open={atGuard && dirty} onClose={wizard.stay} aria-labelledby="account-leave-title">
        <DialogTitle id="account-leave-title">{WIZARD_TEXTS.leaveTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{WIZARD_TEXTS.leaveBody}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={leave}>{WIZARD_TEXTS.leave}</Button>
          <Button onClick={wizard.stay} variant="contained" autoFocus>
            {WIZARD_TEXTS.stay}
          </Button>
        </DialogActions>
      </Dialog>

      {/* Full screen and opaque: nothing of the review shows through, and the shell's layout (header, paddings)
          cannot offset it, since the dialog is portalled to the body. Mounted only once done, so assistive tech
          never hears of a success that has not happened. */}
      <Dialog
        open={done}
        fullScreen
        aria-labelledby="account-success-title"
        slotProps={{
          paper: {
            sx: {
              background: 'linear-gradient(160deg, #064e3b 0%, #047857 60%, #059669 100%)',
              color: 'common.white',
              alignItems: 'center',
              justifyContent: 'center',
            },
          },
        }}
      >
        <Stack role="status" spacing={2} sx={{ alignItems: 'center', textAlign: 'center', px: 3 }}>
          <CheckIcon sx={{ fontSize: 64 }} aria-hidden="true" />
          <Typography id="account-success-title" variant="h4" component="p" sx={{ fontWeight: 700 }}>
            {ACCOUNT_OPENING_MESSAGES.success}
          </Typography>
          <Typography sx={{ maxWidth: 420 }}>{WIZARD_TEXTS.successBody}</Typography>
        </Stack>
      </Dialog>
    </Stack>
  );
}
