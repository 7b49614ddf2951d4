import { randomUUID } from 'node:crypto';
import type { SubscriptionStatus, SyncEvent } from '@luz/shared/contract';
import { hashPassword } from '../auth/passwords';
import { createTokenService } from '../auth/tokens';
import type { Config } from '../config';
import type { Queryable } from '../db/database';
import type { ApiApp } from '../http/api-app';
import { insertUser, type User } from '../users/service';

export type TestUser = User & { password: string };

export type UserSeed = {
  email?: string;
  password?: string;
  fullName?: string;
  companyName?: string;
  isSuperuser?: boolean;
  isActive?: boolean;
  /** Default `active`: the API's routes need one (spec §4); say `no_subscription` for a new account. */
  subscriptionStatus?: SubscriptionStatus;
};

const hashes = new Map<string, Promise<string>>();

/**
 * argon2 costs tens of milliseconds of CPU per hash, on purpose, and most seeded users share one
 * password: each password is hashed once per test file (decision 009).
 */
function hashOf(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

/**
 * A user straight in the database (the API's own service), with the password kept for logins.
 * Unlike a signup, the user has an active subscription unless the seed says otherwise.
 */
export async function seedUser(db: Queryable, seed: UserSeed = {}): Promise<TestUser> {
  const password = seed.password ?? 'Contraseña-de-prueba-1';
  const subscriptionStatus = seed.subscriptionStatus ?? 'active';
  const user = await insertUser(
    db,
    {
      email: seed.email ?? `usuario-${randomUUID()}@luz.test`,
      full_name: seed.fullName ?? 'Usuaria de Prueba',
      company_name: seed.companyName ?? 'Empresa de Prueba',
      isSuperuser: seed.isSuperuser ?? false,
    },
    await hashOf(password),
  );
  await db.query('UPDATE users SET is_active = $2, subscription_status = $3 WHERE id = $1', [
    user.id,
    seed.isActive ?? true,
    subscriptionStatus,
  ]);
  return {
    ...user,
    isActive: seed.isActive ?? true,
    subscription: { ...user.subscription, status: subscriptionStatus },
    password,
  };
}

export const seedSuperuser = (db: Queryable, seed: UserSeed = {}) =>
  seedUser(db, { ...seed, isSuperuser: true });

/** A valid access token for `user` as the app would issue it (at the user's current token version). */
export async function tokenFor(
  config: Pick<Config, 'secretKey' | 'accessTokenExpireMinutes'>,
  db: Queryable,
  userId: string,
) {
  const { rows } = await db.query<{ token_version: number }>(
    'SELECT token_version FROM users WHERE id = $1',
    [userId],
  );
  const tokens = createTokenService({
    secretKey: config.secretKey,
    expireMinutes: config.accessTokenExpireMinutes,
  });
  return tokens.issue(userId, rows[0]?.token_version ?? 0);
}

/** Logs in through the API, as the front end does (form-encoded). */
export async function login(app: ApiApp, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/login/access-token',
    payload: new URLSearchParams({ username: email, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (response.statusCode !== 200) throw new Error(`Login failed (${response.statusCode}): ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A form-encoded body for `inject`. */
export const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** A sync event as the engine publishes one (a service point's step in progress). */
export const syncEvent = (overrides: Partial<SyncEvent> = {}): SyncEvent => ({
  event_type: 'progress',
  attempt: 0,
  chain_step: 'fetching_service_data',
  chain_workflow: 1,
  progress: 25,
  status: 0,
  task_id: '8c1f3d4e-2b7a-4c59-9e61-0a2d5f3b7c90',
  task_association_id: null,
  rpu_id: null,
  credential_id: null,
  service_number: '123456789012',
  credential_label: null,
  alias: null,
  message: null,
  timestamp: new Date().toISOString(),
  ...overrides,
});
