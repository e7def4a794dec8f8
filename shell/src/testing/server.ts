import { createFetchMock } from '@rifaria/shared/testing';

/** The fetch mock every shell test shares; reset and installed as globalThis.fetch before each test (setup-tests.ts). */
export const server = createFetchMock();
