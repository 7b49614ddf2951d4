import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// The product under test is started exactly as the README starts it (`npm start`), on its
// embedded defaults, in a data folder of its own. Workers inherit these variables.
process.env.LUZ_E2E_PORT ??= '18080';
// The bundled replica of CFE's pages listens on the next port: tests read its control API (the
// CAPTCHA's answer, a service's holder name) as a person would read the image and the receipt.
process.env.LUZ_E2E_REPLICA_PORT ??= String(Number(process.env.LUZ_E2E_PORT) + 1);
if (!process.env.LUZ_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'luz-e2e-'));
  process.env.LUZ_E2E_DATA_DIR = dataDir;
  // Only the process that made it (the runner; its workers inherit the variable) removes it, on
  // its way out, once the product has stopped: 40–80 MB per run were left in the temporary folder.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
process.env.LUZ_E2E_SUPERUSER ??= 'admin@e2e.luz.test';
process.env.LUZ_E2E_SUPERUSER_PASSWORD ??= 'e2e-Admin-Password-1';

// Debian's headless shell (package chromium-headless-shell), which Playwright itself runs for
// headless tests, when it is there: the full browser in headless mode took twice the time for the
// same tests (decision 009). Chromium itself otherwise.
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

const port = process.env.LUZ_E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  // The product's server and the browsers wait on each other as much as they compute: a third
  // worker fills the gaps (whole suite 240 → 212 s on 2 cores at load 13–16, decision 009).
  workers: 3,
  // A test that fails runs once more, recording its trace (below); one that then passes is
  // flaky and still fails the run: a retry never hides a failure.
  retries: 1,
  failOnFlakyTests: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    // A failed test's second run records its trace: actions, DOM snapshots, network and console.
    // Recording every first run cost a tenth of the suite's CPU (decision 009), and the screencast
    // kept Chromium's GPU process busy; neither is recorded for tests that pass.
    trace: { mode: 'on-first-retry', screenshots: false },
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // The demo account synced once, for the specs built on what its sync stored.
    { name: 'cuenta-demo', testMatch: /demo-account\.setup\.ts$/ },
    { name: 'periodos', testMatch: /(periods|cfdi)\.spec\.ts$/, dependencies: ['cuenta-demo'] },
    { name: 'producto', testIgnore: /(demo-account\.setup|periods\.spec|cfdi\.spec)\.ts$/ },
  ],
  webServer: {
    command: 'npm start',
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    url: `${baseURL}/api/v1/utils/health-check/`,
    timeout: 600_000,
    reuseExistingServer: false,
    // Stopped as a person stops it (Ctrl-C), so it closes its database before its folder goes.
    gracefulShutdown: { signal: 'SIGINT', timeout: 20_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port,
      PORTAL_REPLICA_PORT: process.env.LUZ_E2E_REPLICA_PORT,
      DATA_DIR: process.env.LUZ_E2E_DATA_DIR,
      FIRST_SUPERUSER: process.env.LUZ_E2E_SUPERUSER,
      FIRST_SUPERUSER_PASSWORD: process.env.LUZ_E2E_SUPERUSER_PASSWORD,
      LOG_LEVEL: 'warn',
      POWERED_BY_LABEL: 'Luz Energía',
      POWERED_BY_URL: 'https://luz.example.com',
      // The webhook tests run their receiver on this machine's loopback, which is otherwise refused.
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      // Every test signs up its own accounts, all from this machine.
      SIGNUP_RATE_LIMIT: '1000/1m',
      LOGIN_ADDRESS_RATE_LIMIT: '1000/1m',
    },
  },
});
