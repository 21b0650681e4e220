/**
 * The browser tests' shared fixtures. Import `test` and `expect` from here (or from `../fixtures`, which
 * re-exports this module) and nothing else from `@playwright/test`.
 *
 * What every test gets without asking:
 * - **Its own server per worker.** Each Playwright worker starts one local server (in memory, demo seed,
 *   random port) and every test in that worker talks to it: `baseURL` and `request` point there, so
 *   `page.goto('/login')` and `adminCall(request, ...)` just work. Two workers never share demo users.
 *   A project passes extra server flags with `use: { serverFlags: [...] }` (the compat project does), and
 *   the console errors its deployment makes every page log with `use: { deploymentConsoleErrors: [...] }`.
 * - **No unexpected console error.** Every page of every context the test opens is watched: a
 *   `console.error` or an uncaught page error the test did not announce fails the test, after its own
 *   steps, with the lines listed. Announce what a test provokes on purpose:
 *   `expectConsoleError(/Network Error/)` (a RegExp or a substring), once per kind of message.
 *   `KNOWN_SDK_WORKER_ERRORS` (`sdk-worker-errors.ts`) lists the SDK worker's own errors still tolerated,
 *   each by its message and, where it is specific to one, by the worker's script and the project.
 * - **A folder per failing test** (`test-results/e2e-artifacts/<file>-<title>/`): the Playwright trace
 *   (`trace.zip`, open with `npx playwright show-trace`: every step, the console and the network, without
 *   DOM snapshots unless `E2E_TRACE_SNAPSHOTS=1`), the failure screenshots, each page's accessibility tree
 *   and HTML at the end (`page-N.aria.yml`, `page-N.html`), `console.txt` (every page's warnings and
 *   errors, with the context and time) and `server.log` (the worker's server output during this test).
 *   `npm test` prints the folder of every failing test.
 * - Every context a test opened is closed after it.
 *
 * Helpers (plain functions in `users.ts`; `send` and `messageLog` are also exported here):
 * - `signedInUser(browser, user, options?)` (`signedInPage` for the page alone): a new English context
 *   signed in as `alice`, `bob`, `carol` (demo users), at the chat screen; `options` as `newUserPage` (size,
 *   colour scheme, locale).
 * - `send(page, text)`: types `text` in the open conversation, presses Enter and waits until the box is
 *   empty and the message shows in the log. For a send expected to fail, use `sendText` (no waiting).
 * - `messageLog(page)`: the open conversation's message log (`role=log name=Messages`).
 * - `fake-camera.ts`: a second Chromium whose camera plays a video the test writes from a page's pixels
 *   (the QR sign-in test films the waiting page's code); its pages are not watched as above.
 */
import { test as base, expect, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { knownSdkWorkerError } from './sdk-worker-errors';
import { messageLog, send } from './users';

export { expect };
export { messageLog, send };
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, TestInfo } from '@playwright/test';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Where each tolerated SDK worker error is written down (one JSON line each: test, pattern, text), so that
 * `npm test` can say how often the list above is still needed and by which tests.
 */
const KNOWN_ERRORS_LOG = resolve(repo, 'test-results', 'known-console-errors.jsonl');

function noteKnownErrors(testInfo: TestInfo, lines: readonly ConsoleLine[]): void {
  const rows = lines.flatMap((line) => {
    const known = line.error ? knownSdkWorkerError(line, testInfo.project.name) : undefined;
    return known === undefined
      ? []
      : [
          JSON.stringify({
            test: testInfo.titlePath.join(' > '),
            pattern: String(known.message),
            text: line.text,
          }),
        ];
  });
  if (rows.length === 0) return;
  mkdirSync(dirname(KNOWN_ERRORS_LOG), { recursive: true });
  // Appends of a few lines from each worker: no two tests interleave within a line.
  appendFileSync(KNOWN_ERRORS_LOG, `${rows.join('\n')}\n`);
}

