/** The route table lives in @rifaria/shared so remotes link with the same paths; the shell re-exports it. */
export { paths, safeRedirectTarget, REDIRECT_PARAM, MAILBOX_RECIPIENT_PARAM } from '@rifaria/shared/paths';
