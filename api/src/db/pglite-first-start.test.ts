// PGlite only: how the embedded database's data folder is laid out on a first start.
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase } from '../testing/test-database';
import { openPGlite, type PGliteDatabase } from './pglite';
import { createPGliteDataDir } from './pglite-first-start';

let folder: string;
let image: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'luz-pglite-first-start-'));
  // An image that says where it came from: a table initdb never makes.
  const source = await createTestDatabase({ migrated: false });
  try {
    await source.db.exec('CREATE TABLE laid_out_from_image (id int)');
    const dump = await (source.db as PGliteDatabase).dumpDataDir();
    image = join(folder, 'image.tar');
    await writeFile(image, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await source.drop();
  }
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function tables(dataDir: string): Promise<string[]> {
  const db = await openPGlite(dataDir);
  try {
    const { rows } = await db.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    return rows.map((row) => row.tablename);
  } finally {
    await db.close();
  }
}

test('a new data folder is laid out from the image beside the bundle when there is one', async () => {
  const dataDir = join(folder, 'from-image');
  await createPGliteDataDir(dataDir, image);
  expect(await tables(dataDir)).toEqual(['laid_out_from_image']);
});

test('without an image, initdb lays it out; a folder that holds a database is left alone', async () => {
  const dataDir = join(folder, 'by-initdb');
  await createPGliteDataDir(dataDir, join(folder, 'no-such-image.tar.gz'));
  expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
  expect(await tables(dataDir)).toEqual([]);

  await createPGliteDataDir(dataDir, image);
  expect(await tables(dataDir)).toEqual([]);
});
