/** @rifaria/shared/testing — for jest tests only: the fetch mock, the one render helper and shared fixtures. */
export * from './fetch-mock';
export * from './render';
export * from './sales';
export * from './amendments';
export * from './fixtures';
export * from './lookups';
