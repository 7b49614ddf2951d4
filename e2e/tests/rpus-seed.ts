import type { APIRequestContext } from '@playwright/test';
import { type ApiSeed, expect, type TestUser } from '../fixtures';

/**
 * A new user who may use the app: signed up through the API and made superuser (a superuser
 * always counts as subscribed, spec §4), so these tests do not depend on the billing checkout.
 */
export async function activeUser(seed: ApiSeed, request: APIRequestContext): Promise<TestUser> {
  const user = await seed.signup({ company_name: 'Servicios E2E' });
  const admin = await seed.superuserToken();
  const response = await request.patch(`/api/v1/users/${user.id}`, {
    ...seed.authorized(admin),
    data: { is_superuser: true },
  });
  expect(response.status(), await response.text()).toBe(200);
  return user;
}

export async function addCredential(
  seed: ApiSeed,
  request: APIRequestContext,
  token: string,
  body: { cfe_user: string; alias?: string },
): Promise<string> {
  const response = await request.post('/api/v1/credentials/', {
    ...seed.authorized(token),
    data: { password: 'clave-del-portal-1', ...body },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).credential_id as string;
}

export async function importRows(
  seed: ApiSeed,
  request: APIRequestContext,
  token: string,
  rows: { service_number: string; alias?: string; cfe_user?: string }[],
) {
  const response = await request.post('/api/v1/rpus/bulk', { ...seed.authorized(token), data: { rows } });
  expect(response.status(), await response.text()).toBe(200);
  expect((await response.json()).created).toBe(rows.length);
}
