import { expect, test, type Locator, type Page } from './fixtures';
import { openChats, openContacts, shot } from './support/polish';
import {
  conversationList,
  conversationOption,
  newUserPage,
  openConversation,
  seriousViolations,
  signIn,
} from './support/users';

/**
 * What a picky user sees, part one: layout at small sizes, focus rings, avatars in both themes and the group
 * drawer's grid (polish-dialogs.e2e.ts has the cards, the composer's notices and the wallet's dialogs). Each
 * step takes screenshots of what it checks (test-results/polish) and measures what can be measured.
 * Nothing here changes what another test uses.
 */

const drawer = (page: Page): Locator => page.getByRole('dialog', { name: 'Group settings' });

async function openDrawer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Conversation settings' }).click();
  const found = drawer(page);
  await expect(found.getByRole('button', { name: /^(Exit|Disband) group$/ })).toBeVisible({
    timeout: 30_000,
  });
  return found;
}

/**
 * Avatars in the theme the page shows: readable initials, the same colours in contacts and chats, one group
 * shape. Ends in the Demo team chat with its drawer open.
 */
async function checkAvatars(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  // The list as the first sync left it (the page may just have loaded).
  await expect(conversationOption(page, 'bob')).toBeVisible({ timeout: 90_000 });
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
}

// One session proves every part in named steps: a sign-in (the SDK's 36 MB wasm, its start and first sync)
// costs far more than any of them. The size changes on the page; the dark theme is reloaded in, so the app
// starts in it as on a dark system.
test('alice in light, then dark: focus rings, layout at 800x600, the group drawer, avatars', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const { context, page } = await newUserPage(browser);
  await signIn(page, 'alice');

  await test.step('the focus ring shows for keyboard focus only: none after a click, one after an arrow key', async () => {
    await conversationOption(page, 'bob').click();
    await expect(page).toHaveURL(/\/chat\/.+/);
    // Opening a conversation hands the focus to its message box; a second click puts it back on the list.
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
    await conversationOption(page, 'bob').click();
    const outline = (locator: Locator) =>
      locator.evaluate((element) => getComputedStyle(element).outlineStyle);
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
  });

  await test.step('at 800x600 the conversation list narrows and the messages keep most of the width', async () => {
    await page.setViewportSize({ width: 800, height: 600 });
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
  });

  await test.step('group drawer: the member grid fits one row with whole labels; the back arrow stands apart', async () => {
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
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
  });

  await test.step('avatars in the light theme: readable initials, the same colours in contacts and chats, one group shape', async () => {
    // The chat screen without an open conversation, as right after a sign-in.
    await openChats(page);
    await checkAvatars(page, 'light');
  });

  await test.step('avatars in the dark theme: readable initials, the same colours in contacts and chats, one group shape', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/chat');
    await checkAvatars(page, 'dark');
  });
  await context.close();
});
