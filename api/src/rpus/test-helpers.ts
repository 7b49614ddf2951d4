import { randomUUID } from 'node:crypto';
import { type Credential, type Rpu, zCredential, zRpu } from '@luz/shared/contract';
import { bearer, seedUser, type TestUser, tokenFor } from '../testing/fixtures';
import type { TestApp } from '../testing/test-app';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type Caller = { user: TestUser; token: string };

/** Requests to /api/v1 of one test app as one caller. */
export function apiOf(t: TestApp) {
  return (method: Method, url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });
}

export async function newCaller(t: TestApp, seed: Parameters<typeof seedUser>[1] = {}): Promise<Caller> {
  const user = await seedUser(t.db, seed);
  return { user, token: await tokenFor(t.config, t.db, user.id) };
}

export async function addCredential(
  t: TestApp,
  token: string,
  body: Partial<Credential> & { password?: string } = {},
) {
  const response = await apiOf(t)('POST', '/credentials/', token, {
    cfe_user: `cuenta-${randomUUID()}@cfe.test`,
    password: 'secreto-del-portal-1',
    ...body,
  });
  if (response.statusCode !== 200)
    throw new Error(`POST /credentials/: ${response.statusCode} ${response.body}`);
  return zCredential.parse(response.json());
}

/** A fresh, valid 12-digit service number. */
let serial = 0;
export function serviceNumber(): string {
  serial += 1;
  return `${Date.now() % 1_000_000}`.padStart(6, '0') + `${serial}`.padStart(6, '0');
}

export async function addRpu(t: TestApp, token: string, body: Record<string, unknown> = {}): Promise<Rpu> {
  const response = await apiOf(t)('POST', '/rpus/', token, { service_number: serviceNumber(), ...body });
  if (response.statusCode !== 200) throw new Error(`POST /rpus/: ${response.statusCode} ${response.body}`);
  return zRpu.parse(response.json());
}
