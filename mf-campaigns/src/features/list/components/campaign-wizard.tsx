/**
 * New-campaign wizard (spec "New-campaign wizard", sections 5 and 8): a modal of 4 steps — Campanha, Prêmios,
 * Regras, Carteira — that opens at step 1 every time. Each step is checked with its shared schema (errors
 * re-checked 300 ms after typing, for fields already edited: nothing is red before the person types in it, or
 * until a submit checks everything); 'Próximo' is enabled only when the step validates.
 * Submit: POST /api/campaigns with the spec's payload, then the banner (if one was chosen) via upload-banner.
 * The browser's or phone's Back goes one step back; on the first step it closes the wizard, after asking when
 * something was typed (Escape, the backdrop and 'Cancelar' ask too). Reloading or closing the tab asks the browser.
 */
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Step,
  StepButton,
  Stepper,
  Typography,
} from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { readApiError } from '@rifaria/shared/api-client';
import { TOAST_DURATION } from '@rifaria/shared/constants';
import { paths } from '@rifaria/shared/paths';
import {
  AUTH_MESSAGES,
  CAMPAIGN_MESSAGES,
  campaignStepFourSchema,
  campaignStepOneSchema,
  campaignStepThreeSchema,
  campaignStepTwoSchema,
  validate,
} from '@rifaria/shared/schemas';
import type { Campaign } from '@rifaria/shared/types';
import { toast, useBackToClose, useDebouncedValidation } from '@rifaria/shared/ui';
import { createCampaign } from '../api/create-campaign';
import { uploadBanner } from '../../common/api/upload-banner';
import { StepCampaign } from './step-campaign';
import { StepPrizes } from './step-prizes';
import { StepRules } from './step-rules';
import { StepWallet } from './step-wallet';
import {
  formFieldOf,
  hasTypedData,
  initialValues,
  STEP_TITLES,
  stepOfField,
  toCreatePayload,
  type WizardValues,
} from '../hooks/wizard-values';
import { useWizardOptions } from '../hooks/use-wizard-options';

export interface CampaignWizardProps {
  open: boolean;
  onClose: () => void;
  /** The draft as created (the list shows the success toast and reloads). */
  onCreated: (campaign: Campaign) => void;
}

export const WIZARD_TEXTS = {
  missing: (messages: string[]) => `Para continuar: ${messages.join(' · ')}.`.replace('..', '.'),
} as const;

export const DISCARD_TEXTS = {
  title: 'Descartar nova campanha?',
  body: 'O que você preencheu será perdido.',
  keep: 'Continuar editando',
  discard: 'Descartar',
} as const;

