import { expect, test } from '../fixtures';

/**
 * chat 1.8.4's default configuration hands out RTC room tokens and `ws://127.0.0.1:7880` with no LiveKit
 * running. The compatibility server does the same (started with `--livekit-url` on a port nothing listens
 * on, see playwright.config.ts): the client must see that no call can work there and offer no call buttons.
 */
const closedPort = process.env['E2E_CLOSED_LIVEKIT_PORT'] ?? '';

test('no call buttons where the room token names a media server nothing answers at', async ({
  browser,
}, info) => {
  test.skip(closedPort === '', 'the Playwright config names the closed LiveKit port');
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const mediaServer = `http://127.0.0.1:${closedPort}/`;
  const probeFailed = page.waitForEvent('requestfailed', {
    predicate: (request) => request.url() === mediaServer,
    timeout: 60_000,
  });
  const tokenGranted = page.waitForResponse(
    async (response) =>
      response.url().endsWith('/chat/user/rtc/get_token') &&
      ((await response.json()) as { errCode?: number }).errCode === 0,
    { timeout: 60_000 },
  );
  await page.addInitScript(() => {
    if (window.localStorage.getItem('IM_LOCALE') === null) window.localStorage.setItem('IM_LOCALE', 'en-US');
  });
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('alice@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible({ timeout: 30_000 });
  // The deployment grants a room token, as chat 1.8.4 does, and the client then finds nobody at its address.
  await tokenGranted;
  await probeFailed;

  const bobRow = page.getByRole('listbox', { name: 'Conversations' }).getByRole('option', { name: /^bob\b/ });
  await bobRow.click({ timeout: 45_000 });
  const actions = page.getByRole('group', { name: 'Conversation actions' });
  await expect(actions).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Voice call' })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Video call' })).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('alice-chat-without-calls.png') });
  await context.close();
});
