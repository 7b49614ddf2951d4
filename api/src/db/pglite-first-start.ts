import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { besideBundle, resolvePackage } from '../utils/resolve-package';

/** The data folder that `node build.mjs` lays out once (initdb) and puts beside the bundle (same name there). */
const PGLITE_IMAGE_FILE = 'pglite-initdb.tar.gz';

/**
 * The child's whole program: PGlite lays out a new data folder, from the image when there is one
 * (1.4–1.6 s) or by running initdb (3.4–4.5 s), and closes it. Run in a process of its own
 * because initdb grows PGlite's WebAssembly memory to 600–800 MB, which a process never gives
 * back (a worker thread's neither: the API kept +145 MB after one): done in the API's own
 * process, a first start left it at ~450 MB at rest instead of ~265 (issue 17).
 */
const CHILD_SOURCE = `
const [pglite, dataDir, image] = process.argv.slice(1);
const loadDataDir = image ? new Blob([require('node:fs').readFileSync(image)]) : undefined;
import(require('node:url').pathToFileURL(pglite).href)
  .then(({ PGlite }) => PGlite.create({ dataDir, ...(loadDataDir && { loadDataDir }) }))
  .then((pg) => pg.close());
`;

/**
 * Lays out `dataDir` in a process of its own when it holds no database yet (else does nothing):
 * from `image` (a dumped data folder) when it exists, else by initdb.
 */
export async function createPGliteDataDir(
  dataDir: string,
  image: string = besideBundle(PGLITE_IMAGE_FILE),
): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  await promisify(execFile)(
    process.execPath,
    [
      '-e',
      CHILD_SOURCE,
      resolvePackage('@electric-sql/pglite'),
      dataDir,
      ...(existsSync(image) ? [image] : []),
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
}
