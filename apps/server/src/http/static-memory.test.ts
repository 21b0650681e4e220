import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStatic } from './static';

/** A built app with two hashed assets in their Brotli form, one without, and a file outside `assets/`. */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'teamim-held-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'config.json'), '{}');
  const files: Record<string, string> = {
    'assets/index-abc123.js': 'console.log("app");'.repeat(50),
    'assets/index-abc123.css': 'body { color: red; }'.repeat(50),
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), text);
  }
  writeFileSync(join(dir, 'assets/small-1.js'), 'export {};');
  // A fixed time: the ETag and Last-Modified are made from it.
  utimesSync(join(dir, 'assets/index-abc123.js.br'), 1_700_000_000, 1_700_000_000);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function serve(holdAssets: boolean) {
  const app = Fastify({ logger: false });
  await registerStatic(app, dir, { holdAssets });
  await app.ready();
  return app;
}

const CHROMIUM = 'gzip, deflate, br, zstd';

describe('hashed assets held in memory', () => {
  const requests: [string, Record<string, string>][] = [
    ['/assets/index-abc123.js', { 'accept-encoding': CHROMIUM }],
    ['/assets/index-abc123.css', { 'accept-encoding': 'br' }],
    ['/assets/index-abc123.js?v=1', { 'accept-encoding': CHROMIUM }],
    ['/assets/index-abc123.js', { 'accept-encoding': 'gzip' }],
    ['/assets/index-abc123.js', { 'accept-encoding': 'gzip;q=1, br;q=0.5' }],
    ['/assets/index-abc123.js', {}],
    ['/assets/index-abc123.js', { 'accept-encoding': CHROMIUM, range: 'bytes=0-9' }],
    ['/assets/small-1.js', { 'accept-encoding': CHROMIUM }],
  ];

  it('are answered with the headers and bytes @fastify/static answers', async () => {
    const [held, plain] = [await serve(true), await serve(false)];
    for (const [url, headers] of requests) {
      const [a, b] = [await held.inject({ url, headers }), await plain.inject({ url, headers })];
      const { date: _a, ...heldHeaders } = a.headers;
      const { date: _b, ...plainHeaders } = b.headers;
      expect([url, a.statusCode, heldHeaders], JSON.stringify(headers)).toEqual([
        url,
        b.statusCode,
        plainHeaders,
      ]);
      expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    }
    const etag = (await held.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } }))
      .headers.etag;
    // A revalidation is still @fastify/static's: 304 for the ETag it gave.
    const again = await held.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': CHROMIUM, 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    await held.close();
    await plain.close();
  });

  it('are read once, when the server starts, not from the disk on each request', async () => {
    const app = await serve(true);
    rmSync(join(dir, 'assets/index-abc123.js.br'));
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': CHROMIUM },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    await app.close();
  });
});
