import { expect, test, type Page } from './fixtures';
import { conversationOption, navUnread, openConversation, sendText, signedInUser } from './support/users';

/**
 * "Do not receive" on a group (`--seed demo`): OpenIM still delivers the group's messages (it only
 * leaves such members out of offline pushes) and the SDK counts them; the client shows no unread count
 * for the conversation and leaves it out of the chat badge. carol sets it, alice writes.
 */

const stamp = () => Date.now().toString(36);

async function setReceiveOption(page: Page, conversation: string, option: string): Promise<void> {
  await conversationOption(page, conversation).click({ button: 'right' });
  await page.getByRole('menuitemradio', { name: option }).click();
  await expect(page.getByRole('menu')).toHaveCount(0);
}

test('"do not receive": a group’s new messages count neither on its row nor in the chat badge', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const alice = await signedInUser(browser, 'alice');
  const carol = await signedInUser(browser, 'carol');
  const team = () => conversationOption(carol.page, 'Demo team');

  await setReceiveOption(carol.page, 'Demo team', 'Do not receive');
  await team().click({ button: 'right' });
  await expect(carol.page.getByRole('menuitemradio', { name: 'Do not receive' })).toBeChecked();
  await carol.page.keyboard.press('Escape');
  // Whatever the seed left unread there is no longer counted.
  await expect(team()).not.toHaveAccessibleName(/\d+ unread/);
  const before = await navUnread(carol.page);

  const inGroup = `for the team ${stamp()}`;
  await openConversation(alice.page, 'Demo team');
  await sendText(alice.page, inGroup);
  // It arrives (the preview shows it) but raises nothing.
  await expect(team()).toContainText(inGroup, { timeout: 30_000 });
  await expect(team()).not.toHaveAccessibleName(/\d+ unread/);

  // A normal conversation still counts, and counts alone: the badge rises by exactly its message
  // (the SDK reports the group's total before this one's).
  const direct = `just for carol ${stamp()}`;
  await openConversation(alice.page, 'carol');
  await sendText(alice.page, direct);
  await expect(conversationOption(carol.page, 'alice')).toContainText(direct, { timeout: 30_000 });
  await expect.poll(() => navUnread(carol.page), { timeout: 30_000 }).toBe(before + 1);
  await expect(team()).not.toHaveAccessibleName(/\d+ unread/);
  await carol.page.screenshot({ path: test.info().outputPath('do-not-receive-light.png') });

  // Back to normal for the other tests; reading both conversations clears what they hold.
  await setReceiveOption(carol.page, 'Demo team', 'Receive and notify');
  await openConversation(carol.page, 'Demo team');
  await openConversation(carol.page, 'alice');
  await expect(team()).not.toHaveAccessibleName(/\d+ unread/, { timeout: 30_000 });
  await alice.page.context().close();
  await carol.page.context().close();
});
