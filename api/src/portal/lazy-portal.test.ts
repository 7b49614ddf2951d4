import { LazyCfePortal } from './lazy-portal';
import type { CfePortal, PortalCredential } from './mi-espacio/portal';

type Snapshot = NonNullable<ReturnType<CfePortal['exportSession']>>;

const credential = (key: string): PortalCredential => ({ key, cfeUser: `usuario-${key}`, password: 'x' });
const snapshot = (key: string) => ({ loggedIn: true, key }) as unknown as Snapshot;

/** A connector that records what reached it. */
function recordingPortal() {
  const imported: string[] = [];
  const closed: boolean[] = [];
  const sessions = new Map<string, Snapshot>();
  const portal = {
    listServices: async () => [],
    exportSession: (key: string) => sessions.get(key) ?? null,
    importSession: (given: PortalCredential, session: Snapshot) => {
      imported.push(given.key);
      sessions.set(given.key, session);
      return true;
    },
    forget: (key: string) => void sessions.delete(key),
    close: async () => void closed.push(true),
  } as unknown as CfePortal & { close(): Promise<void> };
  return { portal, imported, closed };
}

test('nothing is loaded until the first request, which loads it once', async () => {
  const { portal } = recordingPortal();
  let loads = 0;
  const lazy = new LazyCfePortal(async () => {
    loads += 1;
    return portal;
  });
  expect(lazy.exportSession('a')).toBeNull();
  lazy.forget('a');
  await Promise.all([lazy.listServices(credential('a')), lazy.listServices(credential('b'))]);
  expect(loads).toBe(1);
});

test('once closed, it loads nothing more: a late request fails as a closed client would', async () => {
  let loads = 0;
  const lazy = new LazyCfePortal(async () => {
    loads += 1;
    return recordingPortal().portal;
  });
  await lazy.close();
  await expect(lazy.listServices(credential('a'))).rejects.toThrow('The CFE connector is closed');
  expect(loads).toBe(0);
});

test('stored sessions given before it loads reach it, in order, unless forgotten first', async () => {
  const { portal, imported, closed } = recordingPortal();
  const lazy = new LazyCfePortal(async () => portal);
  expect(lazy.importSession(credential('a'), snapshot('a'))).toBe(true);
  expect(lazy.importSession(credential('b'), snapshot('b'))).toBe(true);
  expect(lazy.importSession(credential('c'), snapshot('c'))).toBe(true);
  lazy.forget('b');
  expect(lazy.exportSession('a')).toBeNull();
  await lazy.listServices(credential('a'));
  expect(imported).toEqual(['a', 'c']);
  expect(lazy.exportSession('a')).toEqual(snapshot('a'));
  lazy.forget('a');
  expect(lazy.exportSession('a')).toBeNull();
  await lazy.close();
  expect(closed).toEqual([true]);
});
