import { randomUUID } from 'node:crypto';
import { type AttentionItem, CredentialStatus, RpuStatus, zAttentionItem, zPage } from '@luz/shared/contract';
import { setCredentialStatus } from '../credentials/service';
import { setRpuStatus } from '../rpus/service';
import { addCredential, addRpu, apiOf, newCaller } from '../rpus/test-helpers';
import { syncMessages } from '../sync/messages';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(() => t.close());

const zAttentionPage = zPage(zAttentionItem);

async function inbox(token: string, query = '') {
  const response = await api('GET', `/attention/${query}`, token);
  expect(response.statusCode).toBe(200);
  return zAttentionPage.parse(response.json());
}

const reasons = (items: AttentionItem[]) =>
  Object.fromEntries(items.map((item) => [item.rpu_id ?? item.credential_id, item.reason]));

/** A CAPTCHA of CFE waiting for its owner (what the connector stores while it waits). */
async function waitForCaptcha(credentialId: string, expiresInSeconds: number) {
  await t.db.query(
    `INSERT INTO portal_sessions (id, snapshot_encrypted, logged_in, challenge_id, challenge_image,
       challenge_content_type, challenge_issued_at, challenge_expires_at)
     VALUES ($1, 'sellado', false, $2, '\\x89504e47'::bytea, 'image/png', now(), now() + make_interval(secs => $3))`,
    [credentialId, randomUUID(), expiresInSeconds],
  );
}

describe('GET /attention/', () => {
  test('nothing failed: an empty inbox', async () => {
    const { token } = await newCaller(t);
    const credential = await addCredential(t, token);
    await addRpu(t, token, { credential_id: credential.credential_id });
    expect(await inbox(token)).toEqual({ data: [], count: 0 });
  });

  test('failed services by reason, and an account with a wrong password standing for its services', async () => {
    const { token } = await newCaller(t);
    const good = await addCredential(t, token, { alias: 'Corporativo' });
    const refused = await addCredential(t, token, { alias: 'Sucursales' });
    const needsTotal = await addRpu(t, token, { credential_id: good.credential_id, alias: 'Bodega' });
    const timedOut = await addRpu(t, token, { credential_id: good.credential_id });
    const fine = await addRpu(t, token, { credential_id: good.credential_id });
    const locked = await addRpu(t, token, { credential_id: refused.credential_id });
    const lockedToo = await addRpu(t, token, { credential_id: refused.credential_id });
    await setRpuStatus(t.db, needsTotal.rpu_id, RpuStatus.missingLink, syncMessages.needsLastPayment);
    await setRpuStatus(
      t.db,
      timedOut.rpu_id,
      RpuStatus.failed,
      syncMessages.failedAfterRetries(3, syncMessages.portalTimeout),
    );
    await setRpuStatus(t.db, fine.rpu_id, RpuStatus.verified);
    for (const rpu of [locked, lockedToo])
      await setRpuStatus(t.db, rpu.rpu_id, RpuStatus.badCredentials, syncMessages.invalidCredentials);
    await setCredentialStatus(
      t.db,
      refused.credential_id,
      CredentialStatus.invalidPassword,
      syncMessages.invalidCredentials,
    );

    const page = await inbox(token);
    expect(page.count).toBe(3);
    expect(reasons(page.data)).toEqual({
      [needsTotal.rpu_id]: 'needs_total',
      [timedOut.rpu_id]: 'failed',
      [refused.credential_id]: 'wrong_password',
    });
    expect(page.data.find((item) => item.rpu_id === needsTotal.rpu_id)).toMatchObject({
      item_id: `rpu:${needsTotal.rpu_id}`,
      service_number: needsTotal.service_number,
      alias: 'Bodega',
      credential_alias: 'Corporativo',
      message: syncMessages.needsLastPayment,
    });
    expect(
      page.data.find((item) => item.credential_id === refused.credential_id && !item.rpu_id),
    ).toMatchObject({
      item_id: `credential:${refused.credential_id}`,
      credential_alias: 'Sucursales',
      rpus_count: 2,
    });

    // Pages: the count is the whole inbox's.
    const second = await inbox(token, '?page=2&page_size=2');
    expect(second.count).toBe(3);
    expect(second.data).toHaveLength(1);
    expect((await inbox(token, '?page=5&page_size=2')).count).toBe(3);
  });

  test('items clear when fixed: a new password leaves "sync again", then the sync clears it', async () => {
    const { token } = await newCaller(t);
    const credential = await addCredential(t, token);
    const rpu = await addRpu(t, token, { credential_id: credential.credential_id });
    await setRpuStatus(t.db, rpu.rpu_id, RpuStatus.badCredentials, syncMessages.invalidCredentials);
    await setCredentialStatus(t.db, credential.credential_id, CredentialStatus.invalidPassword);
    expect(reasons((await inbox(token)).data)).toEqual({ [credential.credential_id]: 'wrong_password' });

    const update = await api('PATCH', `/credentials/${credential.credential_id}`, token, {
      password: 'la-nueva-contraseña',
    });
    expect(update.statusCode).toBe(200);
    expect(reasons((await inbox(token)).data)).toEqual({ [credential.credential_id]: 'sync_pending' });

    await setRpuStatus(t.db, rpu.rpu_id, RpuStatus.verified);
    expect(await inbox(token)).toEqual({ data: [], count: 0 });
  });

  test('a CAPTCHA waiting for its owner, and one nobody answered in time (the session must be renewed)', async () => {
    const { token } = await newCaller(t);
    const waiting = await addCredential(t, token);
    const expired = await addCredential(t, token);
    const rpu = await addRpu(t, token, { credential_id: expired.credential_id });
    await waitForCaptcha(waiting.credential_id, 600);
    await waitForCaptcha(expired.credential_id, -60);
    await setRpuStatus(t.db, rpu.rpu_id, RpuStatus.failed, syncMessages.captcha);
    expect(reasons((await inbox(token)).data)).toEqual({
      [waiting.credential_id]: 'captcha_pending',
      [expired.credential_id]: 'session_to_renew',
    });
  });

  test("tenancy: another user's failures never show", async () => {
    const owner = await newCaller(t);
    const other = await newCaller(t);
    const credential = await addCredential(t, owner.token);
    const rpu = await addRpu(t, owner.token, { credential_id: credential.credential_id });
    await setRpuStatus(t.db, rpu.rpu_id, RpuStatus.failed, syncMessages.serviceNotFound);
    await setCredentialStatus(t.db, credential.credential_id, CredentialStatus.invalidPassword);
    expect((await inbox(owner.token)).count).toBe(2);
    expect(await inbox(other.token)).toEqual({ data: [], count: 0 });
    expect((await api('GET', '/attention/', '')).statusCode).toBe(401);
  });
});
