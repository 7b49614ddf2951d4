import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type RemoteName, remoteNames, zRuntimeConfig } from '@luz/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { ApiApp } from '../http/api-app';
import { contentSecurityPolicy } from './content-security-policy';
import { hostPageHandler } from './host-page';
import { runtimeConfig } from './runtime-config';

/**
 * Dotfiles (`.env`, `.git/…`, `.npmrc`) are never served, even if a deploy leaves one in a dist
 * folder: they are answered like missing files.
 */
const DOTFILES = 'ignore';

/**
 * Rsbuild names built assets `<name>.<content hash>.<ext>` (remote entries included): such a file
 * never changes. Its Brotli and gzip copies (`.br`, `.gz`, written by the build) are the same file.
 */
const hashedAsset = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.(br|gz))?$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** What keeps its name across deploys (index.html, mf-manifest.json, config.json): revalidate every time. */
const REVALIDATE = 'no-cache';

const cacheControl = (path: string) => (hashedAsset.test(path) ? IMMUTABLE : REVALIDATE);

export type WebFallback = (
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply | Promise<FastifyReply> | null;

/**
 * Serves the built front end when it exists: the host at `/`, each remote at `/remotes/<name>/`
 * (with CORS, so the same files also work from a CDN), and `/config.json` from the environment.
 * Files go out as the build compressed them (Brotli or gzip, by the browser's Accept-Encoding).
 * Each file of a build gets a route of its own as the app starts (`wildcard: false`): behind one
 * wildcard route, @fastify/static listed every folder on an asset's path at each request to check
 * its spelling (2 s of the API's CPU in one end-to-end run). A missing build folder is skipped:
 * the API then runs alone. Answers the SPA fallback for the not-found handler (null in API-only
 * mode): the host's page with the configuration in it.
 */
export async function webRoutes(app: ApiApp, config: Config): Promise<WebFallback> {
  const document = zRuntimeConfig.parse(runtimeConfig(config));
  app.get('/config.json', { schema: { hide: true } }, (_request, reply) =>
    reply.header('Cache-Control', REVALIDATE).send(document),
  );

  for (const name of remoteNames) await serveRemote(app, config.webRoot, name);
  protectDocuments(app, config);

  const hostDist = join(config.webRoot, 'host', 'dist');
  if (!existsSync(join(hostDist, 'index.html'))) return () => null;
  await app.register(fastifyStatic, {
    root: hostDist,
    prefix: '/',
    // The page (`/`, index.html and its compressed copies) is answered by the page handler below,
    // with the configuration in it. Its own routes, not `allowedPath`: with one, @fastify/static
    // lists every folder on an asset's path at each request (5 s of the API's CPU in one
    // end-to-end run, decision 009).
    index: false,
    wildcard: false,
    globIgnore: ['index.html*'],
    preCompressed: true,
    cacheControl: false,
    dotfiles: DOTFILES,
    setHeaders: (reply, path) => reply.header('Cache-Control', cacheControl(path)),
  });

  const hostPage = hostPageHandler({ hostDist, webRoot: config.webRoot, config: document });
  for (const url of ['/', '/index.html']) app.get(url, { schema: { hide: true } }, hostPage);
  return (request, reply) => (isPageRequest(request) ? hostPage(request, reply) : null);
}

/**
 * The front end's HTML documents (the host's page, the SPA fallback) get the Content-Security-
 * Policy and their own browsing-context group. The API's HTML pages (docs, local checkout) set
 * their own.
 */
function protectDocuments(app: FastifyInstance, config: Config) {
  // From the configuration alone, once: nothing a request carries (its Host) gets into the policy.
  const policy = contentSecurityPolicy(config);
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url) || !String(reply.getHeader('content-type') ?? '').startsWith('text/html'))
      return;
    reply.header('Content-Security-Policy', policy);
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  });
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

async function serveRemote(app: FastifyInstance, webRoot: string, name: RemoteName) {
  const dist = join(webRoot, `remote-${name}`, 'dist');
  if (!existsSync(dist)) return;
  await app.register(fastifyStatic, {
    root: dist,
    prefix: `/remotes/${name}/`,
    decorateReply: false,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    dotfiles: DOTFILES,
    setHeaders: (reply, path) => {
      reply.header('Cache-Control', cacheControl(path));
      reply.header('Access-Control-Allow-Origin', '*');
    },
  });
}

/**
 * A browser navigation the host's router should answer: GET/HEAD outside /api and /remotes, and
 * not a missing file (a path whose last segment has an extension gets a real 404, so a broken
 * asset link never receives HTML).
 */
function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (isApiPath(path) || path === '/remotes' || path.startsWith('/remotes/')) return false;
  const last = path.split('/').pop() ?? '';
  return !/\.[a-z0-9]+$/i.test(last);
}
