// Issue 17 (range 100–109): an index for every filter the lists offer, so that a page and its
// capped count (http/pagination.ts) read a few rows whatever the tables hold. Text filters search
// "contains": trigram indexes (pg_trgm, which PGlite ships too: db/pglite.ts loads it). The plans
// are checked at 100,000 service points by http/list-plans.test.ts; docs/decisions/100.
export const up = /* sql */ `
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX rpus_alias_search_trgm_idx ON rpus USING gin (alias_search gin_trgm_ops);
-- "Contains" is estimated from the column's histogram: a finer one keeps a 1 % alias off a table scan.
ALTER TABLE rpus ALTER COLUMN alias_search SET STATISTICS 1000;
CREATE INDEX rpus_user_status_created_idx ON rpus (user_id, rpu_status, created_at DESC, service_number, id)
  WHERE NOT deleted;
CREATE INDEX rpus_user_credential_created_idx ON rpus (user_id, credential_id, created_at DESC, service_number, id)
  WHERE NOT deleted;
-- The superuser's list shows deleted service points too, and looks for the rare flags.
CREATE INDEX rpus_created_idx ON rpus (created_at DESC, service_number, id);
CREATE INDEX rpus_user_all_created_idx ON rpus (user_id, created_at DESC, service_number, id);
CREATE INDEX rpus_deleted_created_idx ON rpus (created_at DESC, service_number, id) WHERE deleted;
CREATE INDEX rpus_duplicated_created_idx ON rpus (created_at DESC, service_number, id) WHERE duplicated;
CREATE INDEX rpus_uns_created_idx ON rpus (created_at DESC, service_number, id) WHERE has_uns;

CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
CREATE INDEX users_company_name_trgm_idx ON users USING gin (company_name gin_trgm_ops);
CREATE INDEX users_full_name_trgm_idx ON users USING gin (full_name gin_trgm_ops);
CREATE INDEX users_created_idx ON users (created_at DESC, id);

CREATE INDEX task_associations_service_number_trgm_idx ON task_associations USING gin (service_number gin_trgm_ops);

-- Periods are listed newest first and, within a day, by service number: the number is kept on the
-- period (a service point's number never changes) so that one index gives the whole order.
ALTER TABLE periods ADD COLUMN service_number text;
UPDATE periods p SET service_number = r.service_number FROM rpus r WHERE r.id = p.rpu_id;
ALTER TABLE periods ALTER COLUMN service_number SET NOT NULL;
CREATE FUNCTION periods_service_number() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT r.service_number INTO NEW.service_number FROM rpus r WHERE r.id = NEW.rpu_id;
  RETURN NEW;
END
$$;
CREATE TRIGGER periods_service_number BEFORE INSERT OR UPDATE OF rpu_id ON periods
  FOR EACH ROW EXECUTE FUNCTION periods_service_number();
DROP INDEX periods_user_dates_idx;
DROP INDEX periods_credential_final_idx;
CREATE INDEX periods_user_list_idx ON periods (user_id, final_date DESC, service_number, id);
CREATE INDEX periods_credential_list_idx ON periods (credential_id, final_date DESC, service_number, id);
`;
