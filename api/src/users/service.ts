import type {
  Page,
  PageQuery,
  SubscriptionStatus,
  UserPublic,
  UserRegister,
  UsersQuery,
  UserUpdate,
  UserUpdateMe,
} from '@luz/shared/contract';
import { assertStrongPassword } from '../auth/password-policy';
import { generatePassword, hashPassword, verifyPassword } from '../auth/passwords';
import { announceSessionChange } from '../auth/sessions';
import { Conditions } from '../db/conditions';
import { isUniqueViolation, type Queryable } from '../db/database';
import { badRequest, conflict, notFound } from '../http/errors';
import { containsPattern, selectPage } from '../http/pagination';
import { messages } from '../messages';

/**
 * A user as the API works with it (never holds the password hash). Never changed in place: the
 * auth guard and /users/me keep what they made of a row (issue 17).
 */
export type User = Readonly<{
  id: string;
  email: string;
  fullName: string;
  companyName: string;
  isSuperuser: boolean;
  isActive: boolean;
  mustChangePassword: boolean;
  tokenVersion: number;
  hasCredentials: boolean;
  subscription: Readonly<{
    status: SubscriptionStatus;
    subscriptionId: string | null;
    updatedAt: Date | null;
  }>;
  createdAt: Date;
}>;

type UserRow = {
  id: string;
  email: string;
  full_name: string;
  company_name: string;
  is_superuser: boolean;
  is_active: boolean;
  must_change_password: boolean;
  token_version: number;
  has_credentials: boolean;
  subscription_status: SubscriptionStatus;
  subscription_id: string | null;
  subscription_updated_at: Date | null;
  created_at: Date;
};

const userColumns = /* sql */ `
  u.id, u.email, u.full_name, u.company_name, u.is_superuser, u.is_active, u.must_change_password,
  u.token_version, u.subscription_status, u.subscription_id, u.subscription_updated_at, u.created_at,
  EXISTS (SELECT 1 FROM credentials c WHERE c.user_id = u.id) AS has_credentials`;

function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    companyName: row.company_name,
    isSuperuser: row.is_superuser,
    isActive: row.is_active,
    mustChangePassword: row.must_change_password,
    tokenVersion: row.token_version,
    hasCredentials: row.has_credentials,
    subscription: {
      status: row.subscription_status,
      subscriptionId: row.subscription_id,
      updatedAt: row.subscription_updated_at,
    },
    createdAt: row.created_at,
  };
}

export function toUserPublic(user: User): UserPublic {
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    company_name: user.companyName,
    is_superuser: user.isSuperuser,
    is_active: user.isActive,
    must_change_password: user.mustChangePassword,
    has_credentials: user.hasCredentials,
    subscription: {
      status: user.subscription.status,
      subscription_id: user.subscription.subscriptionId,
      updated_at: user.subscription.updatedAt?.toISOString() ?? null,
    },
    created_at: user.createdAt.toISOString(),
  };
}

/** E-mail addresses are kept trimmed and lower-case; uniqueness is on lower(email) in the schema. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const emailConflict = (error: unknown) => {
  if (isUniqueViolation(error, 'users_email_key')) return conflict(messages.emailTaken);
  return error;
};

export async function findUserById(db: Queryable, id: string): Promise<User | null> {
  const { rows } = await db.query<UserRow>(`SELECT ${userColumns} FROM users u WHERE u.id = $1`, [id]);
  return rows[0] ? toUser(rows[0]) : null;
}

/** The user and whether this token of theirs was logged out (revoked_tokens): the auth guard's one query. */
export async function findUserForToken(
  db: Queryable,
  id: string,
  jti: string,
): Promise<{ user: User; revoked: boolean } | null> {
  const { rows } = await db.query<UserRow & { revoked: boolean }>(
    `SELECT ${userColumns}, EXISTS (SELECT 1 FROM revoked_tokens t WHERE t.jti = $2) AS revoked
     FROM users u WHERE u.id = $1`,
    [id, jti],
  );
  return rows[0] ? { user: toUser(rows[0]), revoked: rows[0].revoked } : null;
}

