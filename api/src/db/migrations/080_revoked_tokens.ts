// Security (range 80–89): server-side logout. An access token names itself (`jti`); logging out
// records it here until it would have expired anyway, and the auth guard refuses what it finds.
export const up = /* sql */ `
CREATE TABLE revoked_tokens (
  jti uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_tokens_expires_at_idx ON revoked_tokens (expires_at);
`;
