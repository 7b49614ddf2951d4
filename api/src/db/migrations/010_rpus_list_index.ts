// The owner's list of service points is read newest first (rpus/service.ts `rpuOrder`) and
// exported in that order by keyset; a company may hold thousands of service points.
export const up = /* sql */ `
CREATE INDEX rpus_user_created_idx ON rpus (user_id, created_at DESC, service_number, id) WHERE NOT deleted;
`;
