import { conversationList, expect, openChatWith, send, signedIn, test, unique, type Page } from './fixtures';
import { conversationOption } from '../support/users';

/**
 * Per-conversation settings kept by real OpenIM 3.8.3 (`/conversation/set_conversations`): pinning and the
 * receive option, which a new sign-in reads back from the server.
 */

async function rowMenu(page: Page, name: string): Promise<void> {
  await conversationOption(page, name).click({ button: 'right' });
  await expect(page.getByRole('menu')).toBeVisible();
}

test('alice pins a conversation and stops notifications of another; a new sign-in shows both', async ({
  browser,
}, info) => {
  const alice = await signedIn(browser, 'alice');
  const options = conversationList(alice.page).getByRole('option');
  // Two conversations, carol's then bob's, so bob's is on top.
  await openChatWith(alice.page, 'carol');
  await send(alice.page, unique('to carol'));
  await openChatWith(alice.page, 'bob');
  await send(alice.page, unique('to bob'));
  await expect(options.first()).toHaveAccessibleName(/^bob\b/);

  await rowMenu(alice.page, 'carol');
  await alice.page.getByRole('menuitem', { name: 'Pin', exact: true }).click();
  await expect(options.first()).toHaveAccessibleName(/^carol, pinned/, { timeout: 30_000 });

  await rowMenu(alice.page, 'bob');
  await alice.page.getByRole('menuitemradio', { name: 'Receive without notification' }).click();
  await expect(alice.page.getByRole('menu')).toHaveCount(0);
  await rowMenu(alice.page, 'bob');
  await expect(alice.page.getByRole('menuitemradio', { name: 'Receive without notification' })).toBeChecked({
    timeout: 30_000,
  });
  await alice.page.keyboard.press('Escape');
  await info.attach('alice', { body: await alice.page.screenshot(), contentType: 'image/png' });

  // A new context has no local database: both settings come from the server.
  await alice.context.close();
  const again = await signedIn(browser, 'alice');
  const rows = conversationList(again.page).getByRole('option');
  await expect(rows.first()).toHaveAccessibleName(/^carol, pinned/, { timeout: 45_000 });
  await rowMenu(again.page, 'bob');
  await expect(again.page.getByRole('menuitemradio', { name: 'Receive without notification' })).toBeChecked();
  await again.page.keyboard.press('Escape');
});
