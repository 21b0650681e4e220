import { existsSync, statSync } from 'node:fs';
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
 * Serves a built single-page app: files by path, index.html for client routes. The web app's
 * routes `/chat` and `/chat/:id` share their prefix with the chat API, so browser navigations
 * there get index.html while API calls (JSON) still reach the chat plugin.
 */
export function registerStatic(app: FastifyInstance, dir: string): boolean {
  const root = resolve(dir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return false;
  const sendIndex = async (reply: FastifyReply) =>
    reply.type(TYPES['.html'] ?? 'text/html').send(await readFile(index));
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
      return reply
        .type(TYPES[extname(candidate)] ?? 'application/octet-stream')
        .send(await readFile(candidate));
    }
    return sendIndex(reply);
  });
  return true;
}
