import { expect, test, type Page } from './fixtures';
import { shot } from './support/shots';
import { signedInPage } from './support/users';

// One server runs for the whole suite (demo seed: alice friends with bob and carol; bob and carol are not
// friends), so each test here changes state no other test relies on.

async function openFriends(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /Contacts/ })
    .click();
  await expect(page).toHaveURL(/\/contact$/);
}

/** Back to the chat screen, where a step of the shared session starts. */
async function openChats(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Chat/ })
    .click();
  await expect(page).toHaveURL(/\/chat$/);
}

test('carol finds bob, sends a friend request; bob sees the badge, accepts, and both are friends', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const bob = await signedInPage(browser, 'bob');
  const carol = await signedInPage(browser, 'carol');

  // carol: plus menu → Add friends → search "bob" → card → verification panel → send.
  await carol.getByRole('button', { name: 'Add', exact: true }).click();
  await carol.getByRole('menuitem', { name: 'Add friends' }).click();
  const search = carol.getByRole('dialog', { name: 'Add friends' });
  const confirm = search.getByRole('button', { name: 'Search' });
  await expect(confirm).toBeDisabled();
  await search.getByRole('textbox').fill('bob');
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await search.getByRole('region', { name: 'Search results' }).getByRole('button', { name: 'bob' }).click();
  const card = carol.getByRole('dialog', { name: 'User card' });
  await expect(card.getByText('bob', { exact: true })).toBeVisible();
  await shot(carol, testInfo, 'carol-user-card');
  await card.getByRole('button', { name: 'Add friends' }).click();
  await expect(card.getByText('Friend verification')).toBeVisible();
  const message = card.getByRole('textbox', { name: 'Application information' });
  await message.fill('Hi bob, carol here');
  await expect(card.getByText('18/50')).toBeVisible();
  await shot(carol, testInfo, 'carol-verification');
  await card.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(carol.getByText('Friend request sent').last()).toBeVisible();
  await expect(card).toBeHidden();

  // bob: the contact badge shows the pending request; New friends lists it; Accept.
  const bobNav = bob.getByRole('navigation', { name: 'Main navigation' });
  await expect(bobNav.getByLabel('1 pending requests')).toBeVisible({ timeout: 30_000 });
  await shot(bob, testInfo, 'bob-badge');
  await openFriends(bob);
  await bob.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: 'New friends' }).click();
  const received = bob.getByRole('list', { name: 'Received' });
  await expect(received.getByRole('button', { name: 'carol' })).toBeVisible();
  await expect(received.getByText('Message: Hi bob, carol here')).toBeVisible();
  await shot(bob, testInfo, 'bob-new-friends');
  await received.getByRole('button', { name: 'Accept' }).click();
  await expect(received.getByText('Agreed')).toBeVisible({ timeout: 30_000 });
  await expect(bobNav.getByLabel('1 pending requests')).toBeHidden();

  // Both see each other under My friends.
  await bob.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: 'My friends' }).click();
  await expect(
    bob.getByRole('list', { name: 'My friends' }).getByRole('button', { name: 'carol' }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await shot(bob, testInfo, 'bob-friends');
  await openFriends(carol);
  await expect(
    carol.getByRole('list', { name: 'My friends' }).getByRole('button', { name: 'bob' }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await shot(carol, testInfo, 'carol-friends');
  await bob.context().close();
  await carol.context().close();
});

test('a newly registered user applies to join Demo team by id; alice accepts in Group notifications', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const alice = await signedInPage(browser, 'alice');
  await openFriends(alice);
  await alice.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: 'My groups' }).click();
  await alice
    .getByRole('list', { name: 'My groups' })
    .getByRole('button', { name: /Demo team/ })
    .click();
  const aliceCard = alice.getByRole('dialog', { name: 'Group card' });
  await expect(aliceCard.getByRole('button', { name: 'Send message' })).toBeVisible();
  await expect(aliceCard.getByRole('list', { name: 'Members' }).getByRole('listitem')).not.toHaveCount(0);
  await expect(aliceCard.getByText('Only members can see who is in this group')).toHaveCount(0);
  const idText = (await aliceCard.getByText(/^Group ID: /).textContent()) ?? '';
  const groupID = idText.replace('Group ID: ', '').trim();
  expect(groupID).not.toBe('');
  await shot(alice, testInfo, 'alice-group-card');
  await aliceCard.getByRole('button', { name: 'Close' }).click();

  // A new account, registered with the dev-mode code.
  const context = await browser.newContext();
  const newbie = await context.newPage();
  await newbie.addInitScript(() => window.localStorage.setItem('IM_LOCALE', 'en-US'));
  const email = `joiner-${Date.now()}@example.com`;
  await newbie.goto('/login');
  await newbie.getByRole('tab', { name: 'Register' }).click();
  await newbie.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await newbie.getByLabel('Nickname').fill('Zed Joiner');
  await newbie.getByLabel('Password', { exact: true }).fill('Passw0rd');
  await newbie.getByLabel('Confirm password').fill('Passw0rd');
  await newbie.getByRole('button', { name: 'Send code' }).click();
  // The code exists once the send has reached the server, which the status line confirms.
  await expect(newbie.getByText('Verification code sent')).toBeVisible();
  const answer = await newbie.request.get(`/chat/dev/verify-code?email=${encodeURIComponent(email)}`);
  const body = (await answer.json()) as { errCode: number; data?: { code?: string } };
  expect(body.errCode).toBe(0);
  await newbie.getByLabel('Verification code').fill(body.data?.code ?? '');
  await newbie.getByRole('button', { name: 'Register and sign in' }).click();
  await expect(newbie.getByRole('navigation', { name: 'Main navigation' })).toBeVisible({ timeout: 30_000 });

  // Plus menu → Add group → the id → group card → Add group → verification → Send.
  await newbie.getByRole('button', { name: 'Add', exact: true }).click();
  await newbie.getByRole('menuitem', { name: 'Add group' }).click();
  const search = newbie.getByRole('dialog', { name: 'Add group' });
  await search.getByRole('textbox', { name: 'Group ID' }).fill(groupID);
  await search.getByRole('button', { name: 'Search' }).click();
  const card = newbie.getByRole('dialog', { name: 'Group card' });
  // The server shows the members to members only (as OpenIM does); the card says so instead of a row.
  await expect(card.getByText('Only members can see who is in this group')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('list', { name: 'Members' })).toHaveCount(0);
  await shot(newbie, testInfo, 'newbie-group-card');
  await card.getByRole('button', { name: 'Add group' }).click();
  await expect(card.getByText('Join verification')).toBeVisible();
  await card.getByRole('textbox', { name: 'Application information' }).fill('Let me in, please');
  await expect(card.getByText('17/50')).toBeVisible();
  await shot(newbie, testInfo, 'newbie-join-verification');
  await card.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(newbie.getByText('Join group request sent').last()).toBeVisible({ timeout: 30_000 });

  // alice (owner) sees the badge and accepts under Group notifications.
  const aliceNav = alice.getByRole('navigation', { name: 'Main navigation' });
  await expect(aliceNav.getByLabel('1 pending requests')).toBeVisible({ timeout: 30_000 });
  await alice
    .getByRole('navigation', { name: 'Contacts' })
    .getByRole('link', { name: 'Group notifications' })
    .click();
  const received = alice.getByRole('list', { name: 'Received' });
  await expect(received.getByText('Zed Joiner')).toBeVisible();
  await expect(received.getByText('Applies to join Demo team')).toBeVisible();
  await expect(received.getByText('Message: Let me in, please')).toBeVisible();
  await shot(alice, testInfo, 'alice-group-notifications');
  await received.getByRole('button', { name: 'Accept' }).click();
  await expect(received.getByText('Agreed')).toBeVisible({ timeout: 30_000 });

  // The joiner now finds the group under My groups.
  await openFriends(newbie);
  await newbie.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: 'My groups' }).click();
  await expect(
    newbie.getByRole('list', { name: 'My groups' }).getByRole('button', { name: /Demo team/ }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await shot(newbie, testInfo, 'newbie-my-groups');
  await alice.context().close();
  await context.close();
});

