import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from './fixtures';
import {
  conversationList,
  conversationOption,
  newUserPage,
  openConversation,
  seriousViolations,
  setBlacklistSwitch,
  settledViolations,
  signedInUser,
  signIn,
} from './support/users';

/**
 * What a picky user sees: layout at small sizes, contrast in both themes, focus rings, avatars, the group
 * drawer's grid, the cards' rows and the composer's notices. Each test takes screenshots of what it checks
 * (test-results/polish) and measures what can be measured. Nothing here changes what another test uses:
 * a blocked friend is unblocked again, dialogs are closed without sending.
 */

// Sign-ins and syncs on a loaded 2-core machine.
test.setTimeout(240_000);

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const shots = join(repo, 'test-results', 'polish');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

const drawer = (page: Page): Locator => page.getByRole('dialog', { name: 'Group settings' });

async function openDrawer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Conversation settings' }).click();
  const found = drawer(page);
  await expect(found.getByRole('button', { name: /^(Exit|Disband) group$/ })).toBeVisible({
    timeout: 30_000,
  });
  return found;
}

async function openContacts(page: Page, section?: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Contacts/ })
    .click();
  await expect(page).toHaveURL(/\/contact/);
  if (section !== undefined) {
    await page.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: section }).click();
  }
}

/** Back to the chat screen from another page, where the conversation list shows. */
async function openChats(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Chat/ })
    .click();
  await expect(page).toHaveURL(/\/chat/);
}

test('at 800x600 the conversation list narrows and the messages keep most of the width', async ({
  browser,
}) => {
  const { context, page } = await newUserPage(browser, { width: 800, height: 600 });
  await signIn(page, 'alice');
  await openConversation(page, 'bob');
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByRole('article').first()).toBeVisible();
  const list = (await conversationList(page).boundingBox())?.width ?? 0;
  const messages = (await log.boundingBox())?.width ?? 0;
  // The list keeps room for a name and a preview; the messages get well over half of the window.
  expect(list).toBeGreaterThanOrEqual(180);
  expect(list).toBeLessThanOrEqual(240);
  expect(messages).toBeGreaterThanOrEqual(480);
  await shot(page, 'chat-800x600');

  // A wide window keeps the full 300 px list.
  await page.setViewportSize({ width: 1366, height: 800 });
  await expect
    .poll(async () => (await conversationList(page).boundingBox())?.width ?? 0)
    .toBeGreaterThanOrEqual(298);
  await context.close();
});

