/** The operator's sign-in (issue 32): password, then the authenticator's code; and the invite's acceptance. */
import { api } from '@rifaria/shared/api-client';

export interface TotpSetup {
  secret: string;
  otpauth_uri: string;
  /** The otpauth URI as a PNG data URL (drawn by the API). */
  qr_code: string;
}

export interface LoginChallenge {
  challenge: string;
  /** Only on the first login: what the authenticator app needs. */
  totp_setup?: TotpSetup;
}

export const startLogin = (input: { email: string; password: string }) =>
  api.post('/api/admin/login', { json: input }).json<LoginChallenge>();

export const confirmCode = (input: { challenge: string; code: string }) =>
  api.post('/api/admin/login/totp', { json: input }).json<{ token: string }>();

export const acceptInvite = (input: { token: string; name: string; password: string }) =>
  api.post('/api/admin/invites/accept', { json: input }).json<unknown>();
