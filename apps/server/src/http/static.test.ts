import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configuredOrigins, contentSecurityPolicy, mediaServerOrigins, registerStatic } from './static';

const dirs: string[] = [];
function webDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'teamim-static-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}
afterEach(() => {
  while (dirs.length > 0) rmSync(dirs.pop() ?? '', { recursive: true, force: true });
});

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('allows scripts only from the origin plus wasm compilation, and forbids plugins, base and framing', () => {
    const policy = directives(contentSecurityPolicy());
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });

  it('adds the configured connect origins once each', () => {
    const policy = directives(
      contentSecurityPolicy(['https://im.example.com', 'wss://im.example.com', 'https://im.example.com']),
    );
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://im.example.com', 'wss://im.example.com']);
  });
});

describe('mediaServerOrigins', () => {
  it('allows a LiveKit server both as WebSocket and as http(s), keeping its security', () => {
    expect(mediaServerOrigins('ws://127.0.0.1:7880')).toEqual([
      'ws://127.0.0.1:7880',
      'http://127.0.0.1:7880',
    ]);
    expect(mediaServerOrigins('wss://rtc.example.com/path')).toEqual([
      'wss://rtc.example.com',
      'https://rtc.example.com',
    ]);
    expect(mediaServerOrigins('https://rtc.example.com')).toEqual([
      'wss://rtc.example.com',
      'https://rtc.example.com',
    ]);
  });

  it('adds nothing for no URL or anything that is not a plain server URL', () => {
    expect(mediaServerOrigins('')).toEqual([]);
    expect(mediaServerOrigins("wss://rtc.example.com'; script-src *")).toEqual([]);
    expect(mediaServerOrigins('javascript:alert(1)')).toEqual([]);
  });
});

describe('configuredOrigins', () => {
  it('reads the server origins of a deployed config.json and ignores anything that is not a plain URL', () => {
    const dir = webDir({
      'config.json': JSON.stringify({
        apiAddr: 'https://im.example.com/api',
        wsAddr: 'wss://im.example.com/msg_gateway',
        chatAddr: "https://chat.example.com/chat'; script-src *",
        livekitUrl: 'javascript:alert(1)',
        objectStorageUrl: 'https://s3.example.com/openim',
        platformID: 5,
      }),
    });
    expect(configuredOrigins(dir)).toEqual([
      'https://im.example.com',
      'wss://im.example.com',
      'https://chat.example.com',
      'https://s3.example.com',
    ]);
  });

  it('adds nothing without a config.json or with a broken one', () => {
    expect(configuredOrigins(webDir({}))).toEqual([]);
    expect(configuredOrigins(webDir({ 'config.json': '{not json' }))).toEqual([]);
  });
});

describe('registerStatic', () => {
  it('sends the policy with the app document on every route, and not on assets', async () => {
    const dir = webDir({
      'index.html': '<!doctype html><title>TeamIM</title>',
      'app.js': 'console.log(1)',
      'config.json': JSON.stringify({ wsAddr: 'wss://im.example.com/ws' }),
    });
    const app = Fastify();
    try {
      expect(await registerStatic(app, dir, { connectSources: ['https://rtc.example.com'] })).toBe(true);
      for (const url of ['/', '/contact/newFriends', '/index.html']) {
        const page = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        const policy = directives(String(page.headers['content-security-policy']));
        expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
        expect(policy.get('connect-src')).toEqual([
          "'self'",
          'wss://im.example.com',
          'https://rtc.example.com',
        ]);
      }
      const navigation = await app.inject({
        method: 'GET',
        url: '/chat/si_a_b',
        headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate' },
      });
      expect(navigation.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      const script = await app.inject({ method: 'GET', url: '/app.js' });
      expect(script.headers['content-security-policy']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('serves precompressed variants of the build by Accept-Encoding, caching hashed assets for good', async () => {
    const js = 'console.log("teamim");'.repeat(100);
    const dir = webDir({
      'index.html': '<!doctype html><title>TeamIM</title>',
      'index.html.br': 'BR-INDEX',
      'index.html.gz': 'GZ-INDEX',
      'assets/app-1a2b3c.js': js,
      'assets/app-1a2b3c.js.br': 'BR-JS',
      'assets/app-1a2b3c.js.gz': 'GZ-JS',
      'openim/openIM.wasm': 'WASM',
      'openim/openIM.wasm.gz': 'GZ-WASM',
    });
    const app = Fastify();
    try {
      await registerStatic(app, dir);
      const get = (url: string, encoding?: string) =>
        app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
      const br = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.body).toBe('BR-JS');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['vary']).toMatch(/accept-encoding/i);
      const gz = await get('/assets/app-1a2b3c.js', 'gzip');
      expect([gz.headers['content-encoding'], gz.body]).toEqual(['gzip', 'GZ-JS']);
      expect((await get('/assets/app-1a2b3c.js?v=2', 'br')).body).toBe('BR-JS');
      // Files are served by their exact name only (each has its route).
      expect((await get('/ASSETS/app-1a2b3c.js', 'br')).statusCode).toBe(404);
      expect((await get('/assets/App-1a2b3c.js', 'br')).statusCode).toBe(404);
      const plain = await get('/assets/app-1a2b3c.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(js);
      // The SDK's wasm has a fixed name: compressed, but revalidated rather than cached for good.
      const wasm = await get('/openim/openIM.wasm', 'gzip, br');
      expect([wasm.headers['content-encoding'], wasm.body]).toEqual(['gzip', 'GZ-WASM']);
      expect(wasm.headers['content-type']).toBe('application/wasm');
      expect(wasm.headers['cache-control']).toBe('no-cache');
      const page = await get('/contacts', 'br');
      expect([page.headers['content-encoding'], page.body]).toEqual(['br', 'BR-INDEX']);
      expect(page.headers['cache-control']).toBe('no-cache');
      // helmet's headers on the site's answers.
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(br.headers['x-frame-options']).toBe('SAMEORIGIN');
    } finally {
      await app.close();
    }
  });

  it('answers 404 for missing files such as /assets/gone-123.js instead of the app', async () => {
    const app = Fastify();
    try {
      await registerStatic(app, webDir({ 'index.html': '<!doctype html><title>TeamIM</title>' }));
      // The icon browsers ask for on their own: no content rather than an error in every console.
      expect((await app.inject({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(204);
      for (const url of ['/assets/gone-123.js', '/openim/openIM.wasm', '/robots.txt']) {
        const r = await app.inject({ method: 'GET', url });
        expect(r.statusCode, url).toBe(404);
        expect(r.body, url).not.toContain('TeamIM');
      }
      expect((await app.inject({ method: 'GET', url: '/settings/profile' })).body).toContain('TeamIM');
    } finally {
      await app.close();
    }
  });

  it('describes itself at /config.json when the build has none, and serves a deployed one as it is', async () => {
    const app = Fastify();
    const deployed = Fastify();
    try {
      await registerStatic(app, webDir({ 'index.html': '<!doctype html><title>TeamIM</title>' }));
      const own = await app.inject({ method: 'GET', url: '/config.json' });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toContain('application/json');
      expect(own.headers['cache-control']).toBe('no-cache');
      expect(JSON.parse(own.body)).toEqual({});

      const config = JSON.stringify({ wsAddr: 'wss://im.example.com/ws' });
      await registerStatic(deployed, webDir({ 'index.html': '<!doctype html>', 'config.json': config }));
      const theirs = await deployed.inject({ method: 'GET', url: '/config.json' });
      expect(theirs.statusCode).toBe(200);
      expect(theirs.body).toBe(config);
    } finally {
      await app.close();
      await deployed.close();
    }
  });
});
