// jest globalTeardown of the api projects: undoes global-setup.ts (run once, as it is).
import { rm } from 'node:fs/promises';
import { onServer } from './test-database';
import { API_BUNDLE, RUN_FOLDER, templateEnv } from './worker-shared';

export default async function globalTeardown() {
  const name = process.env[templateEnv.postgres];
  if (name) await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  for (const variable of [RUN_FOLDER, API_BUNDLE]) {
    const folder = process.env[variable];
    if (folder) await rm(folder, { recursive: true, force: true });
  }
}
