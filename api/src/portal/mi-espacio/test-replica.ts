import { cfdiServiceNumbers } from '../../cfdi/read-cfdi';
import type { ReplicaOptions } from '../replica/server';
import { startReplica } from '../replica/server';
import { MiEspacioClient, type MiEspacioOptions } from './client';
import { CfePortalError } from './portal';

/** Connector tests: a replica on loopback (real HTTP) and clients pointed at it. */
export async function replicaForTests(options: ReplicaOptions = {}) {
  const replica = await startReplica({ now: () => new Date('2026-11-15T12:00:00Z'), ...options });
  const clients: MiEspacioClient[] = [];
  const control = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${replica.url}/__replica${path}`, {
      method,
      ...(body !== undefined
        ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
        : {}),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    replica,
    control,
    client(overrides: Partial<MiEspacioOptions> = {}) {
      const client = new MiEspacioClient({
        baseUrl: replica.url,
        firewallBackoffMs: 10,
        throttleBackoffMs: 10,
        documentOwner: cfdiServiceNumbers,
        ...overrides,
      });
      clients.push(client);
      return client;
    },
    /** What a person reads in the image: the replica's answer to its latest CAPTCHA. */
    captchaAnswer: async () => (await control<{ answer: string }>('GET', '/captchas/latest')).answer,
    switches: (switches: Record<string, unknown>, account?: string) =>
      control('PUT', '/switches', { ...(account ? { account } : {}), switches }),
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await replica.close();
    },
  };
}

/** The CfePortalError a promise fails with. */
export async function failureOf(promise: Promise<unknown>): Promise<CfePortalError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CfePortalError) return error;
    throw error;
  }
  throw new Error('expected a CfePortalError');
}

export const demo = { key: 'cred-1', cfeUser: 'empresa.demo', password: 'Demo-2024' };