export interface WorkerServer {
  readonly url: string;
  /** The server's output lines so far (stdout and stderr, each with the time it arrived). */
  readonly lines: string[];
}

async function startServer(flags: readonly string[]): Promise<{ server: WorkerServer; child: ChildProcess }> {
  const liveKitUrl = process.env['LIVEKIT_URL'] ?? '';
  const args = [
    'apps/server/src/main.ts',
    '--memory',
    '--port',
    '0',
    '--seed',
    'demo',
    '--log-level',
    'info',
    ...(liveKitUrl ? ['--livekit-url', liveKitUrl] : []),
    ...flags,
  ];
  const child = spawn('node_modules/.bin/tsx', args, { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const started = Date.now();
  let announced: ((url: string) => void) | undefined;
  const listening = new Promise<string>((resolveUrl) => (announced = resolveUrl));
  const collect = (stream: NodeJS.ReadableStream) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(`${((Date.now() - started) / 1000).toFixed(3)} s ${line}`);
        const url = /listening on (http:\/\/[^/\s]+)\//.exec(line)?.[1];
        if (url) announced?.(url);
      }
    });
  };
  collect(child.stdout);
  collect(child.stderr);
  const exited = new Promise<string>((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`the local server exited (code ${code}) before listening:\n${lines.join('\n')}`)),
    ),
  );
  // Generous: on a loaded two-core machine tsx compiles the server for a while.
  const timeout = new Promise<string>((_, reject) =>
    setTimeout(
      () => reject(new Error(`the local server did not listen within 120 s:\n${lines.join('\n')}`)),
      120_000,
    ).unref(),
  );
  const url = await Promise.race([listening, exited, timeout]);
  return { server: { url, lines }, child };
}

interface ConsoleLine {
  readonly text: string;
  /** The script that logged it (a failed resource's own address); empty for page errors. */
  readonly source: string;
  readonly error: boolean;
}

function matches(pattern: RegExp | string, text: string): boolean {
  return typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
}

export const test = base.extend<
  {
    /** Allows `console.error` / page errors matching `pattern` in this test (a test that provokes them). */
    expectConsoleError: (pattern: RegExp | string) => void;
    consoleRecord: void;
  },
  {
    serverFlags: readonly string[];
    /** Console errors a project's deployment makes every page log (substrings), for example a real SDK bug. */
    deploymentConsoleErrors: readonly string[];
    workerServer: WorkerServer;
  }
