import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type AdminApiToken,
  type AdminApiTokenQuery,
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenScope,
  type ApiTokenWithSecret,
  type Page,
  type PageQuery,
  type zApiTokenCreate,
} from '@luz/shared/contract';
import type { z } from 'zod';
import { Conditions } from '../db/conditions';
import type { Queryable } from '../db/database';
import { notFound } from '../http/errors';
import { containsPattern, selectPage } from '../http/pagination';
import { apiTokenMessages } from './messages';

type ApiTokenRow = {
  id: string;
  name: string;
  scope: ApiTokenScope;
  hint: string;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
};

const tokenColumns = 't.id, t.name, t.scope, t.hint, t.created_at, t.expires_at, t.last_used_at';

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    token_id: row.id,
    name: row.name,
    scope: row.scope,
    hint: row.hint,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

/** Only this is stored: a token is 32 random bytes, so there is nothing for a slow hash to protect. */
export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

/** How many characters of a token its list shows: the prefix and four of the random part. */
const HINT_LENGTH = API_TOKEN_PREFIX.length + 4;

/** Creates a token for the user; the answer carries the token itself, which is never shown again. */
export async function createApiToken(
  db: Queryable,
  userId: string,
  input: z.output<typeof zApiTokenCreate>,
): Promise<ApiTokenWithSecret> {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const { rows } = await db.query<ApiTokenRow>(
    `INSERT INTO api_tokens (id, user_id, name, scope, token_hash, hint, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(days => $7::int) END)
     RETURNING id, name, scope, hint, created_at, expires_at, last_used_at`,
    [
      randomUUID(),
      userId,
      input.name,
      input.scope,
      hashApiToken(token),
      token.slice(0, HINT_LENGTH),
      input.expires_in_days,
    ],
  );
  return { ...toApiToken(rows[0] as ApiTokenRow), token };
}

export async function listApiTokens(db: Queryable, userId: string, page: PageQuery): Promise<Page<ApiToken>> {
  const where = new Conditions();
  where.add((p) => `t.user_id = ${p}`, userId);
  return selectPage<ApiTokenRow, ApiToken>(
    db,
    { columns: tokenColumns, from: 'api_tokens t', where, orderBy: 't.created_at DESC, t.id' },
    page,
    toApiToken,
  );
}

/** Every user's tokens, for a superuser; `email` narrows to owners whose address contains it. */
export async function listAllApiTokens(
  db: Queryable,
  query: AdminApiTokenQuery & PageQuery,
): Promise<Page<AdminApiToken>> {
  const where = new Conditions();
  if (query.email) where.add((p) => `u.email ILIKE ${p}`, containsPattern(query.email));
  return selectPage<ApiTokenRow & { user_id: string; email: string }, AdminApiToken>(
    db,
    {
      columns: `${tokenColumns}, t.user_id, u.email`,
      from: 'api_tokens t JOIN users u ON u.id = t.user_id',
      where,
      orderBy: 't.created_at DESC, t.id',
    },
    query,
    (row) => ({ ...toApiToken(row), user_id: row.user_id, email: row.email }),
  );
}

/** Revokes (deletes) a token of `ownerId`, or anyone's when `ownerId` is null (a superuser); 404 otherwise. */
export async function revokeApiToken(db: Queryable, tokenId: string, ownerId: string | null): Promise<void> {
  const { rows } = await db.query(
    'DELETE FROM api_tokens WHERE id = $1 AND ($2::uuid IS NULL OR user_id = $2) RETURNING id',
    [tokenId, ownerId],
  );
  if (rows.length === 0) throw notFound(apiTokenMessages.notFound);
}

/** How often a token's last use is written: a busy integration must not write on every request. */
const LAST_USE_RESOLUTION_MS = 60_000;

/**
 * Records that a token was used, at most once a minute per token and process, so that a busy
 * integration does not write on every request.
 */
export function lastUseRecorder(db: Queryable) {
  const written = new Map<string, number>();
  return async (tokenId: string, now = Date.now()) => {
    if (now - (written.get(tokenId) ?? 0) < LAST_USE_RESOLUTION_MS) return;
    if (written.size > 10_000) written.clear();
    written.set(tokenId, now);
    await db.query('UPDATE api_tokens SET last_used_at = now() WHERE id = $1', [tokenId]);
  };
}
