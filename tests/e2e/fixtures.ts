import { test as base, type BrowserContext, type Page } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, TestInfo } from '@playwright/test';

/**
 * The base test, plus an automatic fixture: every browser context a test opens records its pages' console
 * warnings and errors, page errors and crashes, and a failing test gets the record attached as
 * `console.txt`, and every context a test opened is closed after it. An unexpected sign-out, for instance, leaves nothing on the screen once its toast is gone,
 * but the app logs the toast's key.
 */
export const test = base.extend<{ consoleRecord: void }>({
  consoleRecord: [
    async ({ browser }, use, testInfo) => {
      const lines: string[] = [];
      const started = Date.now();
      const note = (tag: string, text: string) => lines.push(`${Date.now() - started} ms ${tag} ${text}`);
      let opened = 0;
      const contexts: BrowserContext[] = [];
      const watch = (tag: string) => (page: Page) => {
        page.on('console', (message) => {
          if (message.type() === 'warning' || message.type() === 'error') {
            note(tag, `${message.type()}: ${message.text().slice(0, 500)}`);
          }
        });
        page.on('pageerror', (error) => note(tag, `pageerror: ${error.message}`));
        page.on('crash', () => note(tag, 'crashed'));
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
      if (testInfo.status !== testInfo.expectedStatus && lines.length > 0) {
        await testInfo.attach('console.txt', { body: lines.join('\n'), contentType: 'text/plain' });
      }
      // A context a test leaves open keeps its user signed in for the rest of the worker: a page that
      // reconnects later with its old token once kicked a later test's session of the same user.
      await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});
