// GET /periods/all and the exports filter by the period's credential; 001 indexes the owner and the service point only.
export const up = /* sql */ `
CREATE INDEX periods_credential_final_idx ON periods (credential_id, final_date DESC);
`;
