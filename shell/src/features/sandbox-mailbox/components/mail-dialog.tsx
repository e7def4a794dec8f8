import { useId, useState } from 'react';
import { Box, Dialog, DialogContent, Tab, Tabs, Typography } from '@mui/material';
import type { SandboxMail } from '@rifaria/shared/types';
import { DialogTitleWithClose, useBackToClose } from '@rifaria/shared/ui';
import { MAILBOX_TEXTS } from '../texts';
import { MailText } from './mail-text';

const TEXTS = MAILBOX_TEXTS;

type View = 'text' | 'html';

/**
 * One mail: who it went to, when, and its text with clickable links. The HTML version is shown only inside an
 * iframe with an empty `sandbox` (no scripts, no forms, no navigation, its own opaque origin), never in the page.
 */
export function MailDialog({ mail, open, onClose }: { mail: SandboxMail | null; open: boolean; onClose: () => void }) {
  const titleId = useId();
  useBackToClose(open, onClose);
  return (
    <Dialog
      open={open && mail !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      scroll="paper"
    >
      {/* Keyed by mail: another mail opens on its text version. */}
      {mail && <MailView key={mail.id} mail={mail} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function MailView({ mail, titleId, onClose }: { mail: SandboxMail; titleId: string; onClose: () => void }) {
  const [view, setView] = useState<View>('text');
  return (
    <>
      <DialogTitleWithClose id={titleId} onClose={onClose}>
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {mail.subject || TEXTS.noSubject}
        </Box>
      </DialogTitleWithClose>
      <DialogContent dividers>
        <Box component="dl" sx={{ m: 0, mb: 2, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {TEXTS.to}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {mail.to}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            {TEXTS.receivedAt}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {mail.created_at_formatted}
          </Typography>
        </Box>
        {mail.html && (
          <Tabs
            value={view}
            onChange={(_event, next: View) => setView(next)}
            aria-label={TEXTS.views}
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab value="text" label={TEXTS.textTab} />
            <Tab value="html" label={TEXTS.htmlTab} />
          </Tabs>
        )}
        {view === 'html' && mail.html ? (
          <>
            <Box
              component="iframe"
              title={TEXTS.htmlFrame}
              sandbox=""
              srcDoc={mail.html}
              referrerPolicy="no-referrer"
              sx={{ width: '100%', height: 480, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
            />
            <Typography variant="caption" color="text.secondary">
              {TEXTS.htmlNote}
            </Typography>
          </>
        ) : (
          <MailText text={mail.text} />
        )}
      </DialogContent>
    </>
  );
}
