import { extname, join, normalize, sep } from 'node:path';

export const APP_SCHEME = 'app';
const APP_HOST = 'teamim';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * The same policy as apps/web/index.html (a test keeps the two equal), also sent as a header so it
 * covers workers and every response, not only the document.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: http: https:; media-src 'self' blob: http: https:; connect-src 'self' http: https: ws: wss:; object-src 'none'; base-uri 'self'; form-action 'self'";

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Maps an `app://teamim/...` URL to a file of the bundled web app, or undefined when it points
 * elsewhere. Paths without an extension are client-side routes and get index.html; nothing can escape
 * the bundle's folder.
 */
export function resolveAppFile(requestUrl: string, rootDir: string): string | undefined {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0')) return undefined;
  const relative = normalize(pathname).replace(/^[/\\]+/, '');
  const root = normalize(rootDir);
  const file = relative === '' || extname(relative) === '' ? join(root, 'index.html') : join(root, relative);
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : undefined;
}

/**
 * The protocol handler: serves the bundle with its content type and the CSP header. `/config.json` is
 * the desktop's runtime configuration for the web app, generated rather than read from the bundle.
 */
export function createAppProtocolHandler(
  rootDir: string,
  readFile: (path: string) => Promise<Uint8Array<ArrayBuffer>>,
  runtimeConfig: Readonly<Record<string, unknown>>,
): (request: Request) => Promise<Response> {
  const configJson = JSON.stringify(runtimeConfig);
  return async (request) => {
    if (request.url === `${APP_ORIGIN}/config.json`) {
      return new Response(configJson, {
        headers: { 'content-type': 'application/json', 'x-content-type-options': 'nosniff' },
      });
    }
    const file = resolveAppFile(request.url, rootDir);
    if (file === undefined) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, {
        status: 200,
        headers: {
          'content-type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
          'content-security-policy': CONTENT_SECURITY_POLICY,
          'x-content-type-options': 'nosniff',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  };
}
