import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDocumentStorage } from '../storage/local-storage';
import { seedUser } from '../testing/fixtures';
import { seedPeriodsWorld } from '../testing/periods-fixtures';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { selectedDocuments } from './service';

let database: TestDatabase;
let root: string;
let ownerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  root = await mkdtemp(join(tmpdir(), 'luz-selected-documents-'));
  const owner = { id: (await seedUser(database.db)).id, token: '' };
  const stranger = { id: (await seedUser(database.db)).id, token: '' };
  await seedPeriodsWorld(database.db, new LocalDocumentStorage(root), { owner, stranger });
  ownerId = owner.id;
});
afterAll(async () => {
  await database.drop();
  await rm(root, { recursive: true, force: true });
});

test('documents read a service point at a time come in the order and number of one batch', async () => {
  for (const kind of [null, 'pdf', 'xml'] as const) {
    const whole = await selectedDocuments(database.db, ownerId, {}, kind);
    const batched = await selectedDocuments(database.db, ownerId, {}, kind, 1);
    expect(whole.length).toBeGreaterThan(0);
    expect(batched).toEqual(whole);
    // Service points in number order, each one's documents together.
    const order = whole.map((document) => document.serviceNumber);
    expect(order).toEqual([...order].sort());
  }
  expect(await selectedDocuments(database.db, ownerId, { period_ids: [] }, null, 1)).toEqual([]);
});
