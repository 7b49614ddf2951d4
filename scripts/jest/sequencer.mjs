// Jest's order, with the longest files first whatever jest remembers. On a clean checkout (CI)
// jest knows no durations and runs the largest files first; the files that start Luz processes
// are small but take the longest, and ran alone at the end of the run (decision 009).
import { readFileSync } from 'node:fs';
import Sequencer from '@jest/test-sequencer';

const startsProcesses = /luz-process|test-worker-processes|node:child_process/;

/** 2: starts processes of its own; 1: an API test (a database and an app); 0: the rest. */
function weight(path) {
  if (!path.includes('/api/src/')) return 0;
  return startsProcesses.test(readFileSync(path, 'utf8')) ? 2 : 1;
}

export default class LongestFirst extends Sequencer {
  async sort(tests) {
    const ordered = await super.sort(tests);
    const weights = new Map(ordered.map((test) => [test.path, weight(test.path)]));
    // Array.prototype.sort is stable: within a weight, jest's own order stays.
    return [...ordered].sort((a, b) => weights.get(b.path) - weights.get(a.path));
  }
}
