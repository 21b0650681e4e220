import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';

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

/** Serves a built single-page app: files by path, index.html for everything else that is not an API path. */
export function registerStatic(app: FastifyInstance, dir: string): boolean {
  const root = resolve(dir);
  if (!existsSync(join(root, 'index.html'))) return false;
  app.get('/*', async (req, reply) => {
    const urlPath = decodeURIComponent((req.url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/');
    if (/^\/(api|chat|ws)(\/|$)/.test(urlPath))
      return reply.code(404).send({ errCode: 404, errMsg: 'not found', errDlt: '' });
    const candidate = normalize(join(root, urlPath));
    let file = join(root, 'index.html');
    if (candidate.startsWith(root + sep) && existsSync(candidate) && statSync(candidate).isFile())
      file = candidate;
    const body = await readFile(file);
    return reply.type(TYPES[extname(file)] ?? 'application/octet-stream').send(body);
  });
  return true;
}
