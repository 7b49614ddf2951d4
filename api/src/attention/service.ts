import {
  type AttentionItem,
  CredentialStatus,
  type Page,
  type PageQuery,
  RpuStatus,
} from '@luz/shared/contract';
import { Conditions } from '../db/conditions';
import type { Queryable } from '../db/database';
import { pageWindow } from '../http/pagination';
import { rpuFailureReasonSql } from '../rpus/failure-reasons';

type AttentionRow = {
  item_id: string;
  reason: AttentionItem['reason'];
  message: string | null;
  credential_id: string | null;
  credential_alias: string | null;
  cfe_user: string | null;
  rpu_id: string | null;
  service_number: string | null;
  alias: string | null;
  rpus_count: number;
  since: Date;
  full_count: number;
};

/** A failure of the account itself: one item for the account, not one per service. */
const accountWide = `('wrong_password', 'captcha')`;

/**
 * Everything of the user that needs a person, newest first (GET /attention/), computed from what
 * the database holds, so it is the same after a reload and on every device, and an item leaves
 * as soon as what it asks for is done: the service syncs, the password is replaced, the CAPTCHA
 * is answered.
 *
 * - A failed service point with its own reason (`rpuFailureReasonSql`).
 * - A CFE account CFE refused (wrong password), whose CAPTCHA waits, or whose services failed
 *   for the account's reason (a CAPTCHA nobody answered in time: its session must be renewed;
 *   a password since replaced: they must sync again), with how many services wait for it.
 */
export async function attentionItems(
  db: Queryable,
  userId: string,
  page: PageQuery,
): Promise<Page<AttentionItem>> {
  const params = new Conditions([userId]);
  const reason = rpuFailureReasonSql((value) => params.param(value));
  const { limit, offset } = pageWindow(page);
  const limitParam = params.param(limit);
  const offsetParam = params.param(offset);
  const { rows } = await db.query<AttentionRow>(
    `WITH failing AS (
       SELECT r.id, r.service_number, r.alias, r.status_message, r.updated_at, r.credential_id, ${reason} AS reason
       FROM rpus r
       WHERE r.user_id = $1 AND NOT r.deleted
         AND r.rpu_status IN (${RpuStatus.failed}, ${RpuStatus.missingLink}, ${RpuStatus.badCredentials})
     ), account AS (
       SELECT c.id, c.alias, c.cfe_user, c.status, c.status_message, c.updated_at,
         EXISTS (SELECT 1 FROM portal_sessions s WHERE s.id = c.id AND s.challenge_expires_at > now()) AS captcha_pending,
         (SELECT count(*)::int FROM failing f WHERE f.credential_id = c.id AND f.reason IN ${accountWide}) AS rpus_count,
         (SELECT count(*)::int FROM failing f WHERE f.credential_id = c.id AND f.reason = 'captcha') AS captcha_count,
         (SELECT max(f.updated_at) FROM failing f WHERE f.credential_id = c.id AND f.reason IN ${accountWide}) AS failed_at
       FROM credentials c WHERE c.user_id = $1
     ), items AS (
       SELECT 'rpu:' || f.id::text AS item_id, f.reason, f.status_message AS message, f.credential_id,
         c.alias AS credential_alias, c.cfe_user, f.id AS rpu_id, f.service_number, f.alias,
         0 AS rpus_count, f.updated_at AS since
       FROM failing f LEFT JOIN credentials c ON c.id = f.credential_id
       WHERE f.reason NOT IN ${accountWide}
       UNION ALL
       SELECT 'credential:' || a.id::text,
         CASE WHEN a.status = ${CredentialStatus.invalidPassword} THEN 'wrong_password'
              WHEN a.captcha_pending THEN 'captcha_pending'
              WHEN a.captcha_count > 0 THEN 'session_to_renew'
              ELSE 'sync_pending' END,
         CASE WHEN a.status = ${CredentialStatus.invalidPassword} THEN a.status_message END,
         a.id, a.alias, a.cfe_user, NULL, NULL, NULL, a.rpus_count, greatest(a.failed_at, a.updated_at)
       FROM account a
       WHERE a.status = ${CredentialStatus.invalidPassword} OR a.captcha_pending OR a.rpus_count > 0
     )
     SELECT *, count(*) OVER ()::int AS full_count FROM items
     ORDER BY since DESC, item_id LIMIT ${limitParam} OFFSET ${offsetParam}`,
    params.values,
  );
  return {
    data: rows.map(({ full_count: _, since, ...row }) => ({ ...row, since: since.toISOString() })),
    count: rows[0]?.full_count ?? (offset === 0 ? 0 : await countItems(db, userId)),
  };
}

/** The count alone, for a page past the end (which has no row to carry it). */
async function countItems(db: Queryable, userId: string): Promise<number> {
  return (await attentionItems(db, userId, { page: 1, page_size: 1 })).count;
}
