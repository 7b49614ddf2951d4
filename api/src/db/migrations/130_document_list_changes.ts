// Issue 17 (range 130–139): the periods list keeps whole pages (http/list-counts.ts), and a page
// shows its documents (has_pdf, has_xml, file names, companion CFDIs). So a document written,
// replaced or removed announces its user on `luz_list_changes` too, once per statement, with the
// function of migration 102.
export const up = /* sql */ `
CREATE TRIGGER documents_list_insert AFTER INSERT ON documents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_list_change('user_id');
CREATE TRIGGER documents_list_update AFTER UPDATE ON documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_list_change('user_id');
CREATE TRIGGER documents_list_delete AFTER DELETE ON documents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION announce_list_change('user_id');
`;
