// Issue 19 (range 120–129): API tokens for integrations. Only the SHA-256 of a token is kept (a
// token is 32 random bytes, so a fast hash is enough: there is nothing to guess). Revoking deletes
// the row; the auth guard finds nothing and refuses at once, in every process.
export const up = /* sql */ `
CREATE TABLE api_tokens (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('read', 'full')),
  token_hash text NOT NULL UNIQUE,
  hint text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  last_used_at timestamptz
);
CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at DESC);
`;
