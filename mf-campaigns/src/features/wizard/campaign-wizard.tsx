/**
 * New-campaign wizard (spec "New-campaign wizard", sections 5 and 8): a modal of 4 steps — Campanha, Prêmios,
 * Regras, Carteira — that opens at step 1 every time. Each step is checked with its shared schema (errors
 * re-checked 300 ms after typing, for touched fields); 'Próximo' is enabled only when the step validates.
 * Submit: POST /api/campaigns with the spec's payload, then the banner (if one was chosen) via upload-banner.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Step,
  StepButton,
  Stepper,
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
import type { Campaign, DrawType } from '@rifaria/shared/types';
import { toast, useDebouncedValidation } from '@rifaria/shared/ui';
import { createCampaign } from '../../api/create-campaign';
import { getDrawTypes } from '../../api/get-draw-types';
import { getActiveWallets, type WalletOption } from '../../api/get-wallets';
import { uploadBanner } from '../../api/upload-banner';
import { StepCampaign } from './step-campaign';
import { StepPrizes } from './step-prizes';
import { StepRules } from './step-rules';
import { StepWallet } from './step-wallet';
import {
  formFieldOf,
  initialValues,
  STEP_TITLES,
  stepOfField,
  toCreatePayload,
  type WizardValues,
} from './wizard-values';

export interface CampaignWizardProps {
  open: boolean;
  onClose: () => void;
  /** The draft as created (the list shows the success toast and reloads). */
  onCreated: (campaign: Campaign) => void;
}

/** A load failure's message: 401 gets the session text (spec section 8), anything else the given one. */
function loadError(error: unknown, message: string): string {
  return readApiError(error).status === 401 ? AUTH_MESSAGES.sessionExpired : message;
}

export function CampaignWizard({ open, onClose, onCreated }: CampaignWizardProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState<WizardValues>(initialValues);
  const [step, setStep] = useState(0);
  const [reached, setReached] = useState(0);
  const [drawTypes, setDrawTypes] = useState<DrawType[]>([]);
  const [drawTypesError, setDrawTypesError] = useState<string | null>(null);
  const [wallets, setWallets] = useState<WalletOption[] | null>(null);
  const [walletsError, setWalletsError] = useState<string | null>(null);
  /** First message per field from a 422, shown until that field is edited. */
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

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
  const stepValid = validate(schemas[step]!, stepValues[step]).success;
  const errors = { ...checks[step]!.errors, ...serverErrors };

  const load = useCallback(() => {
    setDrawTypesError(null);
    setWalletsError(null);
    setWallets(null);
    getDrawTypes()
      .then(setDrawTypes)
      .catch((error: unknown) => setDrawTypesError(loadError(error, CAMPAIGN_MESSAGES.drawTypesLoadFailed)));
    getActiveWallets()
      .then(setWallets)
      .catch((error: unknown) => setWalletsError(loadError(error, CAMPAIGN_MESSAGES.walletsLoadFailed)));
  }, []);

  // Every opening starts over at step 1 with fresh draw types and wallets.
  useEffect(() => {
    if (!open) return;
    setValues(initialValues());
    setStep(0);
    setReached(0);
    setServerErrors({});
    setAlert(null);
    checks.forEach((check) => check.reset());
    load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the modal opens
  }, [open]);

  const change = <K extends keyof WizardValues>(field: K, value: WizardValues[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    const stepIndex = stepOfField(field);
    if (field === 'awards') {
      // Touch each row's fields so their messages appear; a removed row's message simply disappears.
      (value as WizardValues['awards']).forEach((_, index) => {
        checks[1].touch(`awards.${index}.description`);
        checks[1].touch(`awards.${index}.value`);
      });
      checks[1].touch('awards');
    } else if (field === 'has_draw_date') {
      // Ticking the box makes date and time required: say so (after the usual 300 ms) rather than leave
      // 'Próximo' disabled without a reason.
      if (value) {
        checks[0].touch('draw_date');
        checks[0].touch('draw_time');
      } else setServerErrors(({ draw_date: _d, draw_time: _t, ...rest }) => rest);
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

  const next = () => {
    if (!checks[step]!.validateAll().success) return;
    goTo(step + 1);
  };

  const submit = async () => {
    // The last step is checked here; earlier ones were checked to get past them, but a jump back may have changed
    // them since — check all and go to the first failing one.
    for (let index = 0; index < schemas.length; index++) {
      if (!checks[index]!.validateAll().success) {
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

  const last = step === STEP_TITLES.length - 1;
  const noWallets = wallets !== null && wallets.length === 0;

  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="wizard-title"
    >
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
        {step === 0 && (
          <StepCampaign
            values={values}
            errors={errors}
            change={change}
            drawTypes={drawTypes}
            drawTypesError={drawTypesError}
          />
        )}
        {step === 1 && <StepPrizes values={values} errors={errors} change={change} />}
        {step === 2 && <StepRules values={values} errors={errors} change={change} />}
        {step === 3 && (
          <StepWallet
            values={values}
            errors={errors}
            change={change}
            wallets={wallets}
            walletsError={walletsError}
            onAddWallet={() => {
              onClose();
              navigate(paths.walletAdd.getHref());
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submitting}>
          Cancelar
        </Button>
        <Button onClick={() => setStep(step - 1)} disabled={step === 0 || submitting}>
          Voltar
        </Button>
        {last ? (
          <Button variant="contained" onClick={() => void submit()} disabled={submitting || !stepValid || noWallets}>
            {submitting ? 'Criando...' : 'Criar Campanha'}
          </Button>
        ) : (
          <Button variant="contained" onClick={next} disabled={!stepValid}>
            Próximo
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
