/** The profile of 'Meus Dados', loaded with the shared `useRequest`, and whether its CPF is locked. */
import { useCallback } from 'react';
import type { User } from '@rifaria/shared/types';
import { useRequest } from '@rifaria/shared/ui';
import { getProfile, hasActiveWallet } from '../api/profile';

export interface LoadedProfile {
  user: User;
  /** An active wallet exists: the CPF cannot change (the server refuses it too). */
  cpfLocked: boolean;
}

async function loadProfile(signal: AbortSignal): Promise<LoadedProfile> {
  const user = await getProfile(signal);
  // Unknown is "not locked": the field stays editable and the server answers with cpfLocked under it.
  const cpfLocked = user.cpf ? await hasActiveWallet(user, signal).catch(() => false) : false;
  return { user, cpfLocked };
}

export function useProfile() {
  const request = useRequest(loadProfile, []);
  const { data, setData } = request;
  /** Takes the user of a save or verify reply (whose wallet list may be empty: the lock stays as loaded). */
  const replaceUser = useCallback(
    (user: User) => {
      if (data) setData({ ...data, user });
    },
    [data, setData],
  );
  return { ...request, replaceUser };
}
