import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The built app's content-hashed scripts and styles (`assets/`), held in memory in their Brotli form. A
 * sign-in loads about 75 of them; through @fastify/static each costs a stat, an open, reads and a stream
 * (about a millisecond of server CPU), from memory a tenth of that. The answer is the one @fastify/static
 * gives (same headers, same bytes: `static-memory.test.ts` compares them); whatever it would answer
 * differently (ranges, conditional requests, HEAD, another encoding) is still left to it.
 */
interface HeldFile {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: string;
}

/** What @fastify/send answers for these extensions (mime type, UTF-8 for text). */
const TYPES: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Request headers that make @fastify/static answer something else than the whole file. */
const NOT_PLAIN = [
  'range',
  'if-range',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
];

/** The files of `root/assets` that have a `.br` variant, by URL path. */
export function holdHashedAssets(root: string): Map<string, HeldFile> {
  const held = new Map<string, HeldFile>();
  const dir = join(root, 'assets');
  if (!existsSync(dir)) return held;
  for (const name of readdirSync(dir)) {
    const type = TYPES[name.slice(name.lastIndexOf('.'))];
    const br = join(dir, `${name}.br`);
    if (type === undefined || !existsSync(br)) continue;
    // @fastify/send describes the variant it sends: its size and time make the ETag.
    const stat = statSync(br);
    held.set(`/assets/${name}`, {
      body: readFileSync(br),
      contentType: type,
      etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
      lastModified: stat.mtime.toUTCString(),
    });
  }
  return held;
}

/** Brotli is what @fastify/static picks when the client lists it without weights (its first choice). */
function acceptsBrotliFirst(value: string | string[] | undefined): boolean {
  if (typeof value !== 'string' || value.includes(';') || value.includes('*')) return false;
  return value.split(',').some((token) => token.trim().toLowerCase() === 'br');
}

/** Answers a plain GET of a held file, as @fastify/static would; false when it is left to it. */
export function sendHeld(
  held: ReadonlyMap<string, HeldFile>,
  req: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string,
): boolean {
  if (req.method !== 'GET') return false;
  const q = req.url.indexOf('?');
  const file = held.get(q < 0 ? req.url : req.url.slice(0, q));
  if (file === undefined || !acceptsBrotliFirst(req.headers['accept-encoding'])) return false;
  if (NOT_PLAIN.some((name) => req.headers[name] !== undefined)) return false;
  void reply
    .headers({
      'accept-ranges': 'bytes',
      'last-modified': file.lastModified,
      etag: file.etag,
      'content-type': file.contentType,
      'cache-control': cacheControl,
      vary: 'accept-encoding',
      'content-encoding': 'br',
    })
    .send(file.body);
  return true;
}
