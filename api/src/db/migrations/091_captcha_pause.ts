// A sync paused on CFE's CAPTCHA (issue 14): when its association asked the owner, so that the run
// resumes once the answer opened the session, and ends as a user error (asked once, never in a
// loop) when nobody answered in time.
export const up = /* sql */ `
ALTER TABLE task_associations ADD COLUMN captcha_asked_at timestamptz;
CREATE INDEX task_associations_captcha_waiting ON task_associations (credential_id)
  WHERE captcha_asked_at IS NOT NULL AND finished_at IS NULL;
`;
