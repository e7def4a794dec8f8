/**
 * Content type of an upload from its first bytes: the one table in @rifaria/shared, which the account wizard also
 * runs in the browser. A Buffer is a Uint8Array.
 */
export { detectFileType, type DetectedFileType, type DetectedMime } from '@rifaria/shared/schemas';
