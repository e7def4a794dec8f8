-- Issue 30, item 15: 'Entrar com Google' / 'Cadastrar com Google' (OpenID Connect, only when GOOGLE_CLIENT_ID is
-- set; api/src/auth/google.ts).
--
-- The Google account an organiser signs in with: its `sub`, Google's stable id for the person (an e-mail can change
-- hands; the sub never does). One Rifaria account per Google account.
ALTER TABLE users ADD COLUMN google_sub text NULL CHECK (google_sub IS NULL OR char_length(google_sub) BETWEEN 1 AND 255);
CREATE UNIQUE INDEX users_google_sub_key ON users (google_sub) WHERE google_sub IS NOT NULL;

-- An account made with Google has no password until its owner sets one ('Esqueceu a senha?'): NULL, which no
-- password matches (auth/service.ts), rather than a made-up hash.
ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;

-- A sign-in in progress, between the redirect to Google and its return: what the callback must find to accept the
-- answer. Keyed by the SHA-256 of the `state` sent (the browser holds the state itself in a short cookie, so another
-- browser's callback is refused), used once (deleted when the callback reads it: a replayed callback finds nothing)
-- and for 10 minutes at most. The PKCE verifier and the nonce never leave the server.
CREATE TABLE google_sign_in_flows (
  state_hash    bytea       PRIMARY KEY CHECK (octet_length(state_hash) = 32),
  code_verifier text        NOT NULL CHECK (char_length(code_verifier) BETWEEN 43 AND 128),
  nonce         text        NOT NULL CHECK (char_length(nonce) BETWEEN 16 AND 128),
  intent        text        NOT NULL CHECK (intent IN ('login', 'signup')),
  return_to     text        NULL CHECK (return_to IS NULL OR char_length(return_to) <= 2048),
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL
);
CREATE INDEX google_sign_in_flows_expires_at_idx ON google_sign_in_flows (expires_at);
