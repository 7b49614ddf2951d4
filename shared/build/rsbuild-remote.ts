import { randomBytes } from 'node:crypto';
import type { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type EnvironmentConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import type { FirstFrameHeadings } from '../src/contract/boot';
import { pluginCompileHints } from './compile-hints';
import { forDevServer } from './federation';
import { pluginFirstFrame } from './first-frame';
import { pluginPrecompress } from './precompress';

type Federation = ReturnType<typeof createModuleFederationConfig>;

/** A Web Worker of the remote: a name for its file and the module it starts from. */
export type RemoteWorker = { name: string; entry: string; constant: string };

/**
 * Workers are built as an environment of their own, without Module Federation: a worker is a
 * realm with no host to provide the federation runtime the remote's code relies on. Its file is
 * named after the build (hex, so servers cache it for good) and the federated code finds it
 * through a constant holding that name. Code shared by a worker and the page imports the SDK by
 * its root, which the page takes from the host's singleton; in a worker the root is the contract
 * alone (the rest is React screens a worker cannot use), bundled into the worker's file.
 */
function workerEnvironments(
  workers: RemoteWorker[],
  buildId: string,
): { environments: Record<string, EnvironmentConfig>; define: Record<string, string> } {
  if (workers.length === 0) return { environments: {}, define: {} };
  const worker: EnvironmentConfig = {
    source: { entry: Object.fromEntries(workers.map(({ name, entry }) => [name, entry])) },
    output: { target: 'web-worker', filename: { js: `[name].${buildId}.js` } },
    resolve: { alias: { '@luz/shared$': '@luz/shared/contract' } },
  };
  const define = Object.fromEntries(
    workers.map(({ name, constant }) => [constant, JSON.stringify(`static/js/${name}.${buildId}.js`)]),
  );
  return { environments: { worker }, define };
}

export type RemoteBuild = {
  devPort: number;
  /** The headings of the screens the remote draws at the host's framed addresses (`FRAMED_SCREEN_PATHS`). */
  headings: FirstFrameHeadings;
  workers?: RemoteWorker[];
};

/**
 * Rsbuild configuration of a remote. `assetPrefix: 'auto'` lets the same build be served from any
 * base path or CDN; the dev server allows the host's origin to fetch it. Production builds leave
 * Brotli and gzip copies beside every text asset, and the screens' headings in `first-frame.json`.
 */
export function remoteRsbuildConfig(
  federation: Federation,
  { devPort, headings, workers = [] }: RemoteBuild,
) {
  const { environments, define } = workerEnvironments(workers, randomBytes(5).toString('hex'));
  return defineConfig(({ command }) => ({
    plugins: [
      pluginReact(),
      pluginModuleFederation(command === 'dev' ? forDevServer(federation) : federation, {
        environment: 'web',
      }),
      pluginCompileHints(),
      pluginFirstFrame(headings),
      pluginPrecompress(),
    ],
    environments: {
      web: { source: { entry: { index: './src/index.ts' }, define } },
      ...environments,
    },
    output: { assetPrefix: 'auto' },
    tools: { htmlPlugin: false },
    server: { port: devPort, cors: true },
    dev: { assetPrefix: `http://localhost:${devPort}/` },
  }));
}
