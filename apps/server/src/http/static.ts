import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Dialect } from './envelope';
import { holdHashedAssets, sendHeld } from './static-memory';

function urlPathOf(url: string): string | undefined {
  try {
    return decodeURIComponent((url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/');
  } catch {
    return undefined;
  }
}

/** A top-level browser navigation (address bar, reload, link), as opposed to fetch/XHR from the app. */
function isBrowserNavigation(headers: Record<string, string | string[] | undefined>): boolean {
  if (headers['sec-fetch-mode'] === 'navigate') return true;
  const accept = headers['accept'];
  return typeof accept === 'string' && accept.includes('text/html');
}

/**
 * Fields of the web app's optional `config.json` that name servers the page connects to. The client reads
 * all but `objectStorageUrl`, which names where a real deployment's presigned uploads go (MinIO, S3).
 */
const CONFIG_ADDRESS_FIELDS = ['apiAddr', 'wsAddr', 'chatAddr', 'livekitUrl', 'objectStorageUrl'] as const;

/** The origin of an http(s)/ws(s) URL, or undefined for anything else (CSP sources must stay plain). */
function connectOrigin(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return ['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol) ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a page needs to reach a LiveKit server: the WebSocket origin it signals on and the http(s)
 * origin of the same host, which livekit-client fetches to prefetch and to diagnose a failed join.
 * Nothing for an empty or malformed URL.
 */
export function mediaServerOrigins(url: string): string[] {
  const origin = connectOrigin(url);
  if (origin === undefined) return [];
  const { protocol, host } = new URL(origin);
  const secure = protocol === 'wss:' || protocol === 'https:';
  return [`${secure ? 'wss' : 'ws'}://${host}`, `${secure ? 'https' : 'http'}://${host}`];
}

/**
 * The servers a deployed `config.json` points the app at (README "Pointing the client at a real OpenIM
 * deployment"); the page must be allowed to connect there. A missing or broken file adds nothing.
 */
export function configuredOrigins(dir: string): string[] {
  const file = join(resolve(dir), 'config.json');
  if (!existsSync(file)) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  if (typeof parsed !== 'object' || parsed === null) return [];
  const record = parsed as Record<string, unknown>;
  return CONFIG_ADDRESS_FIELDS.flatMap((field) => {
    const value = record[field];
    if (field === 'livekitUrl') return typeof value === 'string' ? mediaServerOrigins(value) : [];
    return connectOrigin(value) ?? [];
  });
}

/**
 * The Content-Security-Policy of the served app. Scripts only from this origin, plus
 * 'wasm-unsafe-eval' so the IM SDK can compile its Go wasm (no 'unsafe-eval', no inline scripts);
 * blob: workers are how the SDK runs its database; Fluent UI injects its CSS as style elements;
 * avatars and media may come from any http(s) host. `connectSources` are extra origins
 * (API, WebSocket, media room) beyond this one.
 */
export function contentSecurityPolicy(connectSources: readonly string[] = []): string {
  const connect = [...new Set(["'self'", ...connectSources])].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: http: https:",
    "media-src 'self' blob: http: https:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export interface StaticOptions {
  /** Origins the app connects to besides this server's (added to connect-src). */
  readonly connectSources?: readonly string[];
  /**
   * API mounts by path prefix: a GET there that no API route takes (the static wildcard sees it first)
   * answers 404 in that API's envelope, not the app or a file.
   */
  readonly apis?: Readonly<Record<string, Dialect>>;
  /** Serve the hashed scripts and styles from memory (static-memory.ts); false leaves them to @fastify/static. */
  readonly holdAssets?: boolean;
}

/** Vite's content-hashed output: a new build gets new names, so these may be cached for good. */
const HASHED = /[\\/]assets[\\/]/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, config.json, the SDK's unhashed wasm) is revalidated by ETag. */
const REVALIDATE = 'no-cache';

/** A path naming a file (its last segment has an extension): absent, it is a 404, not the app. */
const looksLikeFile = (urlPath: string): boolean => /\.[A-Za-z0-9]+$/.test(urlPath);

/** The document in each encoding the build wrote next to it (see apps/web/vite.config.ts). */
function loadIndex(root: string): { identity: Buffer; br?: Buffer; gzip?: Buffer } {
  const file = join(root, 'index.html');
  const variant = (ext: string) => (existsSync(file + ext) ? readFileSync(file + ext) : undefined);
  const out: { identity: Buffer; br?: Buffer; gzip?: Buffer } = { identity: readFileSync(file) };
  const br = variant('.br');
  const gzip = variant('.gz');
  if (br) out.br = br;
  if (gzip) out.gzip = gzip;
  return out;
}

/**
 * Serves a built single-page app with @fastify/static (precompressed `.br`/`.gz` variants chosen by
 * Accept-Encoding, ETags, ranges) and @fastify/helmet's security headers, in a scope of its own so the
 * APIs keep their headers. Paths without a file answer index.html (client routes); paths that name a
 * file answer 404. The web app's routes `/chat` and `/chat/:id` share their prefix with the chat API,
 * so browser navigations there get index.html while API calls (JSON) still reach the chat plugin.
 */
export async function registerStatic(
  app: FastifyInstance,
  dir: string,
  options: StaticOptions = {},
): Promise<boolean> {
  const root = resolve(dir);
  if (!existsSync(join(root, 'index.html'))) return false;
  const policy = contentSecurityPolicy([...configuredOrigins(root), ...(options.connectSources ?? [])]);
  const index = loadIndex(root);
  // The policy travels with the document; scripts and workers are governed by their page's policy.
  const sendIndex = (req: FastifyRequest, reply: FastifyReply) => {
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const [encoding, body] =
      index.br && /\bbr\b/.test(accepts)
        ? ['br', index.br]
        : index.gzip && /\bgzip\b/.test(accepts)
          ? ['gzip', index.gzip]
          : [undefined, index.identity];
    if (encoding) void reply.header('content-encoding', encoding);
    return reply
      .type('text/html; charset=utf-8')
      .header('vary', 'accept-encoding')
      .header('cache-control', REVALIDATE)
      .header('content-security-policy', policy)
      .header('x-content-type-options', 'nosniff')
      .send(body);
  };
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const urlPath = urlPathOf(req.url);
    if (urlPath === undefined || !/^\/chat(\/|$)/.test(urlPath) || !isBrowserNavigation(req.headers)) return;
    await sendIndex(req, reply);
    return reply;
  });
  await app.register(async (site) => {
    // The app's policy is set on documents only (below); helmet adds the other headers to every file.
    await site.register(fastifyHelmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
    const held = options.holdAssets === false ? new Map() : holdHashedAssets(root);
    // After helmet's hook (its headers are already on the reply), before @fastify/static's route.
    site.addHook('onRequest', async (req, reply) => {
      if (sendHeld(held, req, reply, IMMUTABLE)) return reply;
      return undefined;
    });
    await site.register(fastifyStatic, {
      root,
      preCompressed: true,
      // One route per built file, found at start: with a wildcard route the plugin reads every directory
      // of the path on each request (to refuse misspelt aliases), a tenth of a sign-in's server work.
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply, path) => {
        void reply.header('cache-control', HASHED.test(path) ? IMMUTABLE : REVALIDATE);
        if (path.endsWith('.html')) void reply.header('content-security-policy', policy);
      },
    });
    // The document itself, precompressed and with its policy (the static plugin would list or refuse `/`).
    site.get('/', sendIndex);
    // The app asks for its `config.json` on every load. A deployment may place one next to index.html;
    // without one, this server describes itself: everything on its own origin, the app's defaults. A 404
    // would put an error in every page's console.
    // Browsers ask for /favicon.ico on their own; a build without one gets "no icon" rather than a 404
    // that every page's console would show.
    if (!existsSync(join(root, 'favicon.ico'))) {
      site.get('/favicon.ico', (_req, reply) => reply.code(204).header('cache-control', REVALIDATE).send());
    }
    if (!existsSync(join(root, 'config.json'))) {
      site.get('/config.json', (_req, reply) =>
        reply.type('application/json; charset=utf-8').header('cache-control', REVALIDATE).send('{}\n'),
      );
    }
    const apis = Object.entries(options.apis ?? {});
    site.setNotFoundHandler((req, reply) => {
      const urlPath = urlPathOf(req.url);
      const api = apis.find(([prefix]) => req.url === prefix || req.url.startsWith(`${prefix}/`));
      if (api) return reply.code(404).send(api[1].notFound(req.method, req.url).toEnvelope());
      const app =
        urlPath !== undefined &&
        (req.method === 'GET' || req.method === 'HEAD') &&
        !looksLikeFile(urlPath) &&
        !/^\/(api|chat|ws)(\/|$)/.test(urlPath);
      if (app) return sendIndex(req, reply);
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    });
  });
  return true;
}
