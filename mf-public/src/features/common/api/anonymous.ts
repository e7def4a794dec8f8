/**
 * The public buyer calls (spec section 7 "Public purchasing") go through the one shared `api` client, but never
 * carry the organiser's token: an organiser looking at their own campaign page buys as an anonymous buyer, and the
 * public routes must not learn who is signed in on that browser. Every function of the features' `api/` folders
 * passes its options through `anonymous()`.
 */
import type { Options } from 'ky';
import type { ApiSuccess } from '@rifaria/shared/types';

/**
 * Runs after the shared client's hook that adds `Authorization` (per-call hooks are appended to the instance's).
 * No automatic retries: the pages offer 'Tentar novamente', the checkout polls again anyway, and a POST that
 * reserves numbers is retried only with its Idempotency-Key.
 */
const ANONYMOUS: Options = {
  retry: 0,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        request.headers.delete('Authorization');
      },
    ],
  },
};

export function anonymous(options: Options = {}): Options {
  return { ...ANONYMOUS, ...options, hooks: ANONYMOUS.hooks };
}

/** A public GET that answers `success: false` (with why) instead of the data, e.g. a closed campaign. */
export type PublicReply<T> = ApiSuccess<T> | { success: false; message?: string };
