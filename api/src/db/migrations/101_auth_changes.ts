// Issue 17 (range 100–109): the auth guard keeps the callers it has checked for a few seconds
// (auth/session-cache.ts). Whatever changes what it checked (the user's row: active, superuser,
// password, subscription…; a credential added or removed: has_credentials; a token logged out)
// announces the user's id on `luz_auth_changes`, from the database itself, so no code path,
// script or other process can forget to; every API process drops that user from its cache.
export const up = /* sql */ `
CREATE FUNCTION announce_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('luz_auth_changes', OLD.id::text);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('luz_auth_changes', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('luz_auth_changes', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_auth_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION announce_auth_change();
CREATE TRIGGER credentials_auth_change AFTER INSERT OR DELETE ON credentials
  FOR EACH ROW EXECUTE FUNCTION announce_auth_change();
CREATE TRIGGER revoked_tokens_auth_change AFTER INSERT ON revoked_tokens
  FOR EACH ROW EXECUTE FUNCTION announce_auth_change();
`;
