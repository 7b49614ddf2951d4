// Bundles the API's entry points into dist/ (ESM, Node 20). Dependencies stay in node_modules,
// except @luz/shared, which is TypeScript source in the workspace and has to be compiled in.
// `node build.mjs --outdir <folder under api/>` bundles there instead: the API tests start their
// processes from such a bundle, made once per run (src/testing/global-setup.ts). Beside the bundle
// goes a new PGlite data folder for first starts (pglite-initdb.tar.gz).
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url).pathname;
const { outdir } = parseArgs({ options: { outdir: { type: 'string', default: 'dist' } } }).values;

/** Bare imports (packages) are external unless they belong to the workspace. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@luz/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * A new PGlite data folder, laid out by initdb: the API's first start on an empty DATA_DIR loads
 * it instead of running initdb (db/pglite-first-start.ts; 3.4–4.5 → 1.4–1.6 s). Gzipped: 40 MB of
 * files, most of them the first WAL segment's zeros, are 4.5 MB. initdb's output depends only on
 * PGlite's build, so it is made once per installed version (a build after that copies it).
 */
async function pgliteImage(destination) {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const { version } = JSON.parse(await readFile(join(dirname(entry), '..', 'package.json'), 'utf8'));
  const cached = resolve(here, 'node_modules/.cache/luz', `pglite-initdb-${version}.tar.gz`);
  if (!existsSync(cached)) {
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = await PGlite.create();
    try {
      const image = Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer());
      await mkdir(dirname(cached), { recursive: true });
      // Renamed into place: a build running at the same time never copies half a file.
      const partial = `${cached}.${process.pid}`;
      await writeFile(partial, image);
      await rename(partial, cached);
    } finally {
      await pg.close();
    }
  }
  await mkdir(dirname(destination), { recursive: true });
  await copyFile(cached, destination);
}

await rm(resolve(here, outdir), { recursive: true, force: true });
const image = pgliteImage(join(resolve(here, outdir), 'pglite-initdb.tar.gz'));
await build({
  absWorkingDir: here,
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    'cfe-replica': 'src/portal/replica/main.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // Code behind a dynamic import() (the replica, the receipt drawing) and the packages only it
  // imports go to chunks of their own, loaded when first used (issue 17: with one file per entry,
  // esbuild hoisted every package import to the top of main.js, so nothing was lazy).
  splitting: true,
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'info',
});
await image;
