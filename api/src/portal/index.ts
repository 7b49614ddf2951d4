import type { Config } from '../config';
import { HttpPortalClient } from './http-portal-client';
import { type PortalClient, PortalError } from './portal-client';

export type { PortalClient, PortalCredential } from './portal-client';
export { PortalError } from './portal-client';

/**
 * The portal at PORTAL_URL, with the sync settings' timeout and per-credential limit. Without a
 * URL (main starts the simulator and sets one; an API-only test app may have none) every call
 * fails as "unavailable", which the engine treats like an outage.
 */
export function createPortalClient(config: Pick<Config, 'portalUrl' | 'sync'>): PortalClient {
  if (config.portalUrl) {
    return new HttpPortalClient({
      baseUrl: config.portalUrl,
      timeoutMs: config.sync.portalTimeoutSeconds * 1000,
      maxConcurrentPerCredential: config.sync.concurrencyPerCredential,
    });
  }
  const unavailable = async (): Promise<never> => {
    throw new PortalError('unavailable', 'No hay un portal de CFE configurado (PORTAL_URL).');
  };
  return {
    listServices: unavailable,
    linkService: unavailable,
    listReceipts: unavailable,
    downloadDocument: unavailable,
    listPayments: unavailable,
    consultReceipt: unavailable,
    forget: () => undefined,
  };
}
