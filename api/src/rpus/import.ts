import {
  holderNameMessage,
  holderNameProblem,
  MAX_ALIAS_LENGTH,
  normalizeHolderName,
  normalizeServiceNumber,
  parseMoneyText,
  type RpuBulkCreateResponse,
  type RpuImportResult,
  rpuImportProblems,
  rpuImportRowErrors,
  type zRpuImportRow,
} from '@luz/shared/contract';
import type { z } from 'zod';
import { credentialIdsByCfeUser } from '../credentials/service';
import type { Database } from '../db/database';
import { refreshDuplicated, searchText, statusForCredential } from './service';

type ImportRow = z.output<typeof zRpuImportRow>;
const problems = rpuImportProblems;

/** Rows per INSERT: large enough to be fast, small enough to keep each statement modest. */
const INSERT_CHUNK = 1_000;

type Candidate = {
  row: number;
  serviceNumber: string;
  alias: string;
  credentialId: string | null;
  lastPayment: string | null;
  holderName: string | null;
};

/** Why a row cannot be imported, or null: spec §3's errors first, then alias and last payment. */
function rowProblem(
  row: ImportRow,
  known: ReadonlySet<string>,
): Pick<RpuImportResult, 'outcome' | 'reason'> | null {
  const errors = rpuImportRowErrors(row, known);
  const error = errors.service_number ?? errors.cfe_user;
  if (error) return { outcome: 'invalid', reason: error };
  if (row.alias.trim().length > MAX_ALIAS_LENGTH)
    return { outcome: 'invalid', reason: problems.aliasTooLong(MAX_ALIAS_LENGTH) };
  if (row.last_payment?.trim() && parseMoneyText(row.last_payment) === null)
    return { outcome: 'invalid', reason: problems.lastPaymentInvalid };
  const holderProblem = holderNameProblem(row.holder_name ?? '');
  if (holderProblem) return { outcome: 'invalid', reason: holderNameMessage(holderProblem) };
  return null;
}

/**
 * POST /rpus/bulk: checks every row by the rules of spec §3 (the same functions the browser's
 * preview uses), inserts the good ones in one transaction and answers for every row: created,
 * duplicate (the user already has the number, or an earlier row of the request has it) or invalid
 * with the reason.
 */
export async function importRpus(
  db: Database,
  userId: string,
  rows: readonly ImportRow[],
): Promise<RpuBulkCreateResponse> {
  const credentials = await credentialIdsByCfeUser(db, userId);
  const known = new Set(credentials.keys());
  const results: RpuImportResult[] = new Array(rows.length);
  const candidates: Candidate[] = [];
  const firstRowOf = new Map<string, number>();

  rows.forEach((row, index) => {
    const serviceNumber = normalizeServiceNumber(row.service_number);
    const problem = rowProblem(row, known);
    if (problem) {
      results[index] = { row: index, service_number: serviceNumber, rpu_id: null, ...problem };
      return;
    }
    if (firstRowOf.has(serviceNumber)) {
      results[index] = {
        row: index,
        service_number: serviceNumber,
        outcome: 'duplicate',
        reason: problems.duplicateInRequest,
        rpu_id: null,
      };
      return;
    }
    firstRowOf.set(serviceNumber, index);
    const cfeUser = row.cfe_user.trim().toLowerCase();
    candidates.push({
      row: index,
      serviceNumber,
      alias: row.alias.trim(),
      credentialId: cfeUser === '' ? null : (credentials.get(cfeUser) ?? null),
      lastPayment: row.last_payment?.trim() ? parseMoneyText(row.last_payment) : null,
      holderName: normalizeHolderName(row.holder_name ?? '') || null,
    });
  });

  const created = await db.transaction(async (tx) => {
    const ids = new Map<string, string>();
    for (let start = 0; start < candidates.length; start += INSERT_CHUNK) {
      const chunk = candidates.slice(start, start + INSERT_CHUNK);
      const inserted = await tx.query<{ id: string; service_number: string }>(
        `INSERT INTO rpus (user_id, credential_id, service_number, alias, alias_search, rpu_status, last_payment, holder_name)
         SELECT $1, * FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::smallint[], $7::numeric[], $8::text[])
         ON CONFLICT (user_id, service_number) WHERE NOT deleted DO NOTHING
         RETURNING id, service_number`,
        [
          userId,
          chunk.map((candidate) => candidate.credentialId),
          chunk.map((candidate) => candidate.serviceNumber),
          chunk.map((candidate) => candidate.alias),
          chunk.map((candidate) => searchText(candidate.alias)),
          chunk.map((candidate) => statusForCredential(candidate.credentialId)),
          chunk.map((candidate) => candidate.lastPayment),
          chunk.map((candidate) => candidate.holderName),
        ],
      );
      for (const row of inserted.rows) ids.set(row.service_number, row.id);
    }
    await refreshDuplicated(tx, [...ids.keys()]);
    return ids;
  });
  await refreshDuplicated(db, [...created.keys()]);

  for (const candidate of candidates) {
    const id = created.get(candidate.serviceNumber);
    results[candidate.row] = {
      row: candidate.row,
      service_number: candidate.serviceNumber,
      outcome: id ? 'created' : 'duplicate',
      reason: id ? null : problems.alreadyExists,
      rpu_id: id ?? null,
    };
  }
  const count = (outcome: RpuImportResult['outcome']) =>
    results.filter((result) => result.outcome === outcome).length;
  return { created: count('created'), duplicates: count('duplicate'), invalid: count('invalid'), results };
}
