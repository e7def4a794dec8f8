import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardContent, LinearProgress, Link, Typography } from '@mui/material';
import { paths } from '../../../config/paths';
import { DASHBOARD_TEXTS } from '../texts';

const TEXTS = DASHBOARD_TEXTS.onboarding;

export interface OnboardingChecklistProps {
  hasWallet: boolean;
  hasCampaign: boolean;
}

interface Step {
  label: string;
  done: boolean;
  href: string;
}

/**
 * The two-step checklist of the spec ("Dashboard"), 50 % each. The caller hides it once a campaign is published.
 * Nothing done: '0/2 completos' and an empty bar; at least one step done: 'Quase lá! Complete sua configuração:'.
 */
export function OnboardingChecklist({ hasWallet, hasCampaign }: OnboardingChecklistProps) {
  const steps: Step[] = [
    { label: TEXTS.openWallet, done: hasWallet, href: paths.walletAdd.getHref() },
    { label: TEXTS.createCampaign, done: hasCampaign, href: paths.campaigns.getHref() },
  ];
  const done = steps.filter((step) => step.done).length;
  const percent = (done / steps.length) * 100;
  const title = done > 0 ? TEXTS.almostThere : TEXTS.title;

  return (
    <Card component="section" aria-labelledby="dashboard-onboarding-title" sx={{ mb: 3 }}>
      <CardContent>
        <Box
          sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}
        >
          <Typography id="dashboard-onboarding-title" variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {TEXTS.completed(done, steps.length)}
          </Typography>
        </Box>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label={TEXTS.progress}
          sx={{ my: 2, height: 8, borderRadius: 4 }}
        />
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {steps.map((step) => (
            <Box component="li" key={step.label}>
              {step.done ? (
                <Typography
                  component="span"
                  sx={{ color: 'success.main', textDecoration: 'line-through' }}
                  aria-label={`${step.label} (${TEXTS.stepDone})`}
                >
                  ✓ {step.label}
                </Typography>
              ) : (
                <Link component={RouterLink} to={step.href} underline="hover">
                  {step.label}
                </Link>
              )}
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
