import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import {
  type ByColorMode,
  COLOR_MODE_COOKIE,
  type ColorMode,
  FIRST_FRAME_FILE,
  FIRST_FRAME_HEADING,
  FIRST_FRAME_STYLE_ELEMENT_ID,
  type FirstFrameHeadings,
  type Frame,
  framedScreenOf,
  PUBLIC_SCREEN_PATHS,
  REMOTE_PRELOAD_ATTRIBUTE,
  type RemoteName,
  RUNTIME_CONFIG_ELEMENT_ID,
  type RuntimeConfig,
  remoteOfPath,
  SDK_CHUNK_PATTERN,
  SHELL_POWERED_BY,
  SHELL_STYLE_ELEMENT_ID,
  type Shell,
  SIGN_IN_FORM_PATHS,
  SIGN_IN_FORMS_CHUNK_PATTERN,
  SIGNED_IN_CHUNK_PATTERN,
} from '@luz/shared/contract';
import { parse as parseCookies } from 'cookie';
import { escapeAttribute, escapeText } from 'entities';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { headingsUrlOf, remoteHeadingsCache } from './remote-headings';

/**
 * The host's page as the API serves it: the built index.html with the runtime configuration in it
 * (so the first script has it without a round trip; `/config.json` stays for remotes and for a
 * host served from elsewhere) and preload links for what the requested address mounts: the
 * remote's manifest and, for a remote this server also serves, its entry and exposed module, with
 * the host's chunks that its page leaves to the addresses that need them (the signed-in screens,
 * the SDK beyond its core, the sign-in forms other than /login). The browser fetches them while the
 * host's own scripts load, instead of after. A sign-in screen's
 * address gets the screen's markup too (the host's build renders it into `shells.json`), which
 * paints before any script; the app replaces it when it starts. A signed-in screen's address gets
 * its first frame (`frames.json`) with the heading its remote's build wrote (`first-frame.json`, read
 * from disk or, for a remote on a CDN, fetched from beside its manifest),
 * over the app until the app shows the screen (docs/decisions/176). Both come in the colour mode
 * the user's app last showed, which it keeps in a cookie (docs/decisions/177).
 */

export type Preload = { href: string; as: 'fetch' | 'script'; remote?: RemoteName };

/** JSON inside <script type="application/json">: inert, and `<` escaped so that nothing can close the element. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function preloadTag({ href, as, remote }: Preload): string {
  const cors = as === 'fetch' ? ' crossorigin="anonymous"' : '';
  const named = remote ? ` ${REMOTE_PRELOAD_ATTRIBUTE}="${remote}"` : '';
  return `<link rel="preload" href="${escapeAttribute(href)}" as="${as}"${cors}${named}>`;
}

/** The frame's markup with the screen's heading, escaped, or without one when its remote gave none. */
export function frameWithHeading(frame: Frame, heading: FirstFrameHeadings[string] | undefined): Shell {
  if (!heading) return { css: frame.css, html: frame.htmlWithoutHeading };
  const html = frame.html
    .replaceAll(FIRST_FRAME_HEADING.title, escapeText(heading.title))
    .replaceAll(FIRST_FRAME_HEADING.subtitle, escapeText(heading.subtitle));
  return { css: frame.css, html };
}

/** The colour mode the page's markup is drawn in: the one the app keeps in its cookie, else the default. */
export function colorModeOf(cookieHeader: string | undefined): ColorMode {
  if (!cookieHeader) return 'dark';
  try {
    return parseCookies(cookieHeader)[COLOR_MODE_COOKIE] === 'light' ? 'light' : 'dark';
  } catch {
    // A malformed header is the browser's or a client's mistake, not a reason to fail the page.
    return 'dark';
  }
}

const ROOT_ELEMENT = '<div id="root">';

/**
 * The built index.html with the configuration and the preloads at the end of its head, a sign-in
 * screen's markup in #root, and a signed-in screen's first frame before #root.
 */
export function renderHostPage(
  template: string,
  config: RuntimeConfig,
  preloads: Preload[],
  shell: Shell | null = null,
  frame: Shell | null = null,
): string {
  const head = [
    `<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">${jsonForScript(config)}</script>`,
    ...preloads.map(preloadTag),
    shell ? `<style id="${SHELL_STYLE_ELEMENT_ID}">${shell.css}</style>` : '',
    frame ? `<style id="${FIRST_FRAME_STYLE_ELEMENT_ID}">${frame.css}</style>` : '',
  ].join('');
  // Without a </head> (not what Rsbuild writes) at the very start, where the parser still puts them in the head.
  const at = Math.max(template.indexOf('</head>'), 0);
  const page = `${template.slice(0, at)}${head}${template.slice(at)}`;
  const root = page.indexOf(ROOT_ELEMENT);
  if (root < 0) return page;
  const withLink = (html: string) =>
    html
      .replaceAll(SHELL_POWERED_BY.label, escapeText(config.powered_by.label))
      .replaceAll(SHELL_POWERED_BY.url, escapeAttribute(config.powered_by.url));
  const end = root + ROOT_ELEMENT.length;
  return [
    page.slice(0, root),
    frame ? withLink(frame.html) : '',
    page.slice(root, end),
    shell ? withLink(shell.html) : '',
    page.slice(end),
  ].join('');
}

