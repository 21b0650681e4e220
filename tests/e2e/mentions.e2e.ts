import { expect, test, type Page } from './fixtures';
import {
  adminCall,
  conversationOption,
  messageLog,
  newUserPage,
  openConversation,
  settledViolations,
  signIn,
} from './support/users';

/**
 * Mentions and typing end to end through the real SDK and server (`--seed demo`).
 * A fresh group of alice (owner), bob and carol (members) is made for the test: alice mentions bob from
 * the suggestions; bob's list marks the group "[@you]" until he opens it; the mention is highlighted
 * and opens bob's card; carol gets no "Everyone" entry, alice does. Then alice types to bob in their
 * one-to-one chat and bob's header says "typing...".
 */

const ALICE = '1000000001';
const BOB = '1000000002';
const CAROL = '1000000003';

// The message box is a textbox, and an ARIA combobox while the suggestions are open.
const box = (page: Page) =>
  page.getByRole('textbox', { name: 'Message' }).or(page.getByRole('combobox', { name: 'Message' }));
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Mention a member' });

/** WAI-ARIA APG combobox (list autocomplete): the box names the open list and its highlighted option. */
async function expectCombobox(page: Page, highlighted: string): Promise<void> {
  const combobox = page.getByRole('combobox', { name: 'Message' });
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  await expect(combobox).toHaveAttribute('aria-autocomplete', 'list');
  const listID = await suggestions(page).getAttribute('id');
  await expect(combobox).toHaveAttribute('aria-controls', listID ?? '');
  const option = suggestions(page).getByRole('option', { name: highlighted });
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(combobox).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
  await expect(suggestions(page).locator('[role="option"][aria-selected="true"]')).toHaveCount(1);
}

test('mentions in a group: suggestions, at-all for the owner only, [@you] until read, highlight and card; typing', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const alice = await newUserPage(browser);
  const bob = await newUserPage(browser);
  const carol = await newUserPage(browser, { colorScheme: 'dark' });
  await signIn(alice.page, 'alice');
  await signIn(bob.page, 'bob');
  await signIn(carol.page, 'carol');

  const groupName = `Mentions ${Date.now().toString(36)}`;
  await adminCall(request, '/group/create_group', {
    ownerUserID: ALICE,
    memberUserIDs: [BOB, CAROL],
    adminUserIDs: [],
    groupInfo: { groupName, groupType: 2 },
  });
  for (const page of [alice.page, bob.page, carol.page]) {
    await expect(conversationOption(page, groupName)).toBeVisible({ timeout: 30_000 });
  }

  // carol (member): suggestions, but no "Everyone".
  await openConversation(carol.page, groupName);
  await box(carol.page).pressSequentially('@a');
  await expect(suggestions(carol.page).getByRole('option', { name: 'alice' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(suggestions(carol.page).getByRole('option', { name: 'Everyone' })).toHaveCount(0);
  await expectCombobox(carol.page, 'alice');
  expect(await settledViolations(carol.page)).toEqual([]);
  await carol.page.screenshot({ path: test.info().outputPath('mention-suggestions-member-dark.png') });
  // Escape closes the list and keeps the text; the box is a plain textbox again.
  await box(carol.page).press('Escape');
  await expect(suggestions(carol.page)).toHaveCount(0);
  await expect(carol.page.getByRole('textbox', { name: 'Message' })).toHaveValue('@a');
  await expect(carol.page.getByRole('textbox', { name: 'Message' })).not.toHaveAttribute('aria-expanded');
  await box(carol.page).fill('');

  // alice (owner): "Everyone" is offered; then she mentions bob with the keyboard.
  await openConversation(alice.page, groupName);
  await box(alice.page).pressSequentially('@a');
  await expect(suggestions(alice.page).getByRole('option', { name: 'Everyone' })).toBeVisible({
    timeout: 20_000,
  });
  // Up and Down move the highlight (wrapping), which the box names as its active descendant.
  await expectCombobox(alice.page, 'Everyone');
  await box(alice.page).press('ArrowDown');
  const second = suggestions(alice.page).getByRole('option').nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await box(alice.page).press('ArrowUp');
  await expectCombobox(alice.page, 'Everyone');
  await box(alice.page).fill('');
  await box(alice.page).pressSequentially('hi @bo');
  const bobOption = suggestions(alice.page).getByRole('option', { name: 'bob' });
  await expect(bobOption).toBeVisible({ timeout: 20_000 });
  await expectCombobox(alice.page, 'bob');
  expect(await settledViolations(alice.page)).toEqual([]);
  await alice.page.screenshot({ path: test.info().outputPath('mention-suggestions-light.png') });
  // Tab chooses too (Enter is covered by the view test), and the focus stays in the box.
  await box(alice.page).press('Tab');
  await expect(box(alice.page)).toHaveValue('hi @bob ');
  await expect(box(alice.page)).toBeFocused();
  await box(alice.page).pressSequentially('look at this');
  await box(alice.page).press('Enter');
  const sent = messageLog(alice.page).getByRole('article').filter({ hasText: 'look at this' });
  await expect(sent.locator('[data-mention]')).toHaveText('@bob', { timeout: 20_000 });

  // bob: "[@you]" in the list until he opens the group.
  const bobRow = conversationOption(bob.page, groupName);
  await expect(bobRow).toContainText('[@you]', { timeout: 30_000 });
  await expect(conversationOption(carol.page, groupName)).not.toContainText('[@you]');
  await bob.page.screenshot({ path: test.info().outputPath('mention-list-mark-light.png') });
  await openConversation(bob.page, groupName);
  await expect(bobRow).not.toContainText('[@you]', { timeout: 30_000 });

  // The mention is highlighted and opens bob's card.
  const received = messageLog(bob.page).getByRole('article').filter({ hasText: 'look at this' });
  const mention = received.getByRole('button', { name: '@bob' });
  await expect(mention).toBeVisible({ timeout: 20_000 });
  await mention.click();
  const card = bob.page.getByRole('dialog');
  await expect(card).toBeVisible();
  await expect(card.getByText(BOB)).toBeVisible();
  await bob.page.screenshot({ path: test.info().outputPath('mention-card-light.png') });
  await bob.page.keyboard.press('Escape');

  // Right-clicking alice's avatar in the group offers an @ mention, inserted in bob's composer.
  await received.locator('[data-sender-avatar]').click({ button: 'right' });
  await bob.page.getByRole('menuitem', { name: 'Mention @alice' }).click();
  await expect(box(bob.page)).toHaveValue('@alice ');
  await box(bob.page).fill('');

  // Typing in a one-to-one chat shows on the other side.
  await openConversation(alice.page, 'bob');
  await openConversation(bob.page, 'alice');
  await box(alice.page).pressSequentially('are you th');
  await expect(bob.page.getByRole('status').filter({ hasText: 'typing...' })).toBeVisible({
    timeout: 20_000,
  });
  await bob.page.screenshot({ path: test.info().outputPath('typing-light.png') });
  await box(alice.page).fill('');
  // It goes again a few seconds after the last keystroke.
  await expect(bob.page.getByRole('status').filter({ hasText: 'typing...' })).toHaveCount(0, {
    timeout: 20_000,
  });

  for (const session of [alice, bob, carol]) await session.context.close();
});
