// Issue 17 (range 100–109): the lists of service points and periods keep their capped counts for
// a few seconds (http/list-counts.ts). Whatever can change such a count (a service point, a period
// or a portal account written, a user's e-mail or company changed) announces the users whose rows
// it touched on `luz_list_changes`, from the database itself, once per statement (a sync or an
// import of thousands of rows sends one notification per user, not one per row).
const announce = (table: string, column: string) => /* sql */ `
CREATE TRIGGER ${table}_list_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_list_change('${column}');
CREATE TRIGGER ${table}_list_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_list_change('${column}');
CREATE TRIGGER ${table}_list_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_list_change('${column}');`;

export const up = /* sql */ `
CREATE FUNCTION announce_list_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  FOR changed IN EXECUTE CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT DISTINCT %I::text FROM new_rows', TG_ARGV[0])
    WHEN 'DELETE' THEN format('SELECT DISTINCT %I::text FROM old_rows', TG_ARGV[0])
    ELSE format('SELECT %1$I::text FROM new_rows UNION SELECT %1$I::text FROM old_rows', TG_ARGV[0])
  END LOOP
    PERFORM pg_notify('luz_list_changes', changed);
  END LOOP;
  RETURN NULL;
END
$$;
${announce('rpus', 'user_id')}
${announce('periods', 'user_id')}
${announce('credentials', 'user_id')}
CREATE TRIGGER users_list_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_list_change('id');
CREATE TRIGGER users_list_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_list_change('id');
`;
