import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Queryable } from '../db/database';
import { createChargebeeProvider } from './chargebee-provider';
import { createLocalProvider } from './local-provider';
import type { BillingProvider } from './provider';

/** The provider BILLING_PROVIDER names. */
export function createBillingProvider(
  config: Config,
  db: Queryable,
  log: FastifyBaseLogger,
): BillingProvider {
  return config.billing.provider === 'chargebee'
    ? createChargebeeProvider(config.billing, log)
    : createLocalProvider(db);
}
