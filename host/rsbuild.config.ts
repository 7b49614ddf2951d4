import { readFileSync } from 'node:fs';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { pluginCompileHints } from '../shared/build/compile-hints';
import { forDevServer } from '../shared/build/federation';
import { pluginPrecompress } from '../shared/build/precompress';
import { DEFERRED_CHUNK_PATTERN } from '../shared/src/contract/boot';
import federation from './module-federation.config';

export default defineConfig(({ command }) => ({
  plugins: [
    pluginReact(),
    pluginModuleFederation(command === 'dev' ? forDevServer(federation) : federation),
    pluginCompileHints(),
    pluginPrecompress(),
  ],
  source: { entry: { index: './src/index.tsx' } },
  html: {
    title: 'Luz',
    meta: {
      description: 'Luz: servicios de CFE, recibos e historial de pagos de tu empresa',
      'color-scheme': 'dark light',
    },
    template: './index.html',
    // Without one the browser asks for /favicon.ico, gets a 404 and logs an error on every visit.
    favicon: './src/assets/favicon.svg',
    tags:
      command === 'dev'
        ? [
            // Before any bundle runs, so that every Fast Refresh runtime (host's and remotes') sees react-dom.
            {
              tag: 'script',
              children: readFileSync(new URL('./dev/react-refresh-hook.js', import.meta.url), 'utf8'),
              head: true,
              append: false,
            },
          ]
        : [
            // The entry starts everything (the federation runtime, GET /users/me, the loading of the
            // rest): a deferred script is fetched at low priority, behind the chunks the page
            // preloads, unless told otherwise.
            (tags) =>
              tags.map((tag) =>
                tag.tag === 'script' && typeof tag.attrs?.src === 'string'
                  ? { ...tag, attrs: { ...tag.attrs, fetchpriority: 'high' } }
                  : tag,
              ),
          ],
  },
  // manifest.json lists the chunks: the API reads it to preload the signed-in ones where they are needed.
  output: { assetPrefix: '/', manifest: true },
  // The shared singletons and the app are chunks the entry loads once it runs: named in the page,
  // the browser fetches them alongside the entry instead of after it. Left out (DEFERRED_CHUNK_PATTERN):
  // the signed-in screens, the SDK beyond its core and the other sign-in forms, which the first
  // script or /login's form fetch when they are needed and the page the API serves preloads for
  // the addresses that show them (docs/decisions/161); and the SDK's dialog (Radix), fetched by the
  // signed-in layout or the first dialog that opens (shared/src/ui/modal.tsx).
  performance: {
    preload: { type: 'async-chunks', include: [/\.js$/], exclude: [DEFERRED_CHUNK_PATTERN, /\/dialog\./] },
  },
  tools: {
    rspack: {
      optimization: {
        splitChunks: {
          cacheGroups: {
            // The SDK beyond its core and texts (shared/src outside core/ and text/; its dialog
            // has its own chunk) and the libraries only it uses, named so that the page can leave
            // it out of the preloads every address gets.
            sdk: {
              test: /[\\/]shared[\\/]src[\\/](?!core[\\/]|text[\\/]|ui[\\/]modal-dialog\.)|[\\/]node_modules[\\/](zod|axios|date-fns|single-spa-react)[\\/]/,
              name: 'sdk',
              chunks: 'async',
              priority: 20,
              enforce: true,
            },
            // single-spa mounts remotes, which only signed-in screens show: it goes with them, in
            // their chunk.
            signedInVendor: {
              test: /[\\/]node_modules[\\/](single-spa[\\/]|single-spa-react[\\/].*parcel)/,
              name: 'signed-in',
              chunks: 'async',
              priority: 30,
              enforce: true,
            },
            // The shared libraries every screen runs on (React, the router, styled-components,
            // react-query): one request instead of one per package and entry point.
            framework: {
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser|styled-components|stylis|@emotion[\\/]unitless|@tanstack[\\/](query-core|react-query))[\\/]/,
              name: 'framework',
              chunks: 'async',
              priority: 10,
              enforce: true,
            },
            // What the first screen draws with besides them: the app's own code and the SDK's core and texts.
            app: {
              test: /[\\/](host[\\/]src|shared[\\/]src[\\/](core|text))[\\/]/,
              name: 'app',
              chunks: (chunk) =>
                !chunk.canBeInitial() && chunk.name !== 'signed-in' && chunk.name !== 'sign-in-forms',
              priority: 10,
              enforce: true,
            },
            // Radix (only the dialog uses it in the host's build: the tabs are the remotes') and what
            // its dialog uses (focus trap, scroll lock, portal) go with the SDK's dialog (the chunk
            // of the same name), not into a vendor chunk the page would preload.
            dialog: {
              test: /[\\/]node_modules[\\/](@radix-ui[\\/]|react-remove-scroll(-bar)?[\\/]|react-style-singleton[\\/]|use-callback-ref[\\/]|use-sidecar[\\/]|aria-hidden[\\/]|get-nonce[\\/]|detect-node-es[\\/])/,
              name: 'dialog',
              chunks: 'async',
              priority: 30,
              enforce: true,
            },
          },
        },
      },
    },
  },
  server: {
    port: Number(process.env.HOST_PORT ?? 3000),
    historyApiFallback: true,
    proxy: {
      '/api': { target: process.env.API_ORIGIN ?? 'http://localhost:8080', ws: true },
      '/config.json': process.env.API_ORIGIN ?? 'http://localhost:8080',
    },
  },
}));
