/** @rifaria/shared/testing — for jest tests only: the fetch mock and the one render helper. */
export * from './fetch-mock';
export * from './render';
