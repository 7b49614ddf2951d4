import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { resolvePackage } from '../utils/resolve-package';

/**
 * The child's whole program: PGlite lays out a new data folder (initdb) and closes it. Run in a
 * process of its own because initdb grows PGlite's WebAssembly memory to 600–800 MB, which a
 * process never gives back (a worker thread's neither: the API kept +145 MB after one): done in
 * the API's own process, a first start left it at ~450 MB at rest instead of ~265 (issue 17).
 */
const CHILD_SOURCE = `
const [pglite, dataDir] = process.argv.slice(1);
import(require('node:url').pathToFileURL(pglite).href)
  .then(({ PGlite }) => PGlite.create({ dataDir }))
  .then((pg) => pg.close());
`;

/** Lays out `dataDir` in a process of its own when it holds no database yet (else does nothing). */
export async function createPGliteDataDir(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  await promisify(execFile)(
    process.execPath,
    ['-e', CHILD_SOURCE, resolvePackage('@electric-sql/pglite'), dataDir],
    { maxBuffer: 16 * 1024 * 1024 },
  );
}
