import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  Container,
  List,
  ListItem,
  ListItemButton,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import * as v from 'valibot';
import { isHttpError } from '@rifaria/shared/api-client';
import { VALIDATION_DELAY_MS } from '@rifaria/shared/constants';
import { EMAIL_MAX_LENGTH, emailField } from '@rifaria/shared/schemas';
import type { SandboxMail } from '@rifaria/shared/types';
import { PageLoader, useRequest } from '@rifaria/shared/ui';
import { BrandLogo } from '../../../components/ui/brand-logo';
import { MAILBOX_RECIPIENT_PARAM, paths } from '../../../config/paths';
import { getSandboxMailbox } from '../api/get-sandbox-mailbox';
import { MAILBOX_TEXTS } from '../texts';
import { MailDialog } from './mail-dialog';

const TEXTS = MAILBOX_TEXTS;

/** The filter as a whole address the server can match ('Ana@X.com ' → 'ana@x.com'), or undefined while partial. */
function wholeAddress(filter: string): string | undefined {
  const parsed = v.safeParse(emailField, filter);
  return parsed.success ? parsed.output : undefined;
}

function newestFirst(a: SandboxMail, b: SandboxMail): number {
  return Date.parse(b.created_at) - Date.parse(a.created_at);
}

/** The debounced value of `value` (the list follows the filter 300 ms after typing stops, like the forms). */
function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * /sandbox/emails: what the platform would have e-mailed, read from the outbox while no SMTP_URL is set, so a newcomer
 * can verify an e-mail and reset a password without a mail server. A whole address in the filter is also sent to the
 * server (its newest 50 for that recipient); part of one filters what is loaded.
 */
export function SandboxMailbox() {
  const [searchParams] = useSearchParams();
  const [filterInput, setFilterInput] = useState(() =>
    (searchParams.get(MAILBOX_RECIPIENT_PARAM) ?? '').slice(0, EMAIL_MAX_LENGTH),
  );
  const filter = useDebounced(filterInput.trim().toLowerCase(), VALIDATION_DELAY_MS);
  const serverFilter = wholeAddress(filter);
  const mailbox = useRequest((signal) => getSandboxMailbox({ to: serverFilter, signal }), [serverFilter]);
  // The opened mail stays set after closing, so the dialog keeps its content while it fades out.
  const [opened, setOpened] = useState<SandboxMail | null>(null);
  const [reading, setReading] = useState(false);

  const shown = useMemo(
    () => (mailbox.data ?? []).filter((mail) => mail.to.toLowerCase().includes(filter)).sort(newestFirst),
    [mailbox.data, filter],
  );
  const off = mailbox.status === 'error' && isHttpError(mailbox.error, 404);
  const busy = mailbox.status === 'loading';

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default', py: { xs: 2, sm: 5 } }}>
      <Container maxWidth="md">
        <Box sx={{ mb: 3 }}>
          <BrandLogo to={paths.login.getHref()} />
        </Box>
        <Paper component="main" variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
            <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
              {TEXTS.title}
            </Typography>
            <Chip label={TEXTS.badge} color="warning" size="small" sx={{ fontWeight: 700, letterSpacing: 1 }} />
          </Stack>
          {/* A standing label, not news: no alert role. */}
          <Alert severity="warning" role="note" sx={{ mb: 3 }}>
            {TEXTS.explanation}
          </Alert>

          {off ? (
            <Alert severity="info" role="status">
              <AlertTitle>{TEXTS.offTitle}</AlertTitle>
              {TEXTS.off}
              <Box sx={{ mt: 2 }}>
                <Button component={RouterLink} to={paths.login.getHref()} variant="outlined" color="inherit">
                  {TEXTS.backToLogin}
                </Button>
              </Box>
            </Alert>
          ) : (
            <>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, mb: 2 }}
              >
                <TextField
                  label={TEXTS.filterLabel}
                  type="search"
                  inputMode="email"
                  value={filterInput}
                  onChange={(event) => setFilterInput(event.target.value)}
                  helperText={TEXTS.filterHelp}
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: EMAIL_MAX_LENGTH } }}
                />
                <Button
                  variant="contained"
                  onClick={mailbox.reload}
                  disabled={busy}
                  sx={{ flexShrink: 0, minHeight: 56 }}
                >
                  {busy && mailbox.data ? TEXTS.refreshing : TEXTS.refresh}
                </Button>
              </Stack>

              {mailbox.status === 'error' && (
                <Alert
                  severity="error"
                  sx={{ mb: 2 }}
                  action={
                    <Button color="inherit" size="small" onClick={mailbox.reload}>
                      {TEXTS.retry}
                    </Button>
                  }
                >
                  {TEXTS.loadFailed}
                </Alert>
              )}

              {mailbox.data === null ? (
                busy && <PageLoader label={TEXTS.loading} minHeight={160} />
              ) : shown.length === 0 ? (
                <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                  {filter ? TEXTS.emptyFiltered(filter) : TEXTS.empty}
                </Typography>
              ) : (
                <>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
                    {TEXTS.count(shown.length)}
                  </Typography>
                  <Paper variant="outlined">
                    <List disablePadding aria-label={TEXTS.list}>
                      {shown.map((mail, index) => (
                        <ListItem key={mail.id} disablePadding divider={index < shown.length - 1}>
                          <ListItemButton
                            onClick={() => {
                              setOpened(mail);
                              setReading(true);
                            }}
                            sx={{ display: 'block', py: 1.5 }}
                          >
                            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                              {mail.subject || TEXTS.noSubject}
                            </Typography>
                            <Stack
                              direction={{ xs: 'column', sm: 'row' }}
                              sx={{ justifyContent: 'space-between', columnGap: 2 }}
                            >
                              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                                {TEXTS.to}: {mail.to}
                              </Typography>
                              <Typography
                                variant="body2"
                                color="text.secondary"
                                component="time"
                                dateTime={mail.created_at}
                                sx={{ flexShrink: 0 }}
                              >
                                {mail.created_at_formatted}
                              </Typography>
                            </Stack>
                          </ListItemButton>
                        </ListItem>
                      ))}
                    </List>
                  </Paper>
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                    {TEXTS.limitNote}
                  </Typography>
                </>
              )}
            </>
          )}
        </Paper>
      </Container>
      <MailDialog mail={opened} open={reading} onClose={() => setReading(false)} />
    </Box>
  );
}
