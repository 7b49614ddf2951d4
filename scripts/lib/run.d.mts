// Types of run.mjs for the TypeScript that reuses it (the benchmarks build the product as `npm start` does).
export const repoRoot: string;
export function apiProcessEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export function step(title: string): void;
export function run(
  command: string,
  args: string[],
  options?: import('node:child_process').SpawnSyncOptions,
): void;
export function pnpm(args: string[], options?: import('node:child_process').SpawnSyncOptions): void;
export function spawnPnpm(
  args: string[],
  options?: import('node:child_process').SpawnOptions,
): import('node:child_process').ChildProcess;
export function install(): void;
export function buildAll(): void;
export type BackgroundOptions = { env?: NodeJS.ProcessEnv; stopSignal?: NodeJS.Signals };
export type BackgroundStep = { exited: Promise<number>; finish(): Promise<void> };
export function runInBackground(
  title: string,
  command: string,
  args: string[],
  options?: BackgroundOptions,
): BackgroundStep;
export function runAlongside(
  command: string,
  args: string[],
  options?: import('node:child_process').SpawnOptions,
): Promise<void>;
export function buildAllInBackground(): BackgroundStep;
export function pnpmInBackground(title: string, args: string[], options?: BackgroundOptions): BackgroundStep;
