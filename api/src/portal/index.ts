import { join } from 'node:path';
import { cfdiServiceNumbers } from '../cfdi/read-cfdi';
import type { Config } from '../config';
import { LazyCfePortal } from './lazy-portal';
import { connectorMessages } from './mi-espacio/messages';
import { type CfePortal, CfePortalError } from './mi-espacio/portal';

export type { CfePortal, PortalCredential } from './mi-espacio/portal';
export { PortalError } from './portal-client';

export type ClosableCfePortal = CfePortal & { close(): Promise<void> };

/**
 * The Mi Espacio connector at `config.portal.url` (CFE, or the bundled replica main starts), with
 * the configured egress, pacing and CAPTCHA wait, loaded with its first request (LazyCfePortal);
 * unrecognised pages are saved, without secrets, to `<DATA_DIR>/portal-diagnostics`. Without a
 * URL (an API-only test app) every call fails as an outage.
 */
export function createCfePortal(config: Pick<Config, 'portal' | 'sync' | 'dataDir'>): ClosableCfePortal {
  const { portal } = config;
  const { url } = portal;
  if (url) {
    return new LazyCfePortal(async () => {
      const [{ MiEspacioClient }, { folderSink }] = await Promise.all([
        import('./mi-espacio/client'),
        import('./mi-espacio/diagnostics'),
      ]);
      return new MiEspacioClient({
        baseUrl: url,
        proxyUrl: portal.proxyUrl,
        timeoutMs: config.sync.portalTimeoutSeconds * 1000,
        pacingMs: portal.pacingMs,
        consultationPacingMs: portal.consultationPacingMs,
        // A challenge is shown again, not redrawn, for as long as its owner may answer it.
        captchaLifetimeMs: portal.captchaTimeoutMs,
        firewallBackoffMs: portal.firewallBackoffMs,
        throttleBackoffMs: portal.throttleBackoffMs,
        diagnostics: folderSink(join(config.dataDir, 'portal-diagnostics')),
        documentOwner: cfdiServiceNumbers,
      });
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
