// The order of a clean checkout, largest files first, whatever jest remembers (decision 009).
// With the durations it remembers, jest ran the PostgreSQL files first and the PGlite ones all
// together at the end, and the same code took 645–681 s of jest instead of 340–358. The files
// that start Luz processes are small but take the longest, so they go first.
import { readFileSync, statSync } from 'node:fs';
import Sequencer from '@jest/test-sequencer';

const startsProcesses = /luz-process|test-worker-processes|node:child_process/;

/** 2: starts processes of its own; 1: an API test (a database and an app); 0: the rest. */
function weight(path) {
  if (!path.includes('/api/src/')) return 0;
  return startsProcesses.test(readFileSync(path, 'utf8')) ? 2 : 1;
}

export default class LargestFirst extends Sequencer {
  sort(tests) {
    const keys = new Map(
      tests.map((test) => [test.path, { weight: weight(test.path), size: statSync(test.path).size }]),
    );
    const key = (test) => keys.get(test.path);
    return [...tests].sort((a, b) => key(b).weight - key(a).weight || key(b).size - key(a).size);
  }
}
