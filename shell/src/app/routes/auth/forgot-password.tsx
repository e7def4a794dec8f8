import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { ArrowBackIcon, MailIcon } from '@rifaria/shared/ui';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { SUPPORT_EMAIL } from '../../../config/contact';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../use-document-title';

/**
 * There is no password-reset endpoint yet (spec: the link exists, the flow is not shown). Rather than a form that
 * pretends to send an e-mail, the page says so and tells the organiser how to get help today.
 */
export default function ForgotPasswordRoute() {
  useDocumentTitle('Recuperar senha');
  const mailto = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Recuperação de acesso à minha conta')}`;
  return (
    <AuthLayout>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, mb: 1 }}>
        Esqueceu a senha?
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Acontece. Veja como recuperar o acesso à sua conta.
      </Typography>
      <Alert severity="info" sx={{ mb: 3 }}>
        A redefinição de senha por e-mail chega em breve. Por enquanto, a recuperação é feita pelo nosso suporte.
      </Alert>
      <Box component="ol" sx={{ pl: 2.5, mt: 0, mb: 3, '& li': { mb: 1.25, lineHeight: 1.6 } }}>
        <li>
          Escreva para <Link href={mailto}>{SUPPORT_EMAIL}</Link> <strong>a partir do e-mail cadastrado</strong> na sua
          conta.
        </li>
        <li>Informe o seu nome completo e, se já tiver cadastrado, os três últimos dígitos do seu CPF.</li>
        <li>Nossa equipe confirma sua identidade e responde com as instruções para criar uma nova senha.</li>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 4 }}>
        Por segurança, nunca pedimos sua senha atual nem códigos recebidos por SMS ou WhatsApp.
      </Typography>
      <Stack spacing={1.5}>
        <Button variant="contained" size="large" href={mailto} startIcon={<MailIcon />}>
          Falar com o suporte
        </Button>
        <Button component={RouterLink} to={paths.login.getHref()} size="large" startIcon={<ArrowBackIcon />}>
          Voltar para o login
        </Button>
      </Stack>
    </AuthLayout>
  );
}
