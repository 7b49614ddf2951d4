import type { DocumentKind } from '@luz/shared/contract';
import type { Queryable } from '../db/database';

/** A stored document of the caller, as GET /media/get-file serves it. */
export type OwnedDocument = {
  kind: DocumentKind;
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  serviceNumber: string;
  initialDate: string;
  finalDate: string;
};

type Row = {
  kind: DocumentKind;
  storage_key: string;
  content_type: string;
  size_bytes: string;
  sha256: string;
  service_number: string;
  initial_date: string;
  final_date: string;
};

/**
 * The caller's document with this exact file name, or null: another user's document, a document
 * of a deleted service point and any name that is not stored are all the same "not found". The
 * name is only ever compared, never turned into a path.
 */
export async function findOwnedDocument(
  db: Queryable,
  userId: string,
  fileName: string,
): Promise<OwnedDocument | null> {
  // PostgreSQL text cannot hold NUL; no stored name has one, so it is simply not found.
  if (fileName.includes('\u0000')) return null;
  const { rows } = await db.query<Row>(
    `SELECT d.kind, d.storage_key, d.content_type, d.size_bytes::text AS size_bytes, d.sha256,
            r.service_number, p.initial_date::text AS initial_date, p.final_date::text AS final_date
     FROM documents d
     JOIN periods p ON p.id = d.period_id AND p.user_id = d.user_id
     JOIN rpus r ON r.id = p.rpu_id
     WHERE d.file_name = $1 AND d.user_id = $2 AND NOT r.deleted`,
    [fileName, userId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    kind: row.kind,
    storageKey: row.storage_key,
    contentType: row.content_type,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    serviceNumber: row.service_number,
    initialDate: row.initial_date,
    finalDate: row.final_date,
  };
}
