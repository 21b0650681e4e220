/**
 * The shared browser-test fixtures (console watch, diagnostics), with the worker's server replaced by a
 * static server of the built web app whose `config.json` points at the real stack: the app as a team would
 * host it next to its own OpenIM deployment. Runs inside the stack's network namespace (loopback only).
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test as base, type Page } from '../support/fixtures';
import { newUserPage, type UserPage } from '../support/users';
import { PASSWORD, STACK, USERS, type RealUser } from './stack';

export { expect };
export type { Locator, Page } from '../support/fixtures';
export { messageLog, send } from '../support/users';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../../../apps/web/dist');

/** What a deployment writes next to the built app (docs/deploying-with-openim.md, "The addresses"). */
const CONFIG = {
  apiAddr: STACK.api,
  wsAddr: STACK.ws,
  chatAddr: STACK.chat,
  platformID: 5,
  features: { wallet: 'auto', calls: 'auto' },
};

/**
 * The policy docs/deploying-with-openim.md ("Hosting the app elsewhere") tells a web server of one's own to
 * send, with the stack's origins: the API, the gateway, chat, the LiveKit address chat hands out, and MinIO.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "media-src 'self' blob: http: https:",
  "font-src 'self' data:",
  `connect-src 'self' ${STACK.api} ${STACK.ws} ${STACK.chat} ${STACK.liveKit} ${STACK.liveKit.replace('ws:', 'http:')} ${STACK.objectStorage}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain',
  '.webmanifest': 'application/manifest+json',
};

/** Files of the build; any other path is a client route and gets index.html, as a host's SPA fallback. */
function startStaticServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/'));
    // The app has no favicon; a host answers the browser's request without an error.
    if (path === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    if (path === '/config.json') {
      response.writeHead(200, { 'content-type': TYPES['.json'], 'cache-control': 'no-cache' });
      response.end(JSON.stringify(CONFIG));
      return;
    }
    const file = join(dist, path);
    const answer = (body: Buffer, type: string) => {
      response.writeHead(200, { 'content-type': type, 'content-security-policy': CSP });
      response.end(body);
    };
    readFile(file)
      .then((body) => answer(body, TYPES[extname(file)] ?? 'application/octet-stream'))
      .catch(async () => {
        if (extname(path) !== '') {
          response.writeHead(404).end();
          return;
        }
        answer(await readFile(join(dist, 'index.html')), TYPES['.html'] ?? 'text/html');
      });
  });
  return new Promise((resolveServer) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolveServer({ server, url: `http://127.0.0.1:${port}` });
    }),
  );
}

export const test = base.extend({
  workerServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the object pattern even when empty
    async ({}, use) => {
      const { server, url } = await startStaticServer();
      // The stack's own logs are under $OPENIM_RUN/logs; the test's diagnostics name the folder.
      await use({ url, lines: [`the OpenIM stack's logs: ${process.env['OPENIM_RUN'] ?? '?'}/logs`] });
      await new Promise((done) => server.close(done));
    },
    { scope: 'worker' },
  ],
});

export const conversationList = (page: Page) => page.getByRole('listbox', { name: 'Conversations' });
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
export const unique = (label: string): string => `${label} ${Date.now().toString(36)}`;

/** Signs in through the form, by e-mail or by phone, and waits for the chat screen and its first sync. */
export async function signInThroughForm(
  page: Page,
  user: RealUser,
  by: 'email' | 'phone' = 'email',
): Promise<void> {
  await page.goto('/login');
  if (by === 'phone') {
    await page.getByRole('radio', { name: 'Phone' }).check();
    await page.getByRole('textbox', { name: 'Area code' }).fill(user.areaCode);
    await page.getByRole('textbox', { name: 'Phone number' }).fill(user.phoneNumber);
  } else {
    // E-mail is the form's default method in a new context.
    await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
  }
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/chat$/, { timeout: 30_000 });
  await expect(mainNav(page)).toBeVisible({ timeout: 60_000 });
}

/** A new English context signed in as `name` through the e-mail form. */
export async function signedIn(
  browser: Parameters<typeof newUserPage>[0],
  name: RealUser['nickname'],
): Promise<UserPage> {
  const session = await newUserPage(browser);
  await signInThroughForm(session.page, USERS[name]);
  return session;
}

/** Opens the one-to-one chat with a friend from the contacts page (before any message, it has no row). */
export async function openChatWith(page: Page, friend: RealUser['nickname']): Promise<void> {
  await mainNav(page)
    .getByRole('link', { name: /Contacts/ })
    .click();
  await page.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: 'My friends' }).click();
  await page
    .getByRole('list', { name: 'My friends' })
    .getByRole('button', { name: friend })
    .click({ timeout: 45_000 });
  await page.getByRole('dialog', { name: 'User card' }).getByRole('button', { name: 'Send message' }).click();
  await expect(page).toHaveURL(/\/chat\/.+/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 2, name: friend })).toBeVisible({ timeout: 30_000 });
}
