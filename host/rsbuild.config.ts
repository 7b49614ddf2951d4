import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import federation from './module-federation.config';

export default defineConfig({
  plugins: [pluginReact(), pluginModuleFederation(federation)],
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
  },
  output: { assetPrefix: '/' },
  server: {
    port: Number(process.env.HOST_PORT ?? 3000),
    historyApiFallback: true,
    proxy: {
      '/api': { target: process.env.API_ORIGIN ?? 'http://localhost:8080', ws: true },
      '/config.json': process.env.API_ORIGIN ?? 'http://localhost:8080',
    },
  },
});
