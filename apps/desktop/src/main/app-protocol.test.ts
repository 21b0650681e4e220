import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, createAppProtocolHandler, resolveAppFile } from './app-protocol';

const ROOT = '/opt/teamim/renderer';

describe('resolveAppFile', () => {
  it('maps app URLs into the bundle and client routes to index.html', () => {
    expect(resolveAppFile('app://teamim/assets/index-abc.js', ROOT)).toBe(`${ROOT}/assets/index-abc.js`);
    expect(resolveAppFile('app://teamim/', ROOT)).toBe(`${ROOT}/index.html`);
    expect(resolveAppFile('app://teamim/chat/si_1_2', ROOT)).toBe(`${ROOT}/index.html`);
    expect(resolveAppFile('app://teamim/openim/openIM.wasm?v=1', ROOT)).toBe(`${ROOT}/openim/openIM.wasm`);
  });

  it('never leaves the bundle folder and ignores other hosts and schemes', () => {
    const attempts = [
      'app://teamim/../../etc/passwd.txt',
      'app://teamim/%2e%2e/%2e%2e/etc/passwd.txt',
      'app://teamim/%2e%2e%2f%2e%2e%2fetc%2fpasswd.txt',
      'app://teamim/..%5c..%5cetc%5cpasswd.txt',
    ];
    for (const attempt of attempts) {
      const file = resolveAppFile(attempt, ROOT);
      expect(file === undefined || file.startsWith(`${ROOT}/`), `${attempt} -> ${file}`).toBe(true);
    }
    expect(resolveAppFile('app://teamim/a%00.js', ROOT)).toBeUndefined();
    expect(resolveAppFile('app://teamim/%E0%A4%A.js', ROOT)).toBeUndefined();
    expect(resolveAppFile('app://other/index.html', ROOT)).toBeUndefined();
    expect(resolveAppFile('file:///etc/passwd', ROOT)).toBeUndefined();
  });
});

describe('createAppProtocolHandler', () => {
  it('serves files with their type, the CSP header and nosniff; unknown files are 404', async () => {
    const root = mkdtempSync(join(tmpdir(), 'teamim-renderer-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html>');
    mkdirSync(join(root, 'openim'));
    writeFileSync(join(root, 'openim', 'openIM.wasm'), new Uint8Array([0, 97, 115, 109]));
    const handle = createAppProtocolHandler(root, (path) => readFile(path), { apiAddr: 'http://s/api' });

    const page = await handle(new Request('app://teamim/contacts'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toBe('<!doctype html>');

    const wasm = await handle(new Request('app://teamim/openim/openIM.wasm'));
    expect(wasm.headers.get('content-type')).toBe('application/wasm');
    expect((await handle(new Request('app://teamim/missing.js'))).status).toBe(404);
    const config = await handle(new Request('app://teamim/config.json'));
    expect(await config.json()).toEqual({ apiAddr: 'http://s/api' });
  });

  it('sends the same CSP as the web app', () => {
    const html = readFileSync(join(import.meta.dirname, '../../../web/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
    expect(meta?.[1]).toBe(CONTENT_SECURITY_POLICY);
  });
});
