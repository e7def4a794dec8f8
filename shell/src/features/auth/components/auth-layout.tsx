import type { ReactNode } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { BoltIcon, ShieldIcon, StarIcon, brandColors } from '@rifaria/shared/ui';
import { BrandLogo } from '../../../components/ui/brand-logo';
import { MARKETING_TEXTS } from '../texts';

const featureIcons = [ShieldIcon, StarIcon, BoltIcon];

/** Two columns on desktop (form + marketing panel); on phones the form first and a short pitch below. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        bgcolor: 'background.default',
      }}
    >
      <Box
        component="main"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          px: { xs: 2, sm: 4 },
          py: { xs: 3, sm: 5 },
        }}
      >
        <Box sx={{ width: '100%', maxWidth: 440 }}>
          <Box sx={{ mb: { xs: 3, sm: 5 } }}>
            <BrandLogo />
          </Box>
          {children}
        </Box>
      </Box>
      <MarketingPanel />
    </Box>
  );
}

function MarketingPanel() {
  return (
    <Box
      component="aside"
      aria-label="Sobre a Rifaria"
      sx={{
        color: '#fff',
        px: { xs: 3, sm: 6, lg: 10 },
        py: { xs: 5, md: 8 },
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        background: `radial-gradient(circle at 20% 10%, ${brandColors.primaryLight} 0%, transparent 45%),
          linear-gradient(150deg, ${brandColors.primary} 0%, ${brandColors.primaryDark} 100%)`,
      }}
    >
      <Box sx={{ maxWidth: 520 }}>
        <Typography variant="h4" component="h2" sx={{ fontSize: { xs: '1.6rem', md: '2.2rem' }, mb: 2 }}>
          {MARKETING_TEXTS.headline}
        </Typography>
        <Typography sx={{ opacity: 0.9, mb: 4 }}>{MARKETING_TEXTS.lead}</Typography>
        <Stack component="ul" spacing={2.5} sx={{ listStyle: 'none', p: 0, m: 0, mb: 5 }}>
          {MARKETING_TEXTS.features.map((feature, index) => {
            const Icon = featureIcons[index] ?? StarIcon;
            return (
              <Stack component="li" key={feature.title} direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                <Box
                  aria-hidden
                  sx={{ p: 1, borderRadius: 2, bgcolor: 'rgba(255,255,255,0.14)', display: 'flex', flexShrink: 0 }}
                >
                  <Icon fontSize="small" />
                </Box>
                <Box>
                  <Typography sx={{ fontWeight: 700 }}>{feature.title}</Typography>
                  <Typography variant="body2" sx={{ opacity: 0.85 }}>
                    {feature.text}
                  </Typography>
                </Box>
              </Stack>
            );
          })}
        </Stack>
        <Paper
          component="section"
          aria-labelledby="auth-steps-title"
          elevation={0}
          sx={{
            m: 0,
            p: 3,
            bgcolor: 'rgba(255,255,255,0.1)',
            color: 'inherit',
            border: '1px solid rgba(255,255,255,0.2)',
          }}
        >
          <Typography id="auth-steps-title" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
            {MARKETING_TEXTS.stepsTitle}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 2.5, lineHeight: 1.6 }}>
            {MARKETING_TEXTS.steps.map((step) => (
              <Typography component="li" variant="body2" key={step} sx={{ opacity: 0.9 }}>
                {step}
              </Typography>
            ))}
          </Box>
        </Paper>
      </Box>
    </Box>
  );
}
