import { join } from 'node:path';
import { cfdiServiceNumbers } from '../cfdi/read-cfdi';
import type { Config } from '../config';
import { HttpPortalClient } from './http-portal-client';
import { MiEspacioClient } from './mi-espacio/client';
import { folderSink } from './mi-espacio/diagnostics';
import { connectorMessages } from './mi-espacio/messages';
import { type CfePortal, CfePortalError } from './mi-espacio/portal';
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
    listDocuments: unavailable,
    downloadDocument: unavailable,
    consultReceipt: unavailable,
    forget: () => undefined,
  };
}

export type ClosableCfePortal = CfePortal & { close(): Promise<void> };

/**
 * The Mi Espacio connector at `config.portal.url` (CFE, or the bundled replica main starts), with
 * the configured egress, pacing and CAPTCHA wait; unrecognised pages are saved, without secrets,
 * to `<DATA_DIR>/portal-diagnostics`. Without a URL (an API-only test app) every call fails as an
 * outage.
 */
export function createCfePortal(config: Pick<Config, 'portal' | 'sync' | 'dataDir'>): ClosableCfePortal {
  const { portal } = config;
  if (portal.url) {
    return new MiEspacioClient({
      baseUrl: portal.url,
      proxyUrl: portal.proxyUrl,
      timeoutMs: config.sync.portalTimeoutSeconds * 1000,
      pacingMs: portal.pacingMs,
      consultationPacingMs: portal.consultationPacingMs,
      // A challenge is shown again, not redrawn, for as long as its owner may answer it.
      captchaLifetimeMs: portal.captchaTimeoutMs,
      diagnostics: folderSink(join(config.dataDir, 'portal-diagnostics')),
      documentOwner: cfdiServiceNumbers,
    });
  }
  const unavailable = async (): Promise<never> => {
    throw new CfePortalError('outage', connectorMessages.outage);
  };
  return {
    openSession: unavailable,
    listServices: unavailable,
    linkService: unavailable,
    listDocuments: unavailable,
    downloadDocument: unavailable,
    consult: unavailable,
    exportSession: () => null,
    importSession: () => false,
    forget: () => undefined,
    close: async () => undefined,
  };
}
