// `pnpm bench`: every benchmark under bench/ in turn. They print figures; none passes or fails on time.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { install, pnpm, repoRoot, step } from './lib/run.mjs';

install();
const only = process.argv[2];
const benches = readdirSync(join(repoRoot, 'bench'))
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => !only || file.includes(only))
  .sort();
for (const file of benches) {
  step(`bench/${file}`);
  pnpm(['--filter', '@luz/bench', 'exec', 'tsx', file]);
}
