import type { CfePortal, PortalCredential } from './mi-espacio/portal';

type SessionSnapshot = NonNullable<ReturnType<CfePortal['exportSession']>>;
type ClosablePortal = CfePortal & { close(): Promise<void> };

/**
 * A connector loaded with its first request (issue 17): its HTML parser, HTTP client and cookie
 * jar (cheerio, undici, tough-cookie: ~14 MB of heap) stay out of a process that never talks to
 * CFE, or has not yet. Until then it holds no session: none to export, and a stored session given
 * to it waits, in order, until it loads (`importSession`'s answer is then true; no caller reads
 * it), unless forgotten first.
 */
export class LazyCfePortal implements ClosablePortal {
  private client: ClosablePortal | null = null;
  private loading: Promise<ClosablePortal> | null = null;
  private closed = false;
  private readonly waitingSessions = new Map<string, [PortalCredential, SessionSnapshot]>();

  constructor(private readonly load: () => Promise<ClosablePortal>) {}

  private loaded(): Promise<ClosablePortal> {
    // A request after close (a step still running at shutdown) must not open connections nobody
    // closes: as a closed client, it fails.
    if (this.closed) return Promise.reject(new Error('The CFE connector is closed'));
    this.loading ??= this.load().then((client) => {
      for (const [credential, snapshot] of this.waitingSessions.values())
        client.importSession(credential, snapshot);
      this.waitingSessions.clear();
      this.client = client;
      return client;
    });
    return this.loading;
  }

  openSession: CfePortal['openSession'] = async (...args) => (await this.loaded()).openSession(...args);
  listServices: CfePortal['listServices'] = async (...args) => (await this.loaded()).listServices(...args);
  linkService: CfePortal['linkService'] = async (...args) => (await this.loaded()).linkService(...args);
  listDocuments: CfePortal['listDocuments'] = async (...args) => (await this.loaded()).listDocuments(...args);
  downloadDocument: CfePortal['downloadDocument'] = async (...args) =>
    (await this.loaded()).downloadDocument(...args);
  consult: CfePortal['consult'] = async (...args) => (await this.loaded()).consult(...args);

  exportSession(credentialKey: string): SessionSnapshot | null {
    return this.client?.exportSession(credentialKey) ?? null;
  }

  importSession(credential: PortalCredential, snapshot: SessionSnapshot): boolean {
    if (this.client) return this.client.importSession(credential, snapshot);
    this.waitingSessions.set(credential.key, [credential, snapshot]);
    return true;
  }

  forget(credentialKey: string): void {
    this.waitingSessions.delete(credentialKey);
    this.client?.forget(credentialKey);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = await this.loading?.catch(() => null);
    await client?.close();
  }
}