/** What the auth guard needs of an API token besides its user. */
export type ApiTokenFacts = { id: string; scope: 'read' | 'full'; expiresAt: Date | null };

/** The user an API token (by its SHA-256) belongs to, with the token's facts; null when unknown or revoked. */
export async function findUserForApiToken(
  db: Queryable,
  tokenHash: string,
): Promise<{ user: User; token: ApiTokenFacts } | null> {
  const { rows } = await db.query<
    UserRow & { token_id: string; scope: 'read' | 'full'; expires_at: Date | null }
  >(
    `SELECT ${userColumns}, t.id AS token_id, t.scope, t.expires_at
     FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1`,
    [tokenHash],
  );
  const row = rows[0];
  return row
    ? { user: toUser(row), token: { id: row.token_id, scope: row.scope, expiresAt: row.expires_at } }
    : null;
}

/** The user and their password hash, for checking a login. */
export async function findUserForLogin(
  db: Queryable,
  email: string,
): Promise<{ user: User; hashedPassword: string } | null> {
  const { rows } = await db.query<UserRow & { hashed_password: string }>(
    `SELECT ${userColumns}, u.hashed_password FROM users u WHERE lower(u.email) = $1`,
    [normalizeEmail(email)],
  );
  const row = rows[0];
  return row ? { user: toUser(row), hashedPassword: row.hashed_password } : null;
}

export type NewUser = UserRegister & { isSuperuser?: boolean };

/** Creates a user (subscription `no_subscription`, the schema's default); 409 when the e-mail is taken. */
export async function createUser(db: Queryable, input: NewUser): Promise<User> {
  return insertUser(db, input, await hashPassword(input.password));
}

/** `createUser` with the password's hash already made: test fixtures hash each password once. */
export async function insertUser(
  db: Queryable,
  input: Omit<NewUser, 'password'>,
  hashed: string,
): Promise<User> {
  try {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO users (email, full_name, company_name, hashed_password, is_superuser)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [normalizeEmail(input.email), input.full_name, input.company_name, hashed, input.isSuperuser ?? false],
    );
    return (await findUserById(db, (rows[0] as { id: string }).id)) as User;
  } catch (error) {
    throw emailConflict(error);
  }
}

const editableColumns = {
  email: 'email',
  full_name: 'full_name',
  company_name: 'company_name',
  is_superuser: 'is_superuser',
  is_active: 'is_active',
} as const;

async function updateColumns(db: Queryable, id: string, changes: UserUpdate): Promise<User | null> {
  const entries = Object.entries(changes).filter(
    (entry): entry is [keyof typeof editableColumns, string | boolean] =>
      entry[0] in editableColumns && entry[1] !== undefined,
  );
  if (entries.length === 0) return findUserById(db, id);
  const assignments = entries.map(([key], index) => `${editableColumns[key]} = $${index + 2}`);
  const values = entries.map(([key, value]) => (key === 'email' ? normalizeEmail(value as string) : value));
  try {
    const { rowCount } = await db.query(
      `UPDATE users SET ${assignments.join(', ')}, updated_at = now() WHERE id = $1`,
      [id, ...values],
    );
    return rowCount === 0 ? null : findUserById(db, id);
  } catch (error) {
    throw emailConflict(error);
  }
}

/**
 * Edits one's own profile. A new e-mail needs the current password: whoever holds only a session
 * (a borrowed laptop, a stolen token) must not move the account to an address they control.
 */
export async function updateMe(db: Queryable, me: User, changes: UserUpdateMe): Promise<User> {
  const { email, full_name, company_name, current_password } = changes;
  if (email !== undefined && normalizeEmail(email) !== me.email) {
    if (!current_password) throw badRequest(messages.currentPasswordForEmail);
    await checkCurrentPassword(db, me, current_password);
  }
  return (await updateColumns(db, me.id, { email, full_name, company_name })) as User;
}

