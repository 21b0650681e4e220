import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

function urlPathOf(url: string): string | undefined {
  try {
    return decodeURIComponent((url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/');
  } catch {
    return undefined;
  }
}

/** A top-level browser navigation (address bar, reload, link), as opposed to fetch/XHR from the app. */
export function isBrowserNavigation(headers: Record<string, string | string[] | undefined>): boolean {
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
}

/**
 * Serves a built single-page app: files by path, index.html for client routes. The web app's
 * routes `/chat` and `/chat/:id` share their prefix with the chat API, so browser navigations
 * there get index.html while API calls (JSON) still reach the chat plugin.
 */
export function registerStatic(app: FastifyInstance, dir: string, options: StaticOptions = {}): boolean {
  const root = resolve(dir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return false;
  const policy = contentSecurityPolicy([...configuredOrigins(root), ...(options.connectSources ?? [])]);
  // The policy travels with the document; scripts and workers are governed by their page's policy.
  const sendIndex = async (reply: FastifyReply) =>
    reply
      .type(TYPES['.html'] ?? 'text/html')
      .header('content-security-policy', policy)
      .header('x-content-type-options', 'nosniff')
      .send(await readFile(index));
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const urlPath = urlPathOf(req.url);
    if (urlPath === undefined || !/^\/chat(\/|$)/.test(urlPath) || !isBrowserNavigation(req.headers)) return;
    await sendIndex(reply);
    return reply;
  });
  app.get('/*', async (req, reply) => {
    const urlPath = urlPathOf(req.url);
    if (urlPath === undefined)
      return reply.code(400).send({ errCode: 1001, errMsg: 'malformed URL', errDlt: '' });
    if (/^\/(api|chat|ws)(\/|$)/.test(urlPath))
      return reply.code(404).send({ errCode: 404, errMsg: 'not found', errDlt: '' });
    const candidate = normalize(join(root, urlPath));
    if (candidate.startsWith(root + sep) && existsSync(candidate) && statSync(candidate).isFile()) {
      if (extname(candidate) === '.html') reply.header('content-security-policy', policy);
      return reply
        .type(TYPES[extname(candidate)] ?? 'application/octet-stream')
        .send(await readFile(candidate));
    }
    return sendIndex(reply);
  });
  return true;
}
