import type { createModuleFederationConfig } from '@module-federation/rsbuild-plugin';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

type Federation = ReturnType<typeof createModuleFederationConfig>;

/**
 * Rsbuild configuration of a remote. `assetPrefix: 'auto'` lets the same build be served from any
 * base path or CDN; the dev server allows the host's origin to fetch it.
 */
export function remoteRsbuildConfig(federation: Federation, devPort: number) {
  return defineConfig({
    plugins: [pluginReact(), pluginModuleFederation(federation)],
    source: { entry: { index: './src/index.ts' } },
    output: { assetPrefix: 'auto' },
    tools: { htmlPlugin: false },
    server: { port: devPort, cors: true },
    dev: { assetPrefix: `http://localhost:${devPort}/` },
  });
}
