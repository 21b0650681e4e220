import { expect, test, type Locator, type Page } from './fixtures';
import { conversationOption, messageLog, openConversation, sendText, signedInUser } from './support/users';

/**
 * Quotes and jumps to a message through the real SDK and server (`--seed demo`).
 * alice quotes bob's message; bob, on a freshly loaded page where the original is no longer in the
 * loaded history, clicks the quote and the original is loaded, scrolled to and highlighted. A top-search
 * hit opens its conversation at the message the same way. alice in light, bob in dark.
 */

const stamp = () => Date.now().toString(36);

/** The message (article) whose text is `text` (not a reply that quotes it). */
const message = (page: Page, text: string): Locator =>
  messageLog(page)
    .getByRole('article')
    .filter({ has: page.getByText(text, { exact: true }) })
    .filter({ hasNot: page.getByRole('button', { name: /go to the message/ }) });

/** The reply whose own text is `text`. */
const replyOf = (page: Page, text: string): Locator =>
  messageLog(page)
    .getByRole('article')
    .filter({ has: page.getByText(text, { exact: true }) });

test('quote and jump: alice quotes bob, bob clicks the quote and the original is highlighted; a search hit opens its message', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const alice = await signedInUser(browser, 'alice');
  const bob = await signedInUser(browser, 'bob', { colorScheme: 'dark' });
  await openConversation(alice.page, 'bob');
  await openConversation(bob.page, 'alice');

  const original = `lunch at noon? ${stamp()}`;
  await sendText(bob.page, original);
  await expect(message(alice.page, original)).toBeVisible({ timeout: 20_000 });

  // alice: right-click, Quote: the block shows above the box, which has the caret.
  await message(alice.page, original).click({ button: 'right' });
  await alice.page
    .getByRole('menu', { name: 'Message actions' })
    .getByRole('menuitem', { name: 'Quote' })
    .click();
  const block = alice.page.getByRole('group', { name: 'Quoted message' });
  await expect(block).toContainText(original);
  await expect(block.getByText(/^Replying to /)).toBeVisible();
  await expect(alice.page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await alice.page.screenshot({ path: test.info().outputPath('quote-composer-light.png') });

  // More than two pages of messages between the original and the reply.
  for (let i = 0; i < 50; i += 1) await sendText(bob.page, `filler ${i} ${stamp()}`);
  await expect(messageLog(alice.page).getByText(/^filler 49 /)).toBeVisible({ timeout: 30_000 });
  const reply = `yes, see you there ${stamp()}`;
  await sendText(alice.page, reply);
  await expect(block).toHaveCount(0);
  const sentQuote = replyOf(alice.page, reply).getByRole('button', { name: /go to the message/ });
  await expect(sentQuote).toContainText(original);
  await alice.page.screenshot({ path: test.info().outputPath('quote-bubble-light.png') });

  // bob, on a fresh page: the newest page has the reply but not the original.
  await expect(replyOf(bob.page, reply)).toBeVisible({ timeout: 20_000 });
  await bob.page.reload();
  const quote = replyOf(bob.page, reply).getByRole('button', {
    name: `quote You: ${original} (go to the message)`,
  });
  await expect(quote).toBeVisible({ timeout: 45_000 });
  await expect(message(bob.page, original)).toHaveCount(0);
  // Right after a reload the chat may still show the server's copy of its newest messages (the SDK's
  // first sync has not reached it): the jump then waits for the SDK's history, however long that takes.
  await quote.click();
  const target = message(bob.page, original);
  await expect(target).toHaveAttribute('data-highlighted', 'true', { timeout: 90_000 });
  await expect(target).toBeInViewport();
  await expect(target).toBeFocused();
  await bob.page.screenshot({ path: test.info().outputPath('quote-jump-dark.png') });

  // Away from the newest message, bob learns of alice's new ones and gets back with the keyboard.
  const latest = messageLog(bob.page)
    .locator('..')
    .getByRole('button', { name: /jump to latest/i });
  await expect(latest).toHaveAccessibleName('Jump to latest');
  const later = `after the jump ${stamp()}`;
  await sendText(alice.page, later);
  await expect(latest).toHaveAccessibleName('1 new message, jump to latest', { timeout: 30_000 });
  await bob.page.screenshot({ path: test.info().outputPath('jump-to-latest-dark.png') });
  await latest.focus();
  await bob.page.keyboard.press('Enter');
  await expect(message(bob.page, later)).toBeInViewport({ timeout: 10_000 });
  await expect(latest).toHaveCount(0);
  await expect(messageLog(bob.page)).toBeFocused();

  // A continued bubble's hover time is the time of day, whole inside the list.
  const continued = messageLog(bob.page)
    .getByRole('article')
    .filter({ has: bob.page.getByText(/^filler 49 /) });
  await continued.hover();
  const gutter = continued.locator('[data-gutter-time]');
  await expect(gutter).toBeVisible();
  await expect(gutter).toHaveText(/^\d\d:\d\d$/);
  const logBox = await messageLog(bob.page).boundingBox();
  const timeBox = await gutter.boundingBox();
  expect(timeBox !== null && logBox !== null && timeBox.x >= logBox.x).toBe(true);
  await continued.screenshot({ path: test.info().outputPath('hover-time-dark.png') });

  // alice: elsewhere, a top-search hit opens the conversation at the original, highlighted.
  await conversationOption(alice.page, 'Demo team').click();
  await expect(alice.page.getByRole('heading', { level: 2, name: 'Demo team' })).toBeVisible({
    timeout: 30_000,
  });
  await alice.page.getByRole('searchbox', { name: 'Search' }).fill(original);
  const hits = alice.page
    .getByRole('region', { name: 'Search results' })
    .getByRole('region', { name: 'Messages' });
  await hits
    .getByRole('button', { name: new RegExp(original.replace(/[?]/g, '\\?')) })
    .first()
    .click();
  await expect(alice.page.getByRole('heading', { level: 2, name: 'bob' })).toBeVisible({ timeout: 30_000 });
  const hit = message(alice.page, original);
  await expect(hit).toHaveAttribute('data-highlighted', 'true', { timeout: 30_000 });
  await expect(hit).toBeInViewport();
  await alice.page.screenshot({ path: test.info().outputPath('search-hit-light.png') });
});
