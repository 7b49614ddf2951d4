// Bundles the API's entry points into dist/ (ESM, Node 20). Dependencies stay in node_modules,
// except @luz/shared, which is TypeScript source in the workspace and has to be compiled in.
// `node build.mjs --outdir <folder under api/>` bundles there instead: the API tests start their
// processes from such a bundle, made once per run (src/testing/global-setup.ts).
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
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

await rm(resolve(here, outdir), { recursive: true, force: true });
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