test('the focus ring shows for keyboard focus only: none after a click, one after an arrow key', async ({
  browser,
}) => {
  const { context, page } = await signedInUser(browser, 'alice');
  await conversationOption(page, 'bob').click();
  await expect(page).toHaveURL(/\/chat\/.+/);
  // Opening a conversation hands the focus to its message box; a second click puts it back on the list.
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await conversationOption(page, 'bob').click();
  const outline = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).outlineStyle);
  const bob = conversationOption(page, 'bob');
  await expect(conversationList(page)).toBeFocused();
  // Polled: the virtual list may re-render the row just after the click.
  await expect.poll(() => outline(bob)).toBe('none');
  expect(await outline(conversationList(page))).toBe('none');
  await shot(page, 'focus-after-click');

  // The keyboard shows where it is.
  await page.keyboard.press('ArrowDown');
  const activeOutline = () =>
    conversationList(page).evaluate((list) => {
      const id = list.getAttribute('aria-activedescendant');
      const row = id === null ? null : document.getElementById(id);
      return row === null ? 'none' : getComputedStyle(row).outlineStyle;
    });
  await expect.poll(activeOutline).toBe('solid');
  await shot(page, 'focus-after-arrow');

  // The message box, focused by a click (which Chromium counts as keyboard focus for a text field), shows
  // a thin brand-coloured ring: its border's colour as an inset line, no heavy outer ring.
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.click();
  const ring = await box.evaluate((element) => {
    const style = getComputedStyle(element);
    return { outline: style.outlineStyle, shadow: style.boxShadow };
  });
  expect(ring.outline).toBe('none');
  // The border's own colour eases in, so the ring is checked by its shape and that it is not black.
  expect(ring.shadow).toMatch(/^rgb\(\d+, \d+, \d+\) 0px 0px 0px 1px inset$/);
  expect(ring.shadow.startsWith('rgb(0, 0, 0)')).toBe(false);
  await shot(page, 'composer-focus');

  // Tabbing into the list shows it at once.
  await page.keyboard.press('Shift+Tab');
  while (!(await conversationList(page).evaluate((list) => list === document.activeElement))) {
    await page.keyboard.press('Shift+Tab');
  }
  await expect.poll(activeOutline).toBe('solid');
  await context.close();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`avatars in the ${scheme} theme: readable initials, the same colours in contacts and chats, one group shape`, async ({
    browser,
  }) => {
    const { context, page } = await signedInUser(browser, 'alice', { colorScheme: scheme });
    const initials = (scope: Locator) =>
      scope.locator('.fui-Avatar__initials').evaluateAll((nodes) =>
        nodes.map((node) => ({
          text: node.textContent ?? '',
          background: [
            getComputedStyle(node).backgroundColor,
            getComputedStyle(node.parentElement ?? node).backgroundColor,
          ],
          color: getComputedStyle(node).color,
        })),
      );
    const chatBob = (await initials(conversationOption(page, 'bob')))[0];
    expect(chatBob).toBeDefined();
    // Every initial on the chat screen reads at 4.5:1 at least.
    const ratios = await page.locator('.fui-Avatar__initials').evaluateAll((nodes) => {
      // WCAG contrast of each initial's text against its own (opaque) background.
      const rgb = (value: string) =>
        (/rgba?\(([^)]+)\)/.exec(value)?.[1]?.split(',') ?? []).slice(0, 3).map(Number);
      const luminance = (value: string) => {
        const [r = 0, g = 0, b = 0] = rgb(value).map((c) => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      return nodes.map((node) => {
        // The colour is set on the avatar: the initials may be transparent over it.
        let background = 'rgba(0, 0, 0, 0)';
        for (let at: Element | null = node; at !== null; at = at.parentElement) {
          background = getComputedStyle(at).backgroundColor;
          if (background !== 'rgba(0, 0, 0, 0)' && background !== 'transparent') break;
        }
        const a = luminance(getComputedStyle(node).color);
        const b = luminance(background);
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      });
    });
    expect(ratios.length).toBeGreaterThan(1);
    for (const ratio of ratios) expect(ratio).toBeGreaterThanOrEqual(4.5);
    await shot(page, `avatars-chat-${scheme}`);

    // Contacts shows bob with the colours of the chat list.
    await openContacts(page, 'My friends');
    const friend = page.getByRole('listitem').filter({ has: page.getByText('bob', { exact: true }) });
    await expect(friend).toBeVisible();
    expect((await initials(friend))[0]).toEqual(chatBob);
    await shot(page, `avatars-contacts-${scheme}`);
    expect(await seriousViolations(page)).toEqual([]);

    // A group is a rounded square wherever it shows: the list, the card, the drawer of its owner.
    await page.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: 'My groups' }).click();
    const groupRow = page.getByRole('list', { name: 'My groups' }).getByRole('button', { name: /Demo team/ });
    const radius = (scope: Locator) =>
      scope
        .locator('.fui-Avatar')
        .first()
        .evaluate((avatar) => {
          // The visible shape: the avatar's own corners, or a clipping ancestor's.
          const own = parseFloat(getComputedStyle(avatar).borderTopLeftRadius);
          const parent = avatar.parentElement;
          const clip =
            parent !== null && getComputedStyle(parent).overflow === 'hidden'
              ? parseFloat(getComputedStyle(parent).borderTopLeftRadius)
              : 0;
          return Math.max(own, clip) / avatar.getBoundingClientRect().width;
        });
    expect(await radius(groupRow)).toBeLessThan(0.3);
    await openChats(page);
    await openConversation(page, 'Demo team');
    expect(await radius(conversationOption(page, 'Demo team'))).toBeLessThan(0.3);
    expect(await radius(page.locator('main header').first())).toBeLessThan(0.3);
    const panel = await openDrawer(page);
    expect(await radius(panel.getByRole('button', { name: 'Change group avatar' }))).toBeLessThan(0.3);
    await shot(page, `group-drawer-${scheme}`);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
}

