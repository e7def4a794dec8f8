/**
 * @rifaria/shared — the React-free entry: schemas, formatters, constants, wire types and route paths.
 * The API server imports from here; React pieces live in '@rifaria/shared/ui', the session in
 * '@rifaria/shared/session' and the HTTP client in '@rifaria/shared/api-client'.
 */
export * from './schemas';
export * from './format';
export * from './constants';
export * from './types';
export * from './paths';
