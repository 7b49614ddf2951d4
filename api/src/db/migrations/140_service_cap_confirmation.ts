// A run the user confirmed may add services to a CFE account past PORTAL_SERVICE_CAP (issue 14):
// CFE reportedly blocks accounts with more than 10 services, so linking stops at the cap unless
// the request said so. Kept per association, as `last_payment` is, so that a retry keeps it.
export const up = /* sql */ `
ALTER TABLE task_associations ADD COLUMN exceed_service_cap boolean NOT NULL DEFAULT false;
`;
