import type { MouseEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { useAccountWizard } from '../hooks/use-account-wizard';
import type { LatestApplication } from '../../common/api/account-application';
import { AddressStep } from './address-step';
import { DocumentStep } from './document-step';
import { PageHeader } from './page-header';
import { PersonalStep } from './personal-step';
import { ReviewStep } from './review-step';
import { LeaveDialog } from './leave-dialog';
import { SuccessOverlay } from './success-overlay';
import { WIZARD_STEPS, WIZARD_TEXTS } from './wizard-texts';

const STEP_BODIES = [PersonalStep, AddressStep, DocumentStep, ReviewStep];

/** The four steps of the account opening, one history entry each. */
export function AccountWizard({
  previousRejected,
  correction = null,
}: {
  previousRejected: boolean;
  /** 'Corrigir e reenviar' (issue 32): the rejected application whose data the wizard starts from. */
  correction?: LatestApplication | null;
}) {
  const form = useAccountWizard(correction);
  const { step, submitting } = form;
  const StepBody = STEP_BODIES[step] ?? ReviewStep;
  const last = step === WIZARD_STEPS.length - 1;
  const documentReady =
    Boolean(form.values.documentType) && (Boolean(form.file) || form.keepsDocument) && !form.errors.documentFile;
  // A click, also the one Enter in a field makes on the form's submit button: the form itself is never submitted.
  // Steps move the history, and react-router navigates in a transition, which React 19 would take for a form
  // action if it started inside a submit event.
  const advance = (event: MouseEvent) => {
    event.preventDefault();
    if (!last) form.next();
    else void form.finish();
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

      {form.alert ? (
        <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
          {form.alert}
        </Alert>
      ) : null}
      {form.restored ? (
        <Alert
          severity="info"
          onClose={form.dismissRestored}
          action={
            <Button color="inherit" size="small" onClick={form.startOver}>
              {WIZARD_TEXTS.startOver}
            </Button>
          }
        >
          {WIZARD_TEXTS.restored}
          {form.restored.hadFile && !form.file ? ` ${WIZARD_TEXTS.restoredFile}` : ''}
        </Alert>
      ) : correction?.rejection ? (
        <Alert severity="info">{WIZARD_TEXTS.correcting(correction.rejection.reason_label)}</Alert>
      ) : previousRejected ? (
        <Alert severity="info">{WIZARD_TEXTS.previousRejected}</Alert>
      ) : null}

      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent sx={{ p: { xs: 2, md: 3 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2, fontWeight: 700 }}>
            {WIZARD_STEPS[step]}
          </Typography>
          <Box component="form" noValidate onSubmit={(event) => event.preventDefault()}>
            <StepBody form={form} />
            <Stack direction="row" spacing={1.5} sx={{ mt: 3, justifyContent: 'space-between' }}>
              <Button onClick={form.previous} disabled={step === 0 || submitting}>
                {WIZARD_TEXTS.previous}
              </Button>
              {!last ? (
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

      <LeaveDialog form={form} />
      <SuccessOverlay open={form.done} />
    </Stack>
  );
}
