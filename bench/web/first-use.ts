/// <reference lib="dom" />
/**
 * First use after sign-in: for each part whose code loads on first use (the account and "+" menus, the
 * Contacts page, the emoji picker, the red-packet dialog), the time from the click to the next frame
 * painted after what it opens is in the DOM. Twice, each in a fresh context: three seconds after the list
 * is interactive (the SDK's first sync still runs its wasm on the page's main thread), and two seconds
 * after that sync ended. With a media server (run.ts starts the cached livekit-server when it can), also
 * a video call from the newest one-to-one chat (click to the ringing overlay) and a quick meeting in the
 * large group (click to the meeting view): both load livekit-client and their view on first use.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { EMAIL, NEWEST_NAME, PASSWORD, newContext, r1, waitForSyncEnd } from './support';

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

/** A part measured on first use: what to click, what shows it is there, and how to leave it again. */
interface Part {
  readonly name: string;
  readonly target: (page: Page) => Locator;
  /** A selector, and a text one of its matches contains ('' for any). */
  readonly shown: readonly [string, string];
  readonly leave: (page: Page) => Promise<void>;
  /** What a user does on the way to the click (the pointer reaching the button), if the part uses it. */
  readonly intent?: (page: Page, target: Locator) => Promise<void>;
}

// A pointer reaches a button a moment before it clicks it; a quick hand takes about a fifth of a second.
const HOVER_BEFORE_CLICK_MS = 200;

const closeWithEscape = async (page: Page) => {
  await page.keyboard.press('Escape');
  await page.waitForTimeout(500);
};

const PARTS: readonly Part[] = [
  {
    name: 'accountMenu',
    target: (page) => page.getByRole('button', { name: 'My account' }),
    shown: ['[role="menuitem"]', 'Log out'],
    leave: closeWithEscape,
  },
  {
    name: 'plusMenu',
    target: (page) => page.getByRole('button', { name: 'Add', exact: true }),
    shown: ['[role="menuitem"]', ''],
    leave: closeWithEscape,
  },
  {
    name: 'contactsPage',
    target: (page) => page.getByRole('navigation').getByRole('link', { name: /Contacts/ }),
    shown: ['h1, h2', 'My friends'],
    // Back to the chat page, with the newest conversation open for the composer's tools below.
    leave: async (page) => {
      await page.goBack();
      await page.locator(`[role="listbox"] [role="option"][aria-label^="${NEWEST_NAME}"]`).first().click();
    },
  },
  {
    name: 'emojiPicker',
    target: (page) => page.getByRole('button', { name: 'Emoji' }),
    // The popover opens at once; the picker inside it comes with its chunk and data.
    shown: ['[role="dialog"] .EmojiPickerReact input', ''],
    // The pointer stays on the button; its tooltip may show after the close, behind the next dialog.
    leave: closeWithEscape,
    intent: async (page, target) => {
      await target.waitFor({ state: 'visible', timeout: 60_000 });
      await target.hover();
      await page.waitForTimeout(HOVER_BEFORE_CLICK_MS);
    },
  },
  {
    name: 'redPacketDialog',
    target: (page) => page.getByRole('button', { name: 'Send a red packet' }),
    shown: ['[role="dialog"]', 'Send a red packet'],
    leave: async (page) => {
      await closeWithEscape(page);
      if ((await page.getByRole('dialog', { name: 'Send a red packet' }).count()) > 0)
        throw new Error('the red-packet dialog did not close on Escape');
    },
  },
];

// The seed's first group, whose header offers the quick meeting (apps/server/src/seed/large.ts).
const GROUP_NAME = 'All hands';

const WITH_MEDIA_SERVER: readonly Part[] = [
  {
    name: 'videoCall',
    target: (page) =>
      page.getByRole('group', { name: 'Conversation actions' }).getByRole('button', { name: 'Video call' }),
    shown: ['[role="dialog"][aria-label="Video call"]', ''],
    // The call is cancelled while it rings; then the group is opened for the meeting.
    leave: async (page) => {
      const overlay = page.getByRole('dialog', { name: 'Video call' });
      await overlay.getByRole('button', { name: 'Cancel' }).click();
      await overlay.waitFor({ state: 'detached', timeout: 60_000 });
      await page.locator(`[role="listbox"] [role="option"][aria-label^="${GROUP_NAME}"]`).first().click();
    },
  },
  {
    name: 'quickMeeting',
    target: (page) => page.getByRole('button', { name: 'Start meeting' }),
    shown: ['section[aria-label^="Meeting: "]', ''],
    leave: async (page) => {
      const room = page.getByRole('region', { name: /^Meeting: / });
      await room.getByRole('button', { name: 'Leave', exact: true }).click();
      await room.waitFor({ state: 'detached', timeout: 60_000 });
    },
  },
];

export async function firstUse(browser: Browser, base: string, withMediaServer: boolean) {
  const parts = withMediaServer ? [...PARTS, ...WITH_MEDIA_SERVER] : PARTS;
  return {
    whileTheFirstSyncRuns: await clickEach(browser, base, false, parts),
    afterTheFirstSync: await clickEach(browser, base, true, parts),
  };
}

async function clickEach(browser: Browser, base: string, afterSync: boolean, parts: readonly Part[]) {
  const context = await newContext(browser);
  const page = await context.newPage();
  try {
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('textbox', { name: 'E-mail' }).fill(EMAIL);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // Not necessarily on top: a call and a meeting of the first pass made two other conversations newer.
    await page
      .locator(`[role="listbox"] [role="option"][aria-label^="${NEWEST_NAME}"]`)
      .first()
      .waitFor({ state: 'visible', timeout: 120_000 });
    if (afterSync) await waitForSyncEnd(page);
    await page.waitForTimeout(afterSync ? 2_000 : 3_000);
    const ms: Record<string, number> = {};
    for (const part of parts) {
      await part.intent?.(page, part.target(page));
      ms[part.name] = r1(await clickToFrame(page, part.target(page), ...part.shown));
      await part.leave(page);
    }
    return ms;
  } finally {
    await context.close();
  }
}
