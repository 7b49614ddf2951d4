// `pnpm bench`: every benchmark under bench/ in turn. They print figures; none passes or fails on time.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { install, pnpm, repoRoot, step } from './lib/run.mjs';

install();
const only = process.argv[2];
const all = readdirSync(join(repoRoot, 'bench'))
  .filter((file) => file.endsWith('.bench.ts'))
  .sort();
// `pnpm bench sync` is sync.bench.ts alone, not every bench whose name contains "sync".
const benches = all.includes(`${only}.bench.ts`)
  ? [`${only}.bench.ts`]
  : all.filter((file) => !only || file.includes(only));
for (const file of benches) {
  step(`bench/${file}`);
  pnpm(['--filter', '@luz/bench', 'exec', 'tsx', file]);
}
