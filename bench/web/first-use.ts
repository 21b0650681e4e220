/// <reference lib="dom" />
/**
 * First use after sign-in: for each part whose code loads on first use (the account and "+" menus, the
 * Contacts page, the emoji picker, the red-packet dialog), the time from the click to the next frame
 * painted after what it opens is in the DOM. Twice, each in a fresh context: three seconds after the list
 * is interactive (the SDK's first sync still runs its wasm on the page's main thread), and two seconds
 * after that sync ended. Calls are left out: the benchmark's server has no media server, so no call can
 * start.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { EMAIL, NEWEST_NAME, PASSWORD, newContext, r1, waitForSyncEnd, waitForTopOption } from './support';

/** Clicks `target` in the page and resolves with the milliseconds until a frame shows `selector` (with `text`). */
async function clickToFrame(page: Page, target: Locator, selector: string, text: string): Promise<number> {
  await target.waitFor({ state: 'visible', timeout: 60_000 });
  const element = await target.elementHandle();
  if (element === null) throw new Error(`nothing to click for ${selector}`);
  return page.evaluate(
    ({ element, selector, text }) =>
      new Promise<number>((resolve, reject) => {
        const shown = () =>
          [...document.querySelectorAll(selector)].some((el) => (el.textContent ?? '').includes(text));
        let done = false;
        const check = () => {
          if (done || !shown()) return;
          done = true;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - start));
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        setTimeout(() => {
          if (!done) reject(new Error(`${selector} "${text}" not shown within 20 s`));
        }, 20_000);
        const start = performance.now();
        (element as HTMLElement).click();
        check();
      }),
    { element, selector, text },
  );
}

async function close(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForTimeout(500);
}

export async function firstUse(browser: Browser, base: string) {
  return {
    whileTheFirstSyncRuns: await clickEach(browser, base, false),
    afterTheFirstSync: await clickEach(browser, base, true),
  };
}

async function clickEach(browser: Browser, base: string, afterSync: boolean) {
  const context = await newContext(browser);
  const page = await context.newPage();
  try {
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('textbox', { name: 'E-mail' }).fill(EMAIL);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForTopOption(page, NEWEST_NAME);
    if (afterSync) await waitForSyncEnd(page);
    await page.waitForTimeout(afterSync ? 2_000 : 3_000);
    const ms: Record<string, number> = {};
    ms['accountMenu'] = await clickToFrame(
      page,
      page.getByRole('button', { name: 'My account' }),
      '[role="menuitem"]',
      'Log out',
    );
    await close(page);
    ms['plusMenu'] = await clickToFrame(
      page,
      page.getByRole('button', { name: 'Add', exact: true }),
      '[role="menuitem"]',
      '',
    );
    await close(page);
    ms['contactsPage'] = await clickToFrame(
      page,
      page.getByRole('navigation').getByRole('link', { name: /Contacts/ }),
      'h1, h2',
      'My friends',
    );
    await page.goBack();
    await page.locator(`[role="listbox"] [role="option"][aria-label^="${NEWEST_NAME}"]`).first().click();
    ms['emojiPicker'] = await clickToFrame(
      page,
      page.getByRole('button', { name: 'Emoji' }),
      // The popover opens at once; the picker inside it comes with its chunk and data.
      '[role="dialog"] .EmojiPickerReact input',
      '',
    );
    await close(page);
    ms['redPacketDialog'] = await clickToFrame(
      page,
      page.getByRole('button', { name: 'Send a red packet' }),
      '[role="dialog"]',
      'Send a red packet',
    );
    await close(page);
    return Object.fromEntries(Object.entries(ms).map(([part, value]) => [part, r1(value)]));
  } finally {
    await context.close();
  }
}
