// One cold page load in Chromium (a new browser context: empty cache and storage), observed
// through the DevTools protocol: every request with its type, bytes on the wire and what started
// it; the page's largest contentful paint and cumulative layout shift.
import type { Browser, CDPSession } from 'playwright-core';

export type ResourceKind = 'document' | 'script' | 'fetch' | 'style' | 'other';

export type PageLoad = {
  /** Bytes received (headers and body as sent, compressed or not) by kind. */
  bytes: Record<ResourceKind, number>;
  /** Bytes of the scripts under /remotes/: what the route's remote adds to the host. */
  remoteScriptBytes: number;
  requests: number;
  /** Requests in the longest chain where each one could only start after the previous arrived. */
  longestChain: number;
  chain: string[];
  lcpMs: number;
  /** The element of the last LCP entry: tag, classes, text, size (what the browser counted). */
  lcpElement: string;
  cls: number;
  /** Script responses without Content-Encoding (should be none). */
  uncompressedScripts: string[];
  /** Every request: start and end (ms after the first), kind, bytes, encoding, path. */
  timeline: string[];
};

type Request = {
  id: string;
  url: string;
  kind: ResourceKind;
  start: number;
  end: number | null;
  bytes: number;
  initiatorUrl: string | null;
  fromDocument: boolean;
  encoding: string | null;
  fromCache: boolean;
};

const kindOf = (type: string | undefined): ResourceKind => {
  switch (type) {
    case 'Document':
      return 'document';
    case 'Script':
      return 'script';
    case 'Fetch':
    case 'XHR':
      return 'fetch';
    case 'Stylesheet':
      return 'style';
    default:
      return 'other';
  }
};

type Initiator = {
  type: string;
  url?: string;
  stack?: { callFrames: { url: string }[]; parent?: Initiator['stack'] };
};

/** The first script URL on the initiator's stack (its own frames, then the async parents'). */
function initiatorScript(initiator: Initiator): string | null {
  if (initiator.url) return initiator.url;
  for (let stack = initiator.stack; stack; stack = stack.parent) {
    const frame = stack.callFrames.find((candidate) => candidate.url);
    if (frame) return frame.url;
  }
  return null;
}

