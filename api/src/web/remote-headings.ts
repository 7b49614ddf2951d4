import { FIRST_FRAME_FILE, type FirstFrameHeadings } from '@luz/shared/contract';
import { z } from 'zod';

/**
 * The screens' headings of a remote served from another origin (a CDN): its build's
 * `first-frame.json`, beside its manifest, fetched by the API and kept a minute
 * (docs/decisions/176). The page never waits for the CDN longer than `firstWaitMs`, and only until
 * a first answer (or failure) is known; after that a stale copy is served while a fresh one is
 * fetched. A CDN that fails or answers something else gives frames without a heading, as before.
 */

const zHeadings = z.record(
  z.string().max(200),
  z.object({ title: z.string().max(200), subtitle: z.string().max(1_000) }),
);

/** A remote's headings file is a few hundred bytes: anything much larger is not one. */
const MAX_BYTES = 64 * 1024;

export type RemoteHeadingsOptions = {
  /** How long a fetched copy (or a failure) counts as fresh. */
  ttlMs?: number;
  /** The longest a page waits for the CDN, once, when nothing is known yet. */
  firstWaitMs?: number;
  /** One fetch's limit. */
  timeoutMs?: number;
  now?: () => number;
};

type Known = { headings: FirstFrameHeadings; version: number; fetchedAt: number };

async function fetchHeadings(url: string, timeoutMs: number): Promise<FirstFrameHeadings> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const text = await response.text();
  if (text.length > MAX_BYTES) throw new Error(`${url} is larger than a headings file`);
  return zHeadings.parse(JSON.parse(text));
}

/** Where a remote's headings are, beside the manifest at `manifestUrl`. */
export const headingsUrlOf = (manifestUrl: string) => new URL(FIRST_FRAME_FILE, manifestUrl).href;

export function remoteHeadingsCache({
  ttlMs = 60_000,
  firstWaitMs = 500,
  timeoutMs = 5_000,
  now = Date.now,
}: RemoteHeadingsOptions = {}) {
  const known = new Map<string, Known>();
  const fetching = new Map<string, Promise<void>>();
  /** The URLs a page has already waited for: a CDN slower than that is not waited for again. */
  const waited = new Set<string>();
  let versions = 0;

  function refresh(url: string): Promise<void> {
    const running = fetching.get(url);
    if (running) return running;
    const previous = known.get(url);
    const done = fetchHeadings(url, timeoutMs)
      .then(
        (headings) => {
          const same = previous && JSON.stringify(previous.headings) === JSON.stringify(headings);
          known.set(url, { headings, version: same ? previous.version : ++versions, fetchedAt: now() });
        },
        () => {
          // Failing is remembered as "no headings" for a while, so a CDN that is down costs the
          // pages no waiting; the next refresh tries again.
          const version =
            previous && Object.keys(previous.headings).length === 0 ? previous.version : ++versions;
          known.set(url, { headings: {}, version, fetchedAt: now() });
        },
      )
      .finally(() => fetching.delete(url));
    fetching.set(url, done);
    return done;
  }

  return {
    /**
     * The headings at `url` as last known, and their version. The first page to ask waits at most
     * `firstWaitMs` for them; the pages after it never wait.
     */
    async get(url: string): Promise<{ key: string; headings: FirstFrameHeadings }> {
      let current = known.get(url);
      if (!current && !waited.has(url)) {
        waited.add(url);
        await Promise.race([
          refresh(url),
          new Promise((resolve) => setTimeout(resolve, firstWaitMs).unref()),
        ]);
        current = known.get(url);
      } else if (!current) {
        void refresh(url);
      } else if (now() - current.fetchedAt > ttlMs) {
        void refresh(url);
      }
      return current
        ? { key: `cdn${current.version}`, headings: current.headings }
        : { key: 'none', headings: {} };
    },
  };
}
