import { randomUUID } from 'node:crypto';
import { createCredential, credentialPasswordBinding, getCredentialForSync } from '../credentials/service';
import { seedUser } from '../testing/fixtures';
import { sealV1 } from '../testing/legacy-secrets';
import { createTestApp, type TestApp } from '../testing/test-app';
import { webhookSecretBinding } from '../webhooks/service';
import { reencryptLegacySecrets } from './reencrypt';
import { createSecretBox } from './secret-box';

// Rows sealed before the binding (v1) are re-encrypted at start, bound to their row, once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function legacyRows(userId: string) {
  const key = t.config.credentialsKey;
  const credentialIds = [randomUUID(), randomUUID()];
  for (const [index, id] of credentialIds.entries()) {
    await t.db.query(
      'INSERT INTO credentials (id, user_id, cfe_user, password_encrypted) VALUES ($1, $2, $3, $4)',
      [id, userId, `cuenta-${index}-${id}`, sealV1(key, `clave-del-portal-${index}`)],
    );
  }
  const webhookId = randomUUID();
  await t.db.query(
    `INSERT INTO webhooks (id, user_id, url, description, events, enabled, secret_encrypted)
     VALUES ($1, $2, 'https://hooks.example.com/luz', '', '{period.created}', true, $3)`,
    [webhookId, userId, sealV1(key, 'whsec_secreto')],
  );
  return { credentialIds, webhookId };
}

test('v1 values become v2 bound to their row; a second run finds nothing; a stranger key is skipped', async () => {
  const user = await seedUser(t.db);
  const { credentialIds, webhookId } = await legacyRows(user.id);
  await t.db.query('INSERT INTO credentials (user_id, cfe_user, password_encrypted) VALUES ($1, $2, $3)', [
    user.id,
    'otra-llave',
    sealV1(Buffer.alloc(32, 7), 'no-se-abre'),
  ]);
  const secrets = createSecretBox(t.config.credentialsKey);
  expect(await reencryptLegacySecrets(t.db, secrets)).toEqual({ reencrypted: 3, unreadable: 1 });
  expect(await reencryptLegacySecrets(t.db, secrets)).toEqual({ reencrypted: 0, unreadable: 1 });

  for (const [index, id] of credentialIds.entries()) {
    expect((await getCredentialForSync(t.db, secrets, id))?.password).toBe(`clave-del-portal-${index}`);
  }
  const { rows } = await t.db.query<{ secret_encrypted: string }>(
    'SELECT secret_encrypted FROM webhooks WHERE id = $1',
    [webhookId],
  );
  const sealed = rows[0]?.secret_encrypted as string;
  expect(sealed).toMatch(/^v2\./);
  expect(secrets.open(sealed, webhookSecretBinding(webhookId))).toBe('whsec_secreto');

  // Copying one account's sealed password into another row no longer gives it that password.
  const [first, second] = credentialIds as [string, string];
  await t.db.query(
    'UPDATE credentials SET password_encrypted = (SELECT password_encrypted FROM credentials WHERE id = $1) WHERE id = $2',
    [first, second],
  );
  await expect(getCredentialForSync(t.db, secrets, second)).rejects.toThrow();
  expect(() => secrets.open(sealed, credentialPasswordBinding(webhookId))).toThrow();
});

test('the app stores new secrets as v2, bound to their row', async () => {
  const user = await seedUser(t.db);
  const { rows } = await t.db.query<{ password_encrypted: string }>(
    'SELECT password_encrypted FROM credentials WHERE user_id = $1',
    [user.id],
  );
  expect(rows).toHaveLength(0);
  const secrets = createSecretBox(t.config.credentialsKey);
  const credential = await createCredential(t.db, secrets, user.id, {
    cfe_user: 'nueva',
    password: 'Nueva-Clave-1',
  });
  const stored = await t.db.query<{ password_encrypted: string }>(
    'SELECT password_encrypted FROM credentials WHERE id = $1',
    [credential.id],
  );
  expect(stored.rows[0]?.password_encrypted).toMatch(/^v2\./);
  expect((await getCredentialForSync(t.db, secrets, credential.id))?.password).toBe('Nueva-Clave-1');
});