/** The parts of a remote's mf-manifest.json that say which files its entry and exposed module are. */
type RemoteManifest = {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
};

/** The entry and the exposed lifecycles' files of a remote, as URLs beside its manifest. */
export function remoteAssets(manifestUrl: string, manifest: RemoteManifest): string[] {
  const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const entry = manifest.metaData?.remoteEntry;
  const lifecycles = manifest.exposes?.find((expose) => expose.name === 'lifecycles');
  const files = [
    entry?.name ? `${entry.path ? `${entry.path.replace(/\/?$/, '/')}` : ''}${entry.name}` : null,
    ...(lifecycles?.assets?.js?.sync ?? []),
  ];
  return files.filter((file): file is string => Boolean(file)).map((file) => `${base}${file}`);
}

/** The part of the host's manifest.json (Rsbuild's `output.manifest`) that lists each entry's chunks. */
type HostManifest = { entries?: Record<string, { async?: { js?: string[] } }> };

type Encoding = 'br' | 'gzip' | 'identity';
type Variants = { etag: string; bodies: Record<Encoding, Buffer> };

/** The page's variants are the same for every address that mounts the same remote: made once per build. */
class PageCache {
  private readonly variants = new Map<string, Variants>();

  get(key: string, make: () => string): Variants {
    const known = this.variants.get(key);
    if (known) return known;
    // One entry per screen, colour mode and deploy (about 30 per deploy): older deploys' entries go
    // once there are more than that.
    if (this.variants.size >= 64) this.variants.clear();
    const html = Buffer.from(make());
    const made: Variants = {
      etag: `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      bodies: {
        identity: html,
        br: brotliCompressSync(html, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        gzip: gzipSync(html, { level: constants.Z_BEST_COMPRESSION }),
      },
    };
    this.variants.set(key, made);
    return made;
  }
}

type FileRead = { mtimeMs: number; text: string };

/** A file read again only when it changes on disk (a new deploy of the host or of a remote). */
async function readIfChanged(path: string, cache: Map<string, FileRead>) {
  const { mtimeMs } = await stat(path);
  const known = cache.get(path);
  if (known?.mtimeMs === mtimeMs) return known;
  const read = { mtimeMs, text: await readFile(path, 'utf8') };
  cache.set(path, read);
  return read;
}

const parsed = new WeakMap<FileRead, unknown>();

/** A JSON file as `readIfChanged` reads it, parsed once per version. */
async function readJsonIfChanged<T>(path: string, cache: Map<string, FileRead>) {
  const read = await readIfChanged(path, cache);
  if (!parsed.has(read)) parsed.set(read, JSON.parse(read.text));
  return { mtimeMs: read.mtimeMs, value: parsed.get(read) as T };
}

export type HostPageOptions = {
  hostDist: string;
  webRoot: string;
  config: RuntimeConfig;
};

/** Answers a page request with the host's page, compressed as the browser accepts, never cached without revalidation. */
export function hostPageHandler({ hostDist, webRoot, config }: HostPageOptions) {
  const files = new Map<string, FileRead>();
  const pages = new PageCache();
  const cdnHeadings = remoteHeadingsCache();

  /** The host's chunks that match, from the build's manifest.json; none without one (the development server). */
  async function hostChunks(patterns: RegExp[]): Promise<{ key: string; preloads: Preload[] }> {
    try {
      const manifest = await readIfChanged(join(hostDist, 'manifest.json'), files);
      const { entries } = JSON.parse(manifest.text) as HostManifest;
      const chunks = Object.values(entries ?? {}).flatMap((entry) => entry.async?.js ?? []);
      return {
        key: String(manifest.mtimeMs),
        preloads: chunks
          .filter((chunk) => patterns.some((pattern) => pattern.test(chunk)))
          .map((href) => ({ href, as: 'script' })),
      };
    } catch {
      return { key: '', preloads: [] };
    }
  }

  /** Where a remote this server serves (`/remotes/<name>/…`) has its manifest on disk; null for one served elsewhere. */
  function localManifestPath(remote: RemoteName): string | null {
    const local = `/remotes/${remote}/`;
    const manifestUrl = config.remotes[remote];
    if (!manifestUrl.startsWith(local)) return null;
    return join(webRoot, `remote-${remote}`, 'dist', manifestUrl.slice(local.length));
  }

  async function preloadsOf(pathname: string): Promise<{ key: string; preloads: Preload[] }> {
    if (SIGN_IN_FORM_PATHS.includes(pathname)) {
      const forms = await hostChunks([SIGN_IN_FORMS_CHUNK_PATTERN, SDK_CHUNK_PATTERN]);
      return { key: `forms@${forms.key}`, preloads: forms.preloads };
    }
    const remote = remoteOfPath(pathname);
    if (!remote) return { key: 'none', preloads: [] };
    const manifestUrl = config.remotes[remote];
    // An address that mounts a remote is a signed-in screen: its host chunks come with the page too.
    const host = await hostChunks([SIGNED_IN_CHUNK_PATTERN, SDK_CHUNK_PATTERN]);
    const preloads: Preload[] = [{ href: manifestUrl, as: 'fetch', remote }, ...host.preloads];
    const path = localManifestPath(remote);
    if (!path) return { key: `${remote}@${host.key}`, preloads };
    try {
      const manifest = await readIfChanged(path, files);
      for (const href of remoteAssets(manifestUrl, JSON.parse(manifest.text) as RemoteManifest)) {
        preloads.push({ href, as: 'script' });
      }
      return { key: `${remote}@${host.key}@${manifest.mtimeMs}`, preloads };
    } catch {
      // Not built or unreadable: the remote's own loading reports it when the route mounts it.
      return { key: `${remote}@${host.key}`, preloads };
    }
  }

  async function shellOf(pathname: string, mode: ColorMode): Promise<{ key: string; shell: Shell | null }> {
    if (!(PUBLIC_SCREEN_PATHS as readonly string[]).includes(pathname)) return { key: '', shell: null };
    try {
      const shells = await readJsonIfChanged<ByColorMode<Record<string, Shell>>>(
        join(hostDist, 'shells.json'),
        files,
      );
      const shell = shells.value[mode]?.[pathname] ?? null;
      return { key: `${pathname}@${mode}@${shells.mtimeMs}`, shell };
    } catch {
      // A build without the markup (the development server's): the screen paints when the app starts.
      return { key: '', shell: null };
    }
  }

  /** The screens' headings a remote's build wrote beside its manifest: read from disk here, fetched from a CDN. */
  async function headingsOf(remote: RemoteName): Promise<{ key: string; headings: FirstFrameHeadings }> {
    const manifestPath = localManifestPath(remote);
    if (!manifestPath) {
      const manifestUrl = config.remotes[remote];
      return /^https?:\/\//.test(manifestUrl)
        ? cdnHeadings.get(headingsUrlOf(manifestUrl))
        : { key: 'none', headings: {} };
    }
    try {
      const read = await readJsonIfChanged<FirstFrameHeadings>(
        join(dirname(manifestPath), FIRST_FRAME_FILE),
        files,
      );
      return { key: String(read.mtimeMs), headings: read.value };
    } catch {
      // A remote built without them: its screens' frames go without a heading.
      return { key: 'none', headings: {} };
    }
  }

  async function frameOf(pathname: string, mode: ColorMode): Promise<{ key: string; frame: Shell | null }> {
    const remote = remoteOfPath(pathname);
    // The screen, not the address, names the frame: every service's payment history shares one page.
    const screen = framedScreenOf(pathname);
    if (!remote || !screen) return { key: '', frame: null };
    try {
      const frames = await readJsonIfChanged<ByColorMode<Record<string, Frame>>>(
        join(hostDist, 'frames.json'),
        files,
      );
      const frame = frames.value[mode]?.[screen];
      if (!frame) return { key: '', frame: null };
      const { key, headings } = await headingsOf(remote);
      return {
        key: `${screen}@${mode}@${frames.mtimeMs}@${key}`,
        frame: frameWithHeading(frame, headings[screen]),
      };
    } catch {
      // A build without frames (the development server's): the screen paints when the app draws it.
      return { key: '', frame: null };
    }
  }

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const template = await readIfChanged(join(hostDist, 'index.html'), files);
    const pathname = request.url.split('?')[0] ?? '/';
    const { key, preloads } = await preloadsOf(pathname);
    const mode = colorModeOf(request.headers.cookie);
    const shell = await shellOf(pathname, mode);
    const frame = await frameOf(pathname, mode);
    const page = pages.get(`${template.mtimeMs}:${key}:${shell.key}:${frame.key}`, () =>
      renderHostPage(template.text, config, preloads, shell.shell, frame.frame),
    );
    reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      // The markup's colour mode comes from a cookie: a shared cache keeps a page per cookie.
      .header('Vary', 'Accept-Encoding, Cookie')
      .header('ETag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const accepted = request.headers['accept-encoding'];
    const encoding = (accepted && negotiate(accepted, ['br', 'gzip'])) || 'identity';
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(page.bodies[encoding as Encoding]);
  };
}
