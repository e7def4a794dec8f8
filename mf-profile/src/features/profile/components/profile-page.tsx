/**
 * /perfil 'Meus Dados' (spec "Profile 'Meus Dados'"): the header with the e-mail badge, the tabs Dados, Endereço and
 * Alterar Senha, and the e-mail confirmation dialog. `/perfil?verificar-email=1` (the link in the e-mail, the
 * dashboard) opens the dialog at the code step.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Box } from '@mui/material';
import { TOAST_DURATION } from '@rifaria/shared/constants';
import { VERIFY_EMAIL_PARAM } from '@rifaria/shared/paths';
import { EMAIL_CODE_MESSAGES } from '@rifaria/shared/schemas';
import { useSession } from '@rifaria/shared/session';
import type { User } from '@rifaria/shared/types';
import { RetryAlert, TabbedPanels, toast } from '@rifaria/shared/ui';
import { PageFrame } from '../../common/components/page-frame';
import { useProfile } from '../hooks/use-profile';
import { AddressTab } from './address-tab';
import { DataTab } from './data-tab';
import { EmailCodeDialog } from './email-code-dialog';
import { PasswordTab } from './password-tab';
import { ProfileHeader } from './profile-header';
import { ProfileSkeleton } from './profile-skeleton';
import { PROFILE_TEXTS } from './profile-texts';

const toastOptions = { duration: TOAST_DURATION.profile };

interface DialogState {
  open: boolean;
  startAtCode: boolean;
  /** A new dialog per opening: nothing of a previous attempt is shown again. */
  key: number;
}

export function ProfilePage() {
  const profile = useProfile();
  const { replaceUser } = profile;
  const user = profile.data?.user ?? null;
  const [dialog, setDialog] = useState<DialogState>({ open: false, startAtCode: false, key: 0 });
  const [searchParams, setSearchParams] = useSearchParams();
  const askedByLink = searchParams.get(VERIFY_EMAIL_PARAM) === '1';

  const openDialog = useCallback((startAtCode: boolean) => {
    setDialog((current) => ({ open: true, startAtCode, key: current.key + 1 }));
  }, []);
  const closeDialog = useCallback(() => setDialog((current) => ({ ...current, open: false })), []);

  /** A save or a verification answered with the user: the page, and the shell's menu (the session), follow it. */
  const takeUser = useCallback(
    (next: User) => {
      replaceUser({ ...user, ...next });
      useSession.getState().updateUser(next);
    },
    [replaceUser, user],
  );

  const verified = useCallback(
    (next: User, message: string) => {
      takeUser(next);
      closeDialog();
      toast.success(message, undefined, toastOptions);
    },
    [takeUser, closeDialog],
  );

  const loaded = user !== null;
  const alreadyVerified = Boolean(user?.email_verified_at);
  const linkHandled = useRef(false);
  useEffect(() => {
    if (!askedByLink) {
      linkHandled.current = false;
      return;
    }
    // Once per arrival (an effect may run twice for one render): the address then loses its parameter, so a reload
    // does not open the dialog again.
    if (!loaded || linkHandled.current) return;
    linkHandled.current = true;
    setSearchParams(
      (params) => {
        params.delete(VERIFY_EMAIL_PARAM);
        return params;
      },
      { replace: true },
    );
    if (alreadyVerified) toast.info(EMAIL_CODE_MESSAGES.alreadyVerified, undefined, toastOptions);
    else openDialog(true);
  }, [askedByLink, loaded, alreadyVerified, setSearchParams, openDialog]);

  let body;
  if (user) {
    body = (
      <>
        <ProfileHeader user={user} onVerifyEmail={() => openDialog(false)} />
        <Box>
          <TabbedPanels
            label={PROFILE_TEXTS.tabsLabel}
            id="profile"
            tabs={PROFILE_TEXTS.tabs}
            panels={[
              <DataTab key="dados" user={user} cpfLocked={profile.data?.cpfLocked ?? false} onSaved={takeUser} />,
              <AddressTab key="endereco" />,
              <PasswordTab key="senha" />,
            ]}
            panelSx={{ pt: 3 }}
          />
        </Box>
        <EmailCodeDialog
          key={dialog.key}
          open={dialog.open}
          email={user.email}
          startAtCode={dialog.startAtCode}
          onClose={closeDialog}
          onVerified={verified}
        />
      </>
    );
  } else if (profile.status === 'error') {
    body = <RetryAlert onRetry={profile.reload}>{PROFILE_TEXTS.loadError}</RetryAlert>;
  } else {
    body = <ProfileSkeleton />;
  }

  return (
    <PageFrame title={PROFILE_TEXTS.title} subtitle={PROFILE_TEXTS.subtitle}>
      {body}
    </PageFrame>
  );
}
