import type { APIRequestContext } from '@playwright/test';
import { type ApiSeed, expect } from '../fixtures';

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
