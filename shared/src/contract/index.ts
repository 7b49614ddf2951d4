// First: zod's settings hold before any schema of the contract is built.
import './zod-in-browser';

export * from './api-tokens';
export * from './attention';
export * from './auth';
export * from './billing';
export * from './boot';
export * from './common';
export * from './credentials';
export * from './enums';
export * from './operations';
export * from './payment-history';
export * from './periods';
export * from './rpus';
export * from './runtime-config';
export * from './sync-events';
export * from './tasks';
export * from './users';
export * from './webhooks';
