/** 'Configurações' (issue 14 contract): what public pages show of the organiser, and which automatic messages go. */
import { api } from '@rifaria/shared/api-client';
import type { SettingsInput } from '@rifaria/shared/schemas';
import type { AccountSettings, ApiSuccess } from '@rifaria/shared/types';

/** GET /api/auth/settings. */
export async function getSettings(signal?: AbortSignal): Promise<AccountSettings> {
  const reply = await api.get('/api/auth/settings', { signal }).json<ApiSuccess<AccountSettings>>();
  return reply.data;
}

/** PUT /api/auth/settings (settingsSchema) → the saved settings, with what public pages now show. */
export async function saveSettings(input: SettingsInput): Promise<ApiSuccess<AccountSettings>> {
  return api.put('/api/auth/settings', { json: input, retry: 0 }).json<ApiSuccess<AccountSettings>>();
}
