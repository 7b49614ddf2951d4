import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RsbuildPlugin } from '@rsbuild/core';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What a browser downloads as text. Every such file gets its copies, small ones too: one rule for servers and caches. */
const compressible = /\.(js|mjs|css|html|json|svg|txt)$/;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (compressible.test(entry.name)) yield path;
  }
}

/**
 * Writes `<file>.br` (Brotli, best quality) and `<file>.gz` (gzip -9) beside every text asset of a
 * production build, so servers send them with Content-Encoding without compressing per request
 * (the API through @fastify/static's `preCompressed`; a CDN or nginx `gzip_static`/`brotli_static`
 * the same way). Runs once the whole build is on disk, so the federation manifest is included.
 */
export function pluginPrecompress(): RsbuildPlugin {
  return {
    name: 'luz:precompress',
    setup(api) {
      api.onAfterBuild(async ({ environments }) => {
        const roots = new Set(Object.values(environments).map((environment) => environment.distPath));
        for (const root of roots) {
          for await (const file of filesUnder(root)) {
            const content = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }
        }
      });
    },
  };
}
