-- Issue 30, minor item 14: after a password reset (or change), the other tabs landed on /login silently. A session
-- ended by a password change keeps why, so the next request from it is told 'Sua sessão foi encerrada porque a senha
-- foi alterada.' (NULL: logout, or revoked before this migration).
ALTER TABLE auth_tokens
  ADD COLUMN revoked_reason text NULL CHECK (revoked_reason IS NULL OR revoked_reason IN ('password_changed'));