/** A superuser edits any user; they cannot lock themselves out (deactivate or demote their own account). */
export async function updateUser(
  db: Queryable,
  actor: User,
  userId: string,
  changes: UserUpdate,
): Promise<User> {
  if (userId === actor.id && (changes.is_active === false || changes.is_superuser === false)) {
    throw badRequest(messages.cannotLockOutYourself);
  }
  const user = await updateColumns(db, userId, changes);
  if (!user) throw notFound(messages.userNotFound);
  // A deactivated user's open WebSockets close now, not at their next request.
  if (changes.is_active === false) await announceSessionChange(db, userId);
  return user;
}

/**
 * Stores a new password hash and bumps token_version, which invalidates every token issued
 * before (and closes the WebSockets they opened); pending reset links die with the old password. Answers the new token version, or null
 * when the user does not exist. Hash first (`hashPassword`): it is slow, and must not hold a transaction open.
 */
export async function storePassword(
  db: Queryable,
  userId: string,
  hashedPassword: string,
  { mustChange }: { mustChange: boolean },
): Promise<number | null> {
  // One statement, so the new password and the retired reset links land together.
  const { rows } = await db.query<{ token_version: number }>(
    `WITH updated AS (
       UPDATE users SET hashed_password = $2, must_change_password = $3, token_version = token_version + 1, updated_at = now()
       WHERE id = $1 RETURNING id, token_version
     ), spent AS (
       UPDATE password_reset_tokens SET used_at = now() WHERE user_id IN (SELECT id FROM updated) AND used_at IS NULL
     )
     SELECT token_version FROM updated`,
    [userId, hashedPassword, mustChange],
  );
  if (!rows[0]) return null;
  await announceSessionChange(db, userId);
  return rows[0].token_version;
}

/** 400 unless `current` is the user's password. */
async function checkCurrentPassword(db: Queryable, me: User, current: string): Promise<void> {
  const { rows } = await db.query<{ hashed_password: string }>(
    'SELECT hashed_password FROM users WHERE id = $1',
    [me.id],
  );
  if (!rows[0] || !(await verifyPassword(rows[0].hashed_password, current)))
    throw badRequest(messages.wrongCurrentPassword);
}

/** What an attacker tries first against this account: its e-mail, name and company. */
export const accountWords = (user: Pick<User, 'email' | 'fullName' | 'companyName'>) => [
  user.email,
  user.fullName,
  user.companyName,
];

/**
 * The user's own change: the current password must be right, the new one different and not
 * guessable (422 on `new_password`). Answers the new token version.
 */
export async function changePassword(
  db: Queryable,
  me: User,
  current: string,
  next: string,
): Promise<number> {
  await checkCurrentPassword(db, me, current);
  if (current === next) throw badRequest(messages.samePassword);
  await assertStrongPassword(next, { field: 'new_password', context: accountWords(me) });
  return (await storePassword(db, me.id, await hashPassword(next), { mustChange: false })) as number;
}

/**
 * A superuser gives a user a password to change at next login; generated when not given. A chosen
 * one must not be guessable either: it opens the account until the user replaces it.
 */
export async function setTemporalPassword(db: Queryable, userId: string, password?: string): Promise<string> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound(messages.userNotFound);
  if (password !== undefined)
    await assertStrongPassword(password, { field: 'password', context: accountWords(user) });
  const temporal = password ?? (await generatePassword());
  if ((await storePassword(db, userId, await hashPassword(temporal), { mustChange: true })) === null) {
    throw notFound(messages.userNotFound);
  }
  return temporal;
}

export async function listUsers(db: Queryable, filters: UsersQuery, page: PageQuery): Promise<Page<User>> {
  const where = new Conditions();
  for (const [column, value] of [
    ['company_name', filters.company_name],
    ['email', filters.email],
    ['full_name', filters.full_name],
  ] as const) {
    if (value) where.add((p) => `u.${column} ILIKE ${p}`, containsPattern(value));
  }
  return selectPage<UserRow, User>(
    db,
    { columns: userColumns, from: 'users u', where, orderBy: 'u.created_at DESC, u.id' },
    page,
    toUser,
  );
}
