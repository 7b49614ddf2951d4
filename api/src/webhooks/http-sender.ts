import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  type AddressPolicy,
  bareHostname,
  RefusedAddressError,
  type ResolvedAddress,
  resolveTarget,
} from './address-guard';
import { webhookMessages } from './messages';

export type AttemptOutcome = {
  /** delivered: 2xx; gone: 410 (the endpoint must be disabled); failed: anything else. */
  kind: 'delivered' | 'gone' | 'failed';
  statusCode: number | null;
  durationMs: number;
  /** Why it failed, in Spanish for the owner; null when delivered. */
  error: string | null;
};

export type SendRequest = {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  policy: AddressPolicy;
};

/** Bytes of the receiver's answer we read (and throw away) before closing; only the status matters. */
const MAX_RESPONSE_BYTES = 64 * 1024;

const USER_AGENT = 'Luz-Webhooks/0.3.16';

class AttemptTimeout extends Error {}

/** A DNS lookup for Node's sockets that always answers the address already checked. */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
}

function connectionError(error: unknown): string {
  return webhookMessages.connection((error as NodeJS.ErrnoException).code);
}

/**
 * One POST to a receiver, within `timeoutMs` from the DNS lookup to the end of the answer.
 * Redirects are never followed (a 3xx is a failure: following one would reach an address that
 * was never checked), and the connection goes to the checked address only.
 */
export async function postSigned({
  url,
  body,
  headers,
  timeoutMs,
  policy,
}: SendRequest): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new AttemptTimeout());
      controller.abort();
    }, timeoutMs);
  });
  deadline.catch(() => undefined);

  try {
    const target = new URL(url);
    const address = await Promise.race([resolveTarget(target, policy), deadline]);
    const statusCode = await Promise.race([
      send(target, address, body, headers, controller.signal),
      deadline,
    ]);
    return outcomeOf(statusCode.status, statusCode.location, elapsed());
  } catch (error) {
    if (error instanceof AttemptTimeout || controller.signal.aborted)
      return {
        kind: 'failed',
        statusCode: null,
        durationMs: elapsed(),
        error: webhookMessages.timeout(timeoutMs),
      };
    if (error instanceof RefusedAddressError)
      return { kind: 'failed', statusCode: null, durationMs: elapsed(), error: error.message };
    return { kind: 'failed', statusCode: null, durationMs: elapsed(), error: connectionError(error) };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

function outcomeOf(status: number, location: string | undefined, durationMs: number): AttemptOutcome {
  if (status >= 200 && status < 300)
    return { kind: 'delivered', statusCode: status, durationMs, error: null };
  if (status === 410) return { kind: 'gone', statusCode: status, durationMs, error: webhookMessages.gone };
  const error =
    status >= 300 && status < 400 ? webhookMessages.redirect(location) : webhookMessages.httpStatus(status);
  return { kind: 'failed', statusCode: status, durationMs, error };
}

function send(
  url: URL,
  target: ResolvedAddress,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<{ status: number; location: string | undefined }> {
  const secure = url.protocol === 'https:';
  const hostname = bareHostname(url);
  const options: https.RequestOptions = {
    protocol: url.protocol,
    hostname,
    port: url.port || (secure ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    method: 'POST',
    // A fresh connection each time: a pooled socket could have been opened to another address.
    agent: false,
    lookup: pinnedLookup(target),
    signal,
    headers: {
      ...headers,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': USER_AGENT,
    },
  };
  // TLS checks the certificate against the name the user gave, not against the pinned address.
  if (secure && hostname !== target.address) options.servername = hostname;

  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(options, (response) => {
      let received = 0;
      const finish = () => resolve({ status: response.statusCode ?? 0, location: response.headers.location });
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > MAX_RESPONSE_BYTES) {
          response.destroy();
          finish();
        }
      });
      response.on('end', finish);
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}