test('group drawer: the member grid fits one row with whole labels; the back arrow stands apart', async ({
  browser,
}) => {
  const { context, page } = await signedInUser(browser, 'alice');
  await openConversation(page, 'Demo team');
  const panel = await openDrawer(page);
  const tiles = panel.getByRole('region', { name: /Members/ }).getByRole('listitem');
  await expect(panel.getByRole('button', { name: 'Remove members' })).toBeVisible();
  // The members arrive after the drawer opens (the SDK reads them): measure the full row.
  await expect.poll(() => tiles.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
  const boxes = await tiles.evaluateAll((items) =>
    items.map((item) => {
      const label = item.querySelector<HTMLElement>('button > span:last-child, button > .fui-Text');
      return {
        top: Math.round(item.getBoundingClientRect().top),
        cut: label === null ? false : label.scrollWidth > label.clientWidth,
        text: label?.textContent ?? '',
      };
    }),
  );
  // alice, bob, carol (and one who joined in another test), Add, Remove: one row.
  expect(boxes.length).toBeGreaterThanOrEqual(5);
  expect(boxes.length).toBeLessThanOrEqual(6);
  expect(new Set(boxes.map((b) => b.top)).size).toBe(1);
  // The tiles' own labels and the seeded names are whole; a long name another test gave a member may end
  // in an ellipsis.
  const whole = ['alice', 'bob', 'carol', 'Add', 'Remove'];
  expect(boxes.filter((b) => b.cut && whole.includes(b.text))).toEqual([]);
  expect(boxes.slice(-2).map((b) => b.text)).toEqual(['Add', 'Remove']);
  await shot(page, 'member-grid');

  await panel.getByRole('button', { name: 'View more' }).click();
  const back = panel.getByRole('button', { name: 'Back' });
  const title = panel.getByRole('heading', { level: 2 });
  await expect(title).toContainText('Group members');
  const gap = await back.evaluate((button) => {
    const text = Array.from(button.parentElement?.childNodes ?? []).find(
      (node) => node.nodeType === Node.TEXT_NODE || (node instanceof HTMLElement && node !== button),
    );
    const range = document.createRange();
    if (text !== undefined) range.selectNodeContents(text);
    return range.getBoundingClientRect().left - button.getBoundingClientRect().right;
  });
  expect(gap).toBeGreaterThanOrEqual(8);
  await shot(page, 'drawer-members-back');
  await context.close();
});

test('cards and lists: Save remark on one line in the user card; the blacklist’s Remove at the right', async ({
  browser,
}) => {
  const { context, page } = await signedInUser(browser, 'alice');
  await openContacts(page, 'My friends');
  await page
    .getByRole('listitem')
    .filter({ has: page.getByText('carol', { exact: true }) })
    .getByRole('button')
    .click();
  const card = page.getByRole('dialog', { name: 'User card' });
  const save = card.getByRole('button', { name: 'Save remark' });
  await expect(save).toBeVisible();
  // The label's lines: the distinct tops of its text's line boxes (the button itself is taller than a line).
  const lines = await save.evaluate((button) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects()))
        if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });
  expect(lines).toBe(1);
  expect(await save.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
  await shot(page, 'user-card-remark');
  await card.getByRole('button', { name: 'Close' }).click();

  // carol on the blacklist for a moment, then off again.
  await openChats(page);
  await openConversation(page, 'carol');
  await page.getByRole('button', { name: 'Conversation settings' }).click();
  const settings = page.getByRole('dialog', { name: /settings/ });
  await setBlacklistSwitch(settings, true);
  await settings.getByRole('button', { name: 'Close' }).click();
  await expect(settings).toBeHidden();
  try {
    await openContacts(page, 'Blacklist');
    const list = page.getByRole('list', { name: 'Blacklist' });
    const remove = list.getByRole('button', { name: /carol/ });
    await expect(remove).toBeVisible({ timeout: 30_000 });
    const [row, button] = await Promise.all([
      list.getByRole('listitem').first().boundingBox(),
      remove.boundingBox(),
    ]);
    // The button ends at the row's right edge (its padding aside), far from the short name.
    expect((row?.x ?? 0) + (row?.width ?? 0) - ((button?.x ?? 0) + (button?.width ?? 0))).toBeLessThanOrEqual(
      16,
    );
    await shot(page, 'blacklist');
    await remove.click();
    await expect(list).toBeHidden({ timeout: 30_000 });
  } finally {
    await openChats(page);
    await openConversation(page, 'carol');
    await page.getByRole('button', { name: 'Conversation settings' }).click();
    const drawer = page.getByRole('dialog', { name: /settings/ });
    if (await drawer.getByRole('switch', { name: 'Add to blacklist' }).isChecked())
      await setBlacklistSwitch(drawer, false);
  }
  await context.close();
});

