import { Link as RouterLink } from 'react-router-dom';
import { Link, Typography } from '@mui/material';
import { paths } from '../../../config/paths';
import { useSandboxMailboxAvailable } from '../hooks/use-sandbox-mailbox-available';
import { MAILBOX_TEXTS } from '../texts';

/**
 * 'Ambiente de teste? Veja a caixa de e-mails (sandbox)', opening the mailbox filtered by `recipient`; rendered
 * only when the mailbox answers, so a real deployment never shows it. `newTab` keeps the page it sits on (the
 * dashboard, where the code is typed next).
 */
export function SandboxMailboxLink({ recipient, newTab = false }: { recipient?: string; newTab?: boolean }) {
  const available = useSandboxMailboxAvailable(recipient);
  if (!available) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {MAILBOX_TEXTS.linkPrompt}{' '}
      <Link
        component={RouterLink}
        to={paths.sandboxMailbox.getHref(recipient)}
        sx={{ fontWeight: 600 }}
        {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}
      >
        {MAILBOX_TEXTS.link}
      </Link>
    </Typography>
  );
}