>({
  serverFlags: [[], { scope: 'worker', option: true }],
  deploymentConsoleErrors: [[], { scope: 'worker', option: true }],
  workerServer: [
    async ({ serverFlags }, use) => {
      const { server, child } = await startServer(serverFlags);
      await use(server);
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000))]);
      child.kill('SIGKILL');
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ workerServer }, use) => use(workerServer.url),
  // eslint-disable-next-line no-empty-pattern -- Playwright needs the object pattern even when empty
  expectConsoleError: async ({}, use, testInfo) => {
    await use((pattern) => allowed(testInfo).push(pattern));
  },
  consoleRecord: [
    async ({ browser, workerServer, deploymentConsoleErrors }, use, testInfo) => {
      const lines: ConsoleLine[] = [];
      const started = Date.now();
      const serverFrom = workerServer.lines.length;
      const note = (tag: string, text: string, error: boolean, source = '') =>
        lines.push({ text: `${Date.now() - started} ms ${tag} ${text}`, source, error });
      let opened = 0;
      const contexts: BrowserContext[] = [];
      const watch = (tag: string) => (page: Page) => {
        page.on('console', (message) => {
          const type = message.type();
          // The source URL too: a failed resource's message does not name the resource.
          const where = message.location().url;
          if (type === 'warning' || type === 'error')
            note(
              tag,
              `${type}: ${message.text().slice(0, 500)}${where ? ` (${where})` : ''}`,
              type === 'error',
              where,
            );
        });
        page.on('pageerror', (error) => note(tag, `pageerror: ${error.message}`, true));
        page.on('crash', () => note(tag, 'crashed', true));
      };
      // Tests open their contexts through browser.newContext (one per user); the wrapper is removed after
      // the test, and the worker's browser is otherwise untouched.
      const original = browser.newContext.bind(browser);
      browser.newContext = async (...args: Parameters<typeof original>): Promise<BrowserContext> => {
        const context = await original(...args);
        contexts.push(context);
        opened += 1;
        const onPage = watch(`context ${opened}`);
        context.pages().forEach(onPage);
        context.on('page', onPage);
        return context;
      };
      try {
        await use();
      } finally {
        browser.newContext = original;
      }
      if (testInfo.status !== testInfo.expectedStatus) await keepPageStates(testInfo, contexts);
      // A context a test leaves open keeps its user signed in for the rest of the worker: a page that
      // reconnects later with its old token once kicked a later test's session of the same user.
      await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
      noteKnownErrors(testInfo, lines);
      const tolerated = [...deploymentConsoleErrors, ...allowed(testInfo)];
      const unexpected = lines.filter(
        (line) =>
          line.error &&
          knownSdkWorkerError(line, testInfo.project.name) === undefined &&
          !tolerated.some((pattern) => matches(pattern, line.text)),
      );
      const failing = testInfo.status !== testInfo.expectedStatus || unexpected.length > 0;
      if (failing) await keepDiagnostics(testInfo, lines, workerServer.lines.slice(serverFrom));
      if (testInfo.status === testInfo.expectedStatus && unexpected.length > 0) {
        throw new Error(
          `unexpected console errors (announce a provoked one with expectConsoleError):\n${unexpected
            .map((line) => `  ${line.text}`)
            .join('\n')}`,
        );
      }
    },
    { auto: true },
  ],
});

const allowances = new WeakMap<TestInfo, (RegExp | string)[]>();
function allowed(testInfo: TestInfo): (RegExp | string)[] {
  let list = allowances.get(testInfo);
  if (list === undefined) allowances.set(testInfo, (list = []));
  return list;
}

/**
 * What each page of a failed test showed at the end: its accessibility tree (what the tests' role queries
 * see) and its HTML. The trace records no DOM snapshot per step (see the config), so these stand in for the
 * last one.
 */
async function keepPageStates(testInfo: TestInfo, contexts: readonly BrowserContext[]) {
  const pages = contexts.flatMap((context) => context.pages()).filter((page) => !page.isClosed());
  for (const [index, page] of pages.entries()) {
    const name = `page-${index + 1}`;
    const tree = await page
      .locator('body')
      .ariaSnapshot({ timeout: 10_000 })
      .catch((error: unknown) => `(no accessibility tree: ${String(error)})`);
    const html = await page.content().catch((error: unknown) => `<!-- no HTML: ${String(error)} -->`);
    const treePath = testInfo.outputPath(`${name}.aria.yml`);
    writeFileSync(treePath, `# ${page.url()}\n${tree}\n`);
    await testInfo.attach(`${name}.aria.yml`, { path: treePath, contentType: 'text/yaml' });
    const htmlPath = testInfo.outputPath(`${name}.html`);
    writeFileSync(htmlPath, html);
    await testInfo.attach(`${name}.html`, { path: htmlPath, contentType: 'text/html' });
  }
}

/** Writes the console record and the server's output of this test next to its trace and screenshots. */
async function keepDiagnostics(testInfo: TestInfo, lines: readonly ConsoleLine[], server: readonly string[]) {
  const consolePath = testInfo.outputPath('console.txt');
  writeFileSync(consolePath, `${lines.map((line) => line.text).join('\n')}\n`);
  await testInfo.attach('console.txt', { path: consolePath, contentType: 'text/plain' });
  const serverPath = testInfo.outputPath('server.log');
  writeFileSync(serverPath, `${server.join('\n')}\n`);
  await testInfo.attach('server.log', { path: serverPath, contentType: 'text/plain' });
}
