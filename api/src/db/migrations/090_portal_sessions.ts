// CFE's Mi Espacio (issue 14, range 90–99): one portal session per credential, kept so that every
// worker and process reuses it (a person solves one CAPTCHA per session, not per sync), and the
// CAPTCHA challenge waiting for its owner's answer.
export const up = /* sql */ `
CREATE TABLE portal_sessions (
  -- The credential's id: the sealed snapshot is bound to it.
  id uuid PRIMARY KEY REFERENCES credentials (id) ON DELETE CASCADE,
  -- The connector's SessionSnapshot (cookies, pending login form; never the password), sealed.
  snapshot_encrypted text NOT NULL,
  logged_in boolean NOT NULL,
  -- The CAPTCHA waiting for an answer, when the session's login asked for one. The image is no secret.
  challenge_id uuid,
  challenge_scope text,
  challenge_image bytea,
  challenge_content_type text,
  challenge_issued_at timestamptz,
  challenge_expires_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((challenge_id IS NULL) = (challenge_image IS NULL))
);
`;
