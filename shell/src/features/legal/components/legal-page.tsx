import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Box, Button, Container, Paper, Typography } from '@mui/material';
import { ArrowBackIcon } from '@rifaria/shared/ui';
import { BrandLogo } from '../../../components/ui/brand-logo';
import { paths } from '../../../config/paths';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** A readable long-form page (terms, privacy, help) with a way back. */
export function LegalPage({
  title,
  updatedAt,
  intro,
  sections,
}: {
  title: string;
  updatedAt?: string;
  intro?: ReactNode;
  sections: LegalSection[];
}) {
  const navigate = useNavigate();
  const location = useLocation();
  // Opened in a new tab from the sign-up form there is no history to go back to: fall back to the login page.
  const goBack = () => (location.key !== 'default' ? navigate(-1) : navigate(paths.login.getHref()));

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default', py: { xs: 2, sm: 5 } }}>
      <Container maxWidth="md">
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 3, gap: 2 }}>
          <BrandLogo to={paths.login.getHref()} />
          <Button startIcon={<ArrowBackIcon />} onClick={goBack}>
            Voltar
          </Button>
        </Box>
        <Paper component="main" variant="outlined" sx={{ p: { xs: 2.5, sm: 5 } }}>
          <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
            {title}
          </Typography>
          {updatedAt && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
              Última atualização: {updatedAt}
            </Typography>
          )}
          {intro && <Box sx={{ mb: 3, lineHeight: 1.7 }}>{intro}</Box>}
          {sections.map((section, index) => (
            <Box component="section" key={section.title} sx={{ mt: 4 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
                {index + 1}. {section.title}
              </Typography>
              <Box
                sx={{
                  color: 'text.primary',
                  lineHeight: 1.7,
                  '& p': { mt: 0, mb: 1.5 },
                  '& ul': { pl: 3, mt: 0 },
                  '& li': { mb: 0.75 },
                }}
              >
                {section.body}
              </Box>
            </Box>
          ))}
        </Paper>
      </Container>
    </Box>
  );
}
