import { readFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  CHROMIUM_LAUNCH,
  PLAYWRIGHT_DISABLED_FEATURES,
  UNUSED_BROWSER_UI_FEATURES,
} from './support/chromium-launch';

/**
 * The browser tests' Chromium is launched with a `--disable-features` of their own (support/chromium-launch.ts),
 * which replaces the one Playwright passes: it must keep every feature Playwright turns off, and it must
 * actually keep the address bar's popup pages from being built, or it saves nothing.
 */

/** The `browser_ui` pages of Chromium's address-bar popups that a new browser context has built. */
async function omniboxPopups(browser: Browser): Promise<string[]> {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = (await cdp.send('Target.getTargets')) as {
    targetInfos: { type: string; url: string }[];
  };
  await cdp.detach();
  return targetInfos.filter((t) => t.url.startsWith('chrome://omnibox-popup')).map((t) => t.url);
}

async function openBlankPage(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('data:text/html,<title>blank</title>');
}

test('the browser tests keep Playwright’s disabled features and build no address-bar popups', async ({
  playwright,
}) => {
  const { executablePath } = CHROMIUM_LAUNCH;
  // Playwright's own launch, without the tests' arguments: what its command line turns off, and the popups.
  const server = await playwright.chromium.launchServer({ executablePath, args: ['--no-sandbox'] });
  const ours = await playwright.chromium.launch(CHROMIUM_LAUNCH);
  try {
    const pid = server.process().pid;
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const playwrights = commandLine
      .find((arg) => arg.startsWith('--disable-features='))
      ?.slice('--disable-features='.length)
      .split(',');
    expect(playwrights, 'Playwright passes a --disable-features').toBeDefined();
    expect(PLAYWRIGHT_DISABLED_FEATURES, 'the tests’ list holds all of Playwright’s').toEqual(
      expect.arrayContaining(playwrights ?? []),
    );

    const plain = await playwright.chromium.connect(server.wsEndpoint());
    await Promise.all([openBlankPage(plain), openBlankPage(ours)]);
    // Playwright's launch builds them with the window; by then the tests' launch would have too.
    await expect.poll(() => omniboxPopups(plain)).not.toEqual([]);
    expect(await omniboxPopups(ours), `disabled by ${UNUSED_BROWSER_UI_FEATURES.join(', ')}`).toEqual([]);
    await plain.close();
  } finally {
    await ours.close();
    await server.close();
  }
});