test('composer notices and pickers: the refusal on its own line, the chosen avatar shown, one emoji border', async ({
  browser,
}) => {
  const { context, page } = await signedInUser(browser, 'alice');
  await openConversation(page, 'bob');
  await page.getByTestId('file-input').setInputFiles({
    name: 'page.html',
    mimeType: 'text/html',
    buffer: Buffer.from('<p>hi</p>'),
  });
  const toolbar = page.getByRole('toolbar', { name: 'Message tools' });
  const notice = toolbar.getByRole('alert');
  await expect(notice).toContainText('Unsupported file type');
  const noticeBox = await notice.boundingBox();
  const buttons = await toolbar
    .locator('button')
    .filter({ hasNot: page.getByRole('button', { name: 'Dismiss' }) })
    .evaluateAll((nodes) =>
      nodes
        .filter((node) => node.closest('[role="alert"]') === null)
        .map((node) => {
          const box = node.getBoundingClientRect();
          return { right: box.right, bottom: box.bottom };
        }),
    );
  expect(buttons.length).toBeGreaterThanOrEqual(3);
  // No tool sits to the right of the notice on its line.
  for (const button of buttons) {
    const after = button.right > (noticeBox?.x ?? 0) && button.bottom > (noticeBox?.y ?? 0);
    expect(after).toBe(false);
  }
  await shot(page, 'composer-unsupported');
  await notice.getByRole('button', { name: 'Dismiss' }).click();

  // The emoji picker: one frame, not the popover's inside the picker's.
  await page.getByRole('button', { name: 'Emoji' }).click();
  const popover = page.getByRole('dialog', { name: 'Emoji' });
  await expect(popover.getByRole('textbox').or(popover.getByRole('searchbox')).first()).toBeVisible({
    timeout: 30_000,
  });
  const borders = await popover.evaluate((surface) => {
    const framed = (element: Element) => parseFloat(getComputedStyle(element).borderTopWidth) > 0;
    const picker = surface.querySelector('.EmojiPickerReact');
    return [surface, picker].filter((element) => element !== null && framed(element)).length;
  });
  expect(borders).toBe(1);
  await shot(page, 'emoji-picker');
  await page.keyboard.press('Escape');

  // Create group: the chosen picture shows as a thumbnail.
  await page.getByRole('button', { name: 'Create group' }).click();
  const picker = page.getByRole('dialog', { name: 'Create group' });
  const chooser = page.waitForEvent('filechooser');
  await picker.getByRole('button', { name: 'Group avatar' }).click();
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 40, height: 40 } });
  await (await chooser).setFiles({ name: 'team.png', mimeType: 'image/png', buffer: png });
  // Inside the button (named "Group avatar"), whose content is presentational.
  const thumb = picker.locator('img[alt="team.png"]');
  await expect(thumb).toBeVisible();
  expect(await thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await shot(page, 'create-group-avatar');
  await picker.getByRole('button', { name: 'Close' }).click();
  await context.close();
});

test('a picture has a text alternative: its name or who sent it', async ({ browser }) => {
  const alice = await signedInUser(browser, 'alice');
  const bob = await signedInUser(browser, 'bob');
  await openConversation(alice.page, 'bob');
  const png = await alice.page.screenshot({ clip: { x: 0, y: 0, width: 60, height: 40 } });
  await alice.page.getByTestId('picture-input').setInputFiles({
    name: 'sketch.png',
    mimeType: 'image/png',
    buffer: png,
  });
  const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
  // In the "Open picture" button, whose content is presentational: the alt is what a reader of the page gets.
  await expect(log(alice.page).locator('img[alt="Picture from alice"]').last()).toBeVisible({
    timeout: 30_000,
  });
  await openConversation(bob.page, 'alice');
  await expect(log(bob.page).locator('img[alt="Picture from alice"]').last()).toBeVisible({
    timeout: 30_000,
  });
  expect(await log(bob.page).locator('img[alt=""]').count()).toBe(0);
  await shot(bob.page, 'picture-alt');
  await log(bob.page).getByRole('button', { name: 'Open picture' }).last().click();
  const viewer = bob.page.getByRole('dialog', { name: 'Picture viewer' });
  await expect(viewer.locator('img[alt="Picture from alice"]').first()).toBeVisible();
  await bob.page.keyboard.press('Escape');
  await alice.context.close();
  await bob.context.close();
});

test('the red-packet form drops a corrected error; wallet dialogs pass axe in the dark theme', async ({
  browser,
}) => {
  const { context, page } = await signedInUser(browser, 'carol', { colorScheme: 'dark' });
  await openConversation(page, 'Demo team');
  await page.getByRole('button', { name: 'Send a red packet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a red packet' });
  await dialog.getByRole('textbox', { name: /Total amount/ }).fill('0.01');
  await dialog.getByRole('textbox', { name: /Number of packets/ }).fill('5');
  await dialog.getByRole('button', { name: 'Put money in' }).click();
  const tooSmall = dialog.getByText(/Each packet must be at least 0.01/);
  await expect(tooSmall).toBeVisible();
  await shot(page, 'red-packet-error');
  await dialog.getByRole('textbox', { name: /Number of packets/ }).fill('1');
  await expect(tooSmall).toBeHidden();
  await shot(page, 'red-packet-corrected');
  expect(await settledViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await context.close();
});