function collect(cdp: CDPSession) {
  const requests = new Map<string, Request>();
  let inflight = 0;
  let lastActivity = Date.now();
  const touch = () => {
    lastActivity = Date.now();
  };
  cdp.on('Network.requestWillBeSent', (event) => {
    touch();
    if (event.request.url.startsWith('data:')) return;
    const previous = requests.get(event.requestId);
    // A redirect is one more round trip: keep the hop under its own key.
    if (previous && event.redirectResponse) requests.set(`${event.requestId}#${previous.start}`, previous);
    else if (!previous) inflight++;
    requests.set(event.requestId, {
      id: event.requestId,
      url: event.request.url,
      kind: kindOf(event.type),
      start: event.timestamp,
      end: null,
      bytes: 0,
      initiatorUrl: initiatorScript(event.initiator as Initiator),
      fromDocument: event.initiator.type === 'parser' || event.initiator.type === 'preload',
      encoding: null,
      fromCache: false,
    });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.fromCache = true;
  });
  cdp.on('Network.responseReceived', (event) => {
    touch();
    const request = requests.get(event.requestId);
    if (!request) return;
    request.kind = kindOf(event.type);
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    request.encoding = headers['content-encoding'] ?? null;
    if (event.response.fromDiskCache || event.response.fromPrefetchCache) request.fromCache = true;
  });
  const finish = (requestId: string, timestamp: number, bytes: number) => {
    touch();
    const request = requests.get(requestId);
    if (!request || request.end !== null) return;
    inflight--;
    request.end = timestamp;
    request.bytes = bytes;
  };
  cdp.on('Network.loadingFinished', (event) =>
    finish(event.requestId, event.timestamp, event.encodedDataLength),
  );
  cdp.on('Network.loadingFailed', (event) => finish(event.requestId, event.timestamp, 0));
  return {
    requests,
    /** Resolves once nothing has been in flight for `quietMs` (or after `maxMs`). */
    async idle(quietMs = 1000, maxMs = 20_000) {
      const deadline = Date.now() + maxMs;
      while (Date.now() < deadline) {
        if (inflight <= 0 && Date.now() - lastActivity >= quietMs) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

/**
 * The longest chain of dependent requests. A request the HTML names (script, preload) depends on
 * the document; a request a script starts depends on that script and on the last response that
 * arrived before it started (what let the code get there: a manifest, a chunk, the user).
 */
export function longestChain(all: Request[]): string[] {
  // Images and icons (the favicon) wait for nothing the page needs and nothing waits for them.
  const onWire = all
    .filter((request) => !request.fromCache && request.kind !== 'other')
    .sort((a, b) => a.start - b.start);
  const chains = new Map<Request, Request[]>();
  const byUrl = new Map<string, Request>();
  const triggers = onWire.filter((request) => request.kind !== 'style');
  for (const request of onWire) {
    const parents: Request[] = [];
    const initiator = request.initiatorUrl ? byUrl.get(request.initiatorUrl) : undefined;
    if (initiator && initiator !== request) parents.push(initiator);
    if (!request.fromDocument && request.kind !== 'document') {
      const arrived = triggers.filter(
        (candidate) => candidate !== request && candidate.end !== null && candidate.end <= request.start,
      );
      const last = arrived.sort((a, b) => (b.end as number) - (a.end as number))[0];
      if (last) parents.push(last);
    }
    const longest = parents
      .map((parent) => chains.get(parent) ?? [parent])
      .sort((a, b) => b.length - a.length)[0];
    chains.set(request, [...(longest ?? []), request]);
    if (!byUrl.has(request.url)) byUrl.set(request.url, request);
  }
  const chain = [...chains.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  return chain.map((request) => request.url);
}

/** What the functions run inside the page use of the browser (this package is typed for Node). */
export type PageGlobals = {
  localStorage: { setItem(key: string, value: string): void };
  PerformanceObserver: new (
    callback: (list: { getEntries(): unknown[] }) => void,
  ) => { observe(options: { type: string; buffered: boolean }): void };
};

type LcpEntry = {
  startTime: number;
  size: number;
  element: { tagName: string; className: unknown; textContent: string | null } | null;
};

/** LCP (ms since navigation) and its element, and CLS (the largest session window, as Core Web Vitals count it). */
const paintMetrics = () =>
  new Promise<{ lcpMs: number; lcpElement: string; cls: number }>((resolve) => {
    const page = globalThis as unknown as PageGlobals;
    let lcpMs = 0;
    let lcpElement = '';
    const shifts: { startTime: number; value: number }[] = [];
    new page.PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LcpEntry[]) {
        if (entry.startTime < lcpMs) continue;
        lcpMs = entry.startTime;
        const element = entry.element;
        lcpElement = element
          ? `<${element.tagName.toLowerCase()} class="${String(element.className)}"> «${(element.textContent ?? '').trim().slice(0, 40)}» ${entry.size} px²`
          : `(removed) ${entry.size} px²`;
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new page.PerformanceObserver((list) => {
      for (const entry of list.getEntries() as {
        startTime: number;
        value: number;
        hadRecentInput: boolean;
      }[]) {
        if (!entry.hadRecentInput) shifts.push({ startTime: entry.startTime, value: entry.value });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => {
      let cls = 0;
      let window = 0;
      let first = 0;
      let previous = 0;
      for (const shift of shifts.sort((a, b) => a.startTime - b.startTime)) {
        if (window > 0 && (shift.startTime - previous > 1000 || shift.startTime - first > 5000)) window = 0;
        if (window === 0) first = shift.startTime;
        window += shift.value;
        previous = shift.startTime;
        cls = Math.max(cls, window);
      }
      resolve({ lcpMs, lcpElement, cls });
    }, 200);
  });

function timelineOf(requests: Request[]): string[] {
  const first = Math.min(...requests.map((request) => request.start));
  const ms = (seconds: number | null) =>
    seconds === null ? '   -' : ((seconds - first) * 1000).toFixed(0).padStart(4);
  return [...requests]
    .sort((a, b) => a.start - b.start)
    .map(
      (request) =>
        `${ms(request.start)} → ${ms(request.end)} ms  ${request.kind.padEnd(8)} ${(request.bytes / 1024).toFixed(1).padStart(6)} KB ${(request.encoding ?? (request.fromCache ? 'cache' : '-')).padEnd(5)} ${new URL(request.url).pathname}`,
    );
}

export async function measurePage(browser: Browser, url: string, token: string | null): Promise<PageLoad> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
  });
  try {
    if (token) {
      await context.addInitScript(
        (value) => (globalThis as unknown as PageGlobals).localStorage.setItem('access_token', value),
        token,
      );
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const network = collect(cdp);
    await cdp.send('Network.enable');
    await page.goto(url, { waitUntil: 'load' });
    await network.idle();
    const { lcpMs, lcpElement, cls } = await page.evaluate(paintMetrics);
    const requests = [...network.requests.values()];
    const onWire = requests.filter((request) => !request.fromCache);
    const bytes: PageLoad['bytes'] = { document: 0, script: 0, fetch: 0, style: 0, other: 0 };
    for (const request of onWire) bytes[request.kind] += request.bytes;
    const chain = longestChain(requests);
    return {
      bytes,
      remoteScriptBytes: onWire
        .filter(
          (request) => request.kind === 'script' && new URL(request.url).pathname.startsWith('/remotes/'),
        )
        .reduce((sum, request) => sum + request.bytes, 0),
      requests: onWire.length,
      longestChain: chain.length,
      chain,
      lcpMs,
      lcpElement,
      cls,
      uncompressedScripts: onWire
        .filter((request) => request.kind === 'script' && !request.encoding)
        .map((request) => request.url),
      timeline: timelineOf(requests),
    };
  } finally {
    await context.close();
  }
}
