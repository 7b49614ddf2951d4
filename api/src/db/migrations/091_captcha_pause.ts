// A sync paused on CFE's CAPTCHA (issue 14): when its association asked the owner, so that the run
// resumes once the answer opened the session, and ends as a user error (asked once, never in a
// loop) when nobody answered in time. A scheduled run (autofetch) also asks by e-mail: nobody may
// be looking at Luz then.
export const up = /* sql */ `
ALTER TABLE task_associations ADD COLUMN captcha_asked_at timestamptz;
ALTER TABLE tasks ADD COLUMN scheduled boolean NOT NULL DEFAULT false;
CREATE INDEX task_associations_captcha_waiting ON task_associations (credential_id)
  WHERE captcha_asked_at IS NOT NULL AND finished_at IS NULL;
`;
