// "Consulta tu recibo" may ask for its own CAPTCHA (issue 14): the run pauses on it as on the
// login's. Its half-open session is not the account's (the consultation is public), so it is kept
// apart from the credential's Mi Espacio session; the answer is kept for the paused run that asked
// (only it can post it: the form is for its service number), which consumes it when it resumes.
export const up = /* sql */ `
ALTER TABLE portal_sessions ADD COLUMN challenge_snapshot_encrypted text;
ALTER TABLE portal_sessions ADD COLUMN challenge_association_id uuid;
ALTER TABLE portal_sessions ADD COLUMN challenge_answer text;
`;
