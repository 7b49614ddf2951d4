// The front end's SDK. Shared by the host and every remote as one federation singleton.
// First: zod's settings hold before any schema of the contract is built.
import './contract/zod-in-browser';

export * from '@luz/shared/core';
export * from './api';
export * from './contract';
export * from './dates';
export * from './enums';
export * from './errors';
export * from './fixes';
export * from './format';
export * from './forms';
export * from './hooks';
export * from './query';
export * from './remote';
export * from './search';
export * from './ui';
export * from './validation';
