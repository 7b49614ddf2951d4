// Issue 17 (range 130–139): a ZIP reads its documents' metadata a few service points per query
// (periods/service.ts, selectedDocuments), so that on PGlite other requests are served between
// them. Without an index on the service point, each of those queries scanned every document of
// the table (the only ones on it were partial: receipts, companions).
export const up = /* sql */ `
CREATE INDEX documents_rpu_idx ON documents (rpu_id);
`;
