import { up as initial } from './001_initial';
import { up as billing } from './050_billing';

export type Migration = { version: number; name: string; up: string };

/** Every schema change, in order. Applied migrations are never edited: add a new one. */
export const migrations: readonly Migration[] = [
  { version: 1, name: 'initial', up: initial },
  { version: 50, name: 'billing', up: billing },
];