// alice's own steps share one sign-in (the SDK's 36 MB wasm, its start and first sync cost far more than
// any of them); each starts from the chat screen and undoes what later tests rely on.
test('alice alone: friends by letter and a remark, her profile and the top search, a new group, the language', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const alice = await signedInPage(browser, 'alice');

  await test.step('alice browses her friends by letter, remarks a friend, and opens a chat from the card', async () => {
    await openChats(alice);
    await openFriends(alice);
    const friends = alice.getByRole('list', { name: 'My friends' });
    await expect(friends.getByRole('button', { name: 'bob' })).toBeVisible({ timeout: 30_000 });
    const index = alice.getByRole('navigation', { name: 'Alphabet index' });
    await expect(index.getByRole('button', { name: 'Jump to B' })).toBeVisible();
    await expect(index.getByRole('button', { name: 'Jump to C' })).toBeVisible();
    await shot(alice, testInfo, 'alice-friends');

    await friends.getByRole('button', { name: 'carol' }).click();
    const card = alice.getByRole('dialog', { name: 'User card' });
    await expect(card.getByRole('button', { name: 'Add friends' })).toHaveCount(0);
    // A remark with markup stays text.
    await card.getByRole('textbox', { name: 'Remark' }).fill('<b>Caro</b>');
    await card.getByRole('button', { name: 'Save remark' }).click();
    await expect(card.getByRole('alert')).toHaveCount(0);
    // The modal hides the page from the accessibility tree; close it to read the list.
    await card.getByRole('button', { name: 'Close' }).click();
    await expect(friends.getByRole('button', { name: '<b>Caro</b>' })).toBeVisible({ timeout: 30_000 });
    await shot(alice, testInfo, 'alice-remark');
    await friends.getByRole('button', { name: '<b>Caro</b>' }).click();
    await expect(card.getByRole('textbox', { name: 'Remark' })).toHaveValue('<b>Caro</b>');
    await card.getByRole('button', { name: 'Send message' }).click();
    await expect(alice).toHaveURL(/\/chat\/[^/]+$/);
    await shot(alice, testInfo, 'alice-chat-from-card');

    // The server lives for the whole suite: take the remark off again, as later tests name carol.
    await openFriends(alice);
    await friends.getByRole('button', { name: '<b>Caro</b>' }).click();
    await card.getByRole('textbox', { name: 'Remark' }).fill('');
    await card.getByRole('button', { name: 'Save remark' }).click();
    await card.getByRole('button', { name: 'Close' }).click();
    await expect(friends.getByRole('button', { name: 'carol' })).toBeVisible({ timeout: 30_000 });
  });

  await test.step('alice edits her profile from My info, and the top search finds a friend', async () => {
    await openChats(alice);
    await alice.getByRole('button', { name: 'My account' }).click();
    await alice.getByRole('menuitem', { name: 'My info' }).click();
    const card = alice.getByRole('dialog', { name: 'User card' });
    await expect(card.getByText('alice (you)')).toBeVisible();
    await card.getByRole('button', { name: 'Edit info' }).click();
    const edit = alice.getByRole('dialog', { name: 'Edit info' });
    const nickname = edit.getByRole('textbox', { name: 'Nickname' });
    await nickname.fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('Please input nickname')).toBeVisible();
    await nickname.fill('alice');
    await edit.getByRole('textbox', { name: 'E-mail' }).fill('alice@example.com');
    await shot(alice, testInfo, 'alice-edit-profile');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden({ timeout: 30_000 });

    const box = alice.getByRole('searchbox', { name: 'Search' });
    await box.fill('bo');
    const dropdown = alice.getByRole('region', { name: 'Search results' });
    await expect(
      dropdown.getByRole('region', { name: 'Contacts' }).getByRole('button', { name: 'bob' }),
    ).toBeVisible({
      timeout: 30_000,
    });
    await shot(alice, testInfo, 'alice-top-search');
    // Focus elsewhere hides the dropdown; focus back shows the same results.
    await alice.getByRole('main').click({ position: { x: 5, y: 5 } });
    await expect(dropdown).toBeHidden();
    await box.focus();
    await expect(
      dropdown.getByRole('region', { name: 'Contacts' }).getByRole('button', { name: 'bob' }),
    ).toBeVisible();
    await box.fill('   ');
    await expect(dropdown).toBeHidden();
    await box.fill('zzzz-nobody');
    await expect(dropdown.getByText('No search results')).toBeVisible({ timeout: 30_000 });
  });

  await test.step('alice creates a group from the plus menu and lands in its chat', async () => {
    await openChats(alice);
    await alice.getByRole('button', { name: 'Add', exact: true }).click();
    await alice.getByRole('menuitem', { name: 'Create group' }).click();
    // The member picker in create mode: name, avatar, friends chosen in the left pane.
    const dialog = alice.getByRole('dialog', { name: 'Create group' });
    await dialog.getByRole('textbox', { name: 'Group name' }).fill('E2E crew');
    await dialog.getByRole('button', { name: 'My friends' }).click();
    await dialog.getByRole('checkbox', { name: 'bob' }).check({ timeout: 30_000 });
    await dialog.getByRole('checkbox', { name: /carol|Caro/ }).check();
    await expect(dialog.getByText('Selected (2)')).toBeVisible();
    await shot(alice, testInfo, 'alice-create-group');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(alice).toHaveURL(/\/chat\/sg_[^/]+$/, { timeout: 30_000 });
    await shot(alice, testInfo, 'alice-new-group-chat');
    await openFriends(alice);
    await alice
      .getByRole('navigation', { name: 'Contacts' })
      .getByRole('link', { name: 'My groups' })
      .click();
    await expect(
      alice.getByRole('list', { name: 'My groups' }).getByRole('button', { name: /E2E crew/ }),
    ).toBeVisible({
      timeout: 30_000,
    });
  });

  await test.step('the language can be switched after sign-in and is remembered', async () => {
    await openChats(alice);
    const nav = alice.getByRole('navigation', { name: 'Main navigation' });
    await alice.getByLabel('Language').selectOption('zh-CN');
    await expect(
      alice.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: /通讯录/ }),
    ).toBeVisible();
    await expect(nav).toBeHidden();
    await shot(alice, testInfo, 'shell-zh');
    await alice.reload();
    await expect(alice.getByRole('navigation', { name: '主导航' })).toBeVisible({ timeout: 30_000 });
    await alice.getByLabel('语言').selectOption('en-US');
    await expect(nav).toBeVisible();
  });
  await alice.context().close();
});