export function CampaignWizard({ open, onClose, onCreated }: CampaignWizardProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState<WizardValues>(initialValues);
  const [step, setStep] = useState(0);
  const [reached, setReached] = useState(0);
  const { drawTypes, drawTypesError, wallets, walletsError } = useWizardOptions(open);
  /** First message per field from a 422, shown until that field is edited. */
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  /** Steps checked as a whole (a submit): their prize rows show errors even where nothing was typed yet. */
  const [checkedSteps, setCheckedSteps] = useState<ReadonlySet<number>>(() => new Set());
  /** Prize inputs edited, by row key ('12.description'): a row just added stays quiet until typed in. */
  const [editedAwards, setEditedAwards] = useState<ReadonlySet<string>>(() => new Set());
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);

  const stepValues = useMemo(
    () => [
      {
        name: values.name,
        total_tickets: values.total_tickets,
        ticket_price: values.ticket_price,
        draw_type_id: values.draw_type_id,
        has_draw_date: values.has_draw_date,
        draw_date: values.draw_date,
        draw_time: values.draw_time,
      },
      { awards: values.awards.map(({ description, value }) => ({ description, value })) },
      { rules: values.rules },
      { user_wallet_id: values.user_wallet_id },
    ],
    [values],
  );
  // One hook per step (hooks cannot be called in a loop over a varying list).
  const checks = [
    useDebouncedValidation(campaignStepOneSchema, stepValues[0]!),
    useDebouncedValidation(campaignStepTwoSchema, stepValues[1]!),
    useDebouncedValidation(campaignStepThreeSchema, stepValues[2]!),
    useDebouncedValidation(campaignStepFourSchema, stepValues[3]!),
  ] as const;
  const schemas = [campaignStepOneSchema, campaignStepTwoSchema, campaignStepThreeSchema, campaignStepFourSchema];
  const stepCheck = validate(schemas[step]!, stepValues[step]);
  const stepValid = stepCheck.success;
  /**
   * Why 'Próximo' (or 'Criar Campanha') is disabled, said beside it (issue 30, item 8: it was disabled with no
   * reason): the step's messages, once each, in neutral words until a field is touched.
   */
  const missing = [...new Set(Object.values(stepCheck.errors).map((messages) => messages[0]))].filter(
    (message): message is string => Boolean(message),
  );
  const errors = { ...visibleErrors(step, checks[step]!.errors), ...serverErrors };

  /** Step 2 touches every row's fields (indexes move when rows go); a row's message shows once that row was edited. */
  function visibleErrors(index: number, stepErrors: Record<string, string>): Record<string, string> {
    if (index !== 1 || checkedSteps.has(1)) return stepErrors;
    const visible: Record<string, string> = {};
    for (const [field, message] of Object.entries(stepErrors)) {
      const [root, row, input] = field.split('.');
      const key = root === 'awards' && row !== undefined ? values.awards[Number(row)]?.key : undefined;
      if (key === undefined || editedAwards.has(`${key}.${input}`)) visible[field] = message;
    }
    return visible;
  }

  // Every opening starts over at step 1 (useWizardOptions loads the draw types and wallets again).
  useEffect(() => {
    if (!open) return;
    setValues(initialValues());
    setStep(0);
    setReached(0);
    setServerErrors({});
    setAlert(null);
    setCheckedSteps(new Set());
    setEditedAwards(new Set());
    setConfirmingDiscard(false);
    checks.forEach((check) => check.reset());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the modal opens
  }, [open]);

  // The only active wallet is the wallet (issue 30: step 4 did not preselect it).
  useEffect(() => {
    const only = wallets?.length === 1 ? wallets[0] : undefined;
    if (only)
      setValues((current) => (current.user_wallet_id ? current : { ...current, user_wallet_id: String(only.id) }));
  }, [wallets]);

  const change = <K extends keyof WizardValues>(field: K, value: WizardValues[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    const stepIndex = stepOfField(field);
    if (field === 'awards') {
      // Every row's fields are touched (a removed row's message simply disappears); visibleErrors shows a row's
      // message only once that row was typed in.
      const rows = value as WizardValues['awards'];
      const edited = new Set(editedAwards);
      rows.forEach((row, index) => {
        checks[1].touch(`awards.${index}.description`);
        checks[1].touch(`awards.${index}.value`);
        const before = values.awards.find((previous) => previous.key === row.key);
        if (before && before.description !== row.description) edited.add(`${row.key}.description`);
        if (before && before.value !== row.value) edited.add(`${row.key}.value`);
      });
      checks[1].touch('awards');
      setEditedAwards(edited);
    } else if (field === 'has_draw_date') {
      // Ticking the box shows the two empty inputs (and keeps 'Próximo' disabled) without calling them wrong
      // before anything was typed in them; unticking drops a server message about the date.
      if (!value) setServerErrors(({ draw_date: _d, draw_time: _t, ...rest }) => rest);
    } else if (field !== 'banner') {
      checks[stepIndex]!.touch(field);
    }
    setServerErrors((previous) => {
      const next = { ...previous };
      for (const key of Object.keys(next)) if (key === field || key.startsWith(`${String(field)}.`)) delete next[key];
      return next;
    });
  };

  const goTo = (index: number) => {
    setStep(index);
    setReached((previous) => Math.max(previous, index));
  };

  /** Checks a whole step now and shows every message of it. */
  const checkStep = (index: number) => {
    setCheckedSteps((previous) => new Set(previous).add(index));
    return checks[index]!.validateAll().success;
  };

  const next = () => {
    if (!checkStep(step)) return;
    goTo(step + 1);
  };

  const dirty = open && hasTypedData(values);

  /** Escape, the backdrop, 'Cancelar' and Back on the first step: ask before dropping what was typed. */
  const requestClose = () => {
    if (submitting) return;
    if (dirty) setConfirmingDiscard(true);
    else onClose();
  };

  useBackToClose(open, () => {
    if (submitting) return false;
    if (confirmingDiscard) {
      // Back while asking: the question is answered "keep editing".
      setConfirmingDiscard(false);
      return false;
    }
    if (step > 0) {
      setStep(step - 1);
      return false;
    }
    if (dirty) {
      setConfirmingDiscard(true);
      return false;
    }
    onClose();
    return undefined;
  });

  // Reloading or closing the tab with something typed: the browser asks (its own words; they cannot be changed).
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const submit = async () => {
    // The last step is checked here; earlier ones were checked to get past them, but a jump back may have changed
    // them since — check all and go to the first failing one.
    for (let index = 0; index < schemas.length; index++) {
      if (!checkStep(index)) {
        setStep(index);
        return;
      }
    }
    setSubmitting(true);
    setAlert(null);
    try {
      const reply = await createCampaign(toCreatePayload(values));
      let campaign = reply.data;
      if (values.banner) {
        try {
          campaign = await uploadBanner(campaign.id, values.banner);
        } catch (error) {
          // The campaign exists already: say what failed and let the list show the draft.
          toast.warning(
            'Banner não enviado',
            `${readApiError(error).message ?? 'Não foi possível enviar o banner.'} Você pode enviá-lo depois na edição.`,
            { duration: TOAST_DURATION.list },
          );
        }
      }
      onCreated(campaign);
    } catch (error) {
      const failure = readApiError(error);
      if (failure.status === 422 && failure.errors) {
        const mapped: Record<string, string> = {};
        for (const [field, messages] of Object.entries(failure.errors)) {
          if (messages[0]) mapped[formFieldOf(field)] = messages[0];
        }
        setServerErrors(mapped);
        setAlert(CAMPAIGN_MESSAGES.fixFields);
        const first = Object.keys(failure.errors)[0];
        if (first !== undefined) setStep(stepOfField(first));
      } else if (failure.status === 401) {
        setAlert(AUTH_MESSAGES.sessionExpired);
      } else {
        setAlert(
          CAMPAIGN_MESSAGES.createFailedPrefix + (failure.message ?? 'verifique sua conexão e tente novamente.'),
        );
      }
    } finally {
      setSubmitting(false);
    }
  };

  const stepProps = { values, errors, change };
  const last = step === STEP_TITLES.length - 1;
  const noWallets = wallets !== null && wallets.length === 0;

  return (
    <Dialog open={open} onClose={requestClose} fullWidth maxWidth="md" aria-labelledby="wizard-title">
      <DialogTitle id="wizard-title">Nova Campanha</DialogTitle>
      <DialogContent>
        <Stepper nonLinear activeStep={step} alternativeLabel sx={{ mb: 3, pt: 1 }}>
          {STEP_TITLES.map((title, index) => (
            <Step key={title} completed={index < reached && index !== step}>
              <StepButton onClick={() => setStep(index)} disabled={index > reached || submitting}>
                {title}
              </StepButton>
            </Step>
          ))}
        </Stepper>
        {alert && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {alert}
          </Alert>
        )}
        {step === 0 && <StepCampaign {...stepProps} drawTypes={drawTypes} drawTypesError={drawTypesError} />}
        {step === 1 && <StepPrizes {...stepProps} />}
        {step === 2 && <StepRules {...stepProps} />}
        {step === 3 && (
          <StepWallet
            {...stepProps}
            wallets={wallets}
            walletsError={walletsError}
            onAddWallet={() => {
              onClose();
              // In place of the wizard's own Back entry: Back from /carteira/adicionar comes straight to the list.
              navigate(paths.walletAdd.getHref(), { replace: true });
            }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {!stepValid && !submitting && missing.length > 0 && (
          <Typography
            id="wizard-missing"
            variant="body2"
            color="text.secondary"
            sx={{ flexBasis: '100%', textAlign: 'right', px: 1 }}
          >
            {WIZARD_TEXTS.missing(missing)}
          </Typography>
        )}
        <Button onClick={requestClose} disabled={submitting}>
          Cancelar
        </Button>
        <Button onClick={() => setStep(step - 1)} disabled={step === 0 || submitting}>
          Voltar
        </Button>
        {last ? (
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={submitting || !stepValid || noWallets}
            aria-describedby={stepValid ? undefined : 'wizard-missing'}
          >
            {submitting ? 'Criando...' : 'Criar Campanha'}
          </Button>
        ) : (
          <Button
            variant="contained"
            onClick={next}
            disabled={!stepValid}
            aria-describedby={stepValid ? undefined : 'wizard-missing'}
          >
            Próximo
          </Button>
        )}
      </DialogActions>
      <Dialog
        open={confirmingDiscard}
        onClose={() => setConfirmingDiscard(false)}
        maxWidth="xs"
        aria-labelledby="wizard-discard-title"
        aria-describedby="wizard-discard-text"
      >
        <DialogTitle id="wizard-discard-title">{DISCARD_TEXTS.title}</DialogTitle>
        <DialogContent>
          <DialogContentText id="wizard-discard-text">{DISCARD_TEXTS.body}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmingDiscard(false)} autoFocus>
            {DISCARD_TEXTS.keep}
          </Button>
          <Button
            color="error"
            onClick={() => {
              setConfirmingDiscard(false);
              onClose();
            }}
          >
            {DISCARD_TEXTS.discard}
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
