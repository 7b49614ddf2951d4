// After `rsbuild build`: renders the sign-in screens' markup and the signed-in screens' first frames
// (shell.tsx) into dist/shells.json and dist/frames.json, which the API reads to put a screen in the
// page it serves for that address. The renderer is bundled for Node by Rsbuild first, so that it
// resolves packages as the app's build does.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRsbuild } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

const out = await mkdtemp(join(tmpdir(), 'luz-shells-'));
try {
  const rsbuild = await createRsbuild({
    cwd: import.meta.dirname,
    rsbuildConfig: {
      plugins: [pluginReact()],
      source: { entry: { shell: './shell.tsx' } },
      output: {
        target: 'node',
        distPath: { root: out },
        module: true,
        minify: false,
        filenameHash: false,
        cleanDistPath: false,
      },
      performance: { chunkSplit: { strategy: 'all-in-one' } },
      logLevel: 'warn',
    },
  });
  await rsbuild.build();
  const [bundle] = (await readdir(out, { recursive: true })).filter((file) => /shell\.m?js$/.test(file));
  if (!bundle) throw new Error(`Rsbuild wrote no shell bundle under ${out}`);
  const { renderShells, renderFrames } = await import(pathToFileURL(join(out, bundle)).href);
  const dist = join(import.meta.dirname, '..', 'dist');
  await writeFile(join(dist, 'shells.json'), JSON.stringify(await renderShells()));
  await writeFile(join(dist, 'frames.json'), JSON.stringify(renderFrames()));
} finally {
  await rm(out, { recursive: true, force: true });
}
