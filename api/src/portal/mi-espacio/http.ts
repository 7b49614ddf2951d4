import { parse as parseDisposition } from 'content-disposition';
import type { CookieJar } from 'tough-cookie';
import { Agent, type Dispatcher, ProxyAgent, request } from 'undici';
import { CfePortalError } from './portal';

export type HttpOptions = {
  /** Where CFE (or a replica) is, e.g. https://app.cfe.mx. */
  baseUrl: string;
  /** One HTTP(S) proxy for every request (PORTAL_PROXY_URL): CFE's firewall refuses data-centre addresses. */
  proxyUrl?: string | null;
  timeoutMs: number;
  userAgent: string;
};

/** An answer of the portal, whatever it is: a page, a file, a refusal. */
export type Answer = {
  url: URL;
  status: number;
  contentType: string;
  /** The attachment's file name when the answer is a download. */
  attachment: string | null;
  body: Buffer;
};

/** What one conversation with the portal keeps: its cookies and when it may send the next request. */
export type Conversation = { jar: CookieJar; nextRequestAt: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/**
 * HTTP as a browser does it for one conversation: its cookie jar on every request, redirects
 * followed by hand (each hop stores its cookies), and pacing between requests.
 */
export class PortalHttp {
  private readonly dispatcher: Dispatcher;

  constructor(
    private readonly options: HttpOptions,
    /** Least time between two requests of one conversation (the real portal needs seconds). */
    private readonly pacingMs: number,
  ) {
    this.dispatcher = options.proxyUrl
      ? new ProxyAgent(options.proxyUrl)
      : new Agent({ keepAliveTimeout: 10_000, connections: 64 });
  }

  url(path: string, base?: URL): URL {
    return new URL(path, base ?? this.options.baseUrl);
  }

  async send(
    conversation: Conversation,
    method: 'GET' | 'POST',
    url: URL,
    form?: URLSearchParams,
  ): Promise<Answer> {
    let current = { method, url, form };
    for (let hop = 0; hop < 6; hop += 1) {
      const answer = await this.once(conversation, current.method, current.url, current.form);
      if (!('location' in answer)) return answer;
      // A redirect after a post is followed with a GET, as browsers do.
      current = { method: 'GET', url: answer.location, form: undefined };
    }
    throw new CfePortalError('unknown_page', 'El portal de CFE redirigió demasiadas veces.');
  }

  private async once(
    conversation: Conversation,
    method: 'GET' | 'POST',
    url: URL,
    form: URLSearchParams | undefined,
  ): Promise<Answer | { location: URL }> {
    const wait = conversation.nextRequestAt - Date.now();
    if (wait > 0) await sleep(wait);
    conversation.nextRequestAt = Date.now() + this.pacingMs;
    const headers: Record<string, string> = {
      'user-agent': this.options.userAgent,
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'accept-language': 'es-MX,es;q=0.9',
    };
    const cookie = await conversation.jar.getCookieString(url.href);
    if (cookie) headers.cookie = cookie;
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        method,
        headers,
        body: form?.toString(),
        dispatcher: this.dispatcher,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new CfePortalError('timeout', 'El portal de CFE no respondió a tiempo.');
      throw new CfePortalError('network', 'No fue posible conectar con el portal de CFE.');
    }
    const setCookie = response.headers['set-cookie'];
    for (const value of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
      await conversation.jar.setCookie(value, url.href, { ignoreError: true });
    const location = header(response.headers.location);
    if (response.statusCode >= 300 && response.statusCode < 400 && location) {
      await response.body.dump();
      return { location: new URL(location, url) };
    }
    const body = Buffer.from(await response.body.arrayBuffer());
    const disposition = header(response.headers['content-disposition']);
    let attachment: string | null = null;
    if (disposition) {
      try {
        const parsed = parseDisposition(disposition);
        if (parsed.type === 'attachment') attachment = parsed.parameters.filename ?? '';
      } catch {
        attachment = null;
      }
    }
    return {
      url,
      status: response.statusCode,
      contentType: header(response.headers['content-type']),
      attachment,
      body,
    };
  }

  close() {
    return this.dispatcher.close();
  }
}
