import { expect, send, test, type Browser, type Locator, type Page } from './fixtures';
import {
  adminCall,
  conversationOption,
  mainNav,
  messageLog,
  navUnread,
  newUserPage,
  openConversation,
  setBlacklistSwitch,
  signIn,
  userID,
} from './support/users';
import { accountMenu } from './support/wallet';

/**
 * The defects a new user hit, each replayed end to end on the real server (`--seed demo`,
 * every password Demo1234) with the real SDK. Tests that change shared demo state undo it at their end.
 */

interface Session {
  readonly page: Page;
  readonly console: string[];
  readonly requests: string[];
}

/** Signed in as `user`, recording the page's and the SDK worker's console and every request. */
async function recordedSession(browser: Browser, user: string): Promise<Session> {
  const { page } = await newUserPage(browser, { width: 1280 });
  const consoleLines: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => consoleLines.push(message.text()));
  page.on('worker', (worker) => worker.on('console', (message) => consoleLines.push(message.text())));
  page.on('request', (request) => requests.push(request.url()));
  await signIn(page, user);
  return { page, console: consoleLines, requests };
}

const conversation = conversationOption;
const admin = adminCall;

// Each test signs its users in once and replays several defects in named steps: a sign-in (the SDK's 36 MB
// wasm, its start and first sync) costs far more than any of the steps, and none needs a fresh session.

test('alice alone: English only, a friend card, the seeded history in order, unblocking a friend', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const alice = await recordedSession(browser, 'alice');

  // First: it reads every request since the sign-in.
  await test.step('in English the signed-in app loads no Chinese strings', async () => {
    await openConversation(alice.page, 'Demo team');
    await mainNav(alice.page)
      .getByRole('link', { name: /Contacts/ })
      .click();
    await expect(alice.page.getByRole('list', { name: 'My friends' })).toBeVisible();
    expect(alice.requests.filter((url) => /\/assets\/zh-CN[-.]/.test(url))).toEqual([]);
    expect(alice.requests.some((url) => /\/assets\/en-US[-.]/.test(url))).toBe(true);
  });

  await test.step("a friend's user card shows the phone number and e-mail", async () => {
    await alice.page.getByRole('list', { name: 'My friends' }).getByRole('button', { name: 'bob' }).click();
    const card = alice.page.getByRole('dialog', { name: 'User card' });
    await expect(card.getByText('bob@example.com')).toBeVisible({ timeout: 15_000 });
    await expect(card.getByText('13800000002')).toBeVisible();
    await alice.page.keyboard.press('Escape');
    await expect(card).toBeHidden();
    await mainNav(alice.page).getByRole('link', { name: /^Chat/ }).click();
  });

  await test.step('the seeded group history reads oldest first, as it was sent', async () => {
    await openConversation(alice.page, 'Demo team');
    const log = messageLog(alice.page);
    // Older pages load at the top: scroll up until the first seeded message is there.
    const first = log.getByText('Welcome to the Demo team, everyone.');
    await expect(async () => {
      await log.evaluate((element) => {
        element.scrollTop = 0;
      });
      await expect(first).toBeAttached({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    const y = async (text: string) => (await log.getByText(text).boundingBox())?.y ?? Number.NaN;
    const [welcome, hello, hi] = [
      await y('Welcome to the Demo team'),
      await y('Hello team!'),
      await y('Hi all 👋'),
    ];
    expect(welcome).toBeLessThan(hello);
    expect(hello).toBeLessThan(hi);
  });

  await test.step('unblocking a friend keeps them in My friends with the Unfriend button', async () => {
    await openConversation(alice.page, 'bob');
    await alice.page.getByRole('button', { name: 'Conversation settings' }).click();
    const drawer = alice.page.getByRole('dialog', { name: 'Chat settings' });
    await setBlacklistSwitch(drawer, true);
    await expect(drawer.getByRole('button', { name: 'Unfriend' })).toHaveCount(0);
    await setBlacklistSwitch(drawer, false);
    await expect(drawer.getByRole('button', { name: 'Unfriend' })).toBeVisible({ timeout: 15_000 });
    await drawer.getByRole('button', { name: 'Close' }).click();

    await mainNav(alice.page)
      .getByRole('link', { name: /Contacts/ })
      .click();
    const friends = alice.page.getByRole('list', { name: 'My friends' });
    await expect(friends.getByRole('button', { name: 'bob' })).toBeVisible({ timeout: 15_000 });
  });
  await alice.page.context().close();
});

test('alice, bob and carol: a saved profile shows at once, a typed mention stays text, muting lowers the badge', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const alice = await recordedSession(browser, 'alice');
  const bob = await recordedSession(browser, 'bob');
  const carol = await recordedSession(browser, 'carol');

  await test.step('a saved profile shows at once on the card and in the form', async () => {
    const myInfo = async (): Promise<Locator> => {
      await accountMenu(carol.page, 'My info');
      return carol.page.getByRole('dialog', { name: 'User card' });
    };
    const edit = carol.page.getByRole('dialog', { name: 'Edit info' });
    const rename = async (from: string, to: string) => {
      const card = await myInfo();
      await expect(card.getByText(`${from} (you)`)).toBeVisible();
      await card.getByRole('button', { name: 'Edit info' }).click();
      await edit.getByRole('textbox', { name: 'Nickname' }).fill(to);
      await edit.getByRole('button', { name: 'Save' }).click();
      await expect(edit).toBeHidden({ timeout: 30_000 });
      // Without a reload: the card and the form show what was saved.
      const again = await myInfo();
      await expect(again.getByText(`${to} (you)`)).toBeVisible();
      await again.getByRole('button', { name: 'Edit info' }).click();
      await expect(edit.getByRole('textbox', { name: 'Nickname' })).toHaveValue(to);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await expect(edit).toBeHidden();
    };
    await rename('carol', 'carol renamed');
    await rename('carol renamed', 'carol');
  });

  await test.step('a typed mention token stays text and opens no card', async () => {
    const aliceID = await userID(alice.page);
    const forged = `[[at-The CEO#${aliceID}]] says hi ${Date.now().toString(36)}`;
    await openConversation(bob.page, 'alice');
    await send(bob.page, forged);
    // Open it once the message has moved bob's row to the top: a click during that re-sort can be lost.
    await expect(conversation(alice.page, 'bob')).toContainText(' says hi ', { timeout: 30_000 });
    // The list's preview reads it as the bubble does: the token as typed, no "@The CEO".
    await expect(conversation(alice.page, 'bob')).toContainText(`[[at-The CEO#${aliceID}]] says hi`);
    await openConversation(alice.page, 'bob');
    await expect(messageLog(alice.page).getByText(forged)).toBeVisible({ timeout: 30_000 });
    await expect(messageLog(alice.page).getByRole('button', { name: /The CEO/ })).toHaveCount(0);
  });

  // The rule is held by conversation.store.test.ts too; this checks the badge the user sees.
  await test.step('muting a conversation lowers the nav badge at once', async () => {
    await mainNav(alice.page)
      .getByRole('link', { name: /Contacts/ })
      .click();
    const before = await navUnread(alice.page);
    await openConversation(carol.page, 'alice');
    await send(carol.page, `unread for the badge ${Date.now().toString(36)}`);
    await expect.poll(() => navUnread(alice.page), { timeout: 30_000 }).toBeGreaterThan(before);

    // Other conversations may be unread too (the seeded history, earlier tests): carol's part must go.
    const withCarol = await navUnread(alice.page);
    await mainNav(alice.page).getByRole('link', { name: /^Chat/ }).click();
    await conversation(alice.page, 'carol').click({ button: 'right' });
    await alice.page.getByRole('menuitemradio', { name: 'Receive without notification' }).click();
    await expect.poll(() => navUnread(alice.page), { timeout: 10_000 }).toBeLessThan(withCarol);
    // Back to normal for the other tests.
    await conversation(alice.page, 'carol').click({ button: 'right' });
    await alice.page.getByRole('menuitemradio', { name: 'Receive and notify' }).click();
    await expect.poll(() => navUnread(alice.page), { timeout: 10_000 }).toBe(withCarol);
  });
  await alice.page.context().close();
  await bob.page.context().close();
  await carol.page.context().close();
});

test('bob muted in Demo team by the admin API: the notices read "muted you", and typed text is kept', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const bob = await recordedSession(browser, 'bob');
  await openConversation(bob.page, 'Demo team');
  const groupID = /\/chat\/sg_(.+)$/.exec(decodeURIComponent(bob.page.url()))?.[1] ?? '';
  expect(groupID).not.toBe('');
  const bobID = await userID(bob.page);
  const mutedNotices = messageLog(bob.page).getByText(/ muted you for 10 minutes$/);

  await test.step('English running text says "muted you", lower-case', async () => {
    try {
      await admin(request, '/group/mute_group_member', { groupID, userID: bobID, mutedSeconds: 600 });
      await expect(mutedNotices.last()).toBeVisible({ timeout: 30_000 });
    } finally {
      await admin(request, '/group/cancel_mute_group_member', { groupID, userID: bobID });
    }
    await expect(
      messageLog(bob.page)
        .getByText(/ unmuted you$/)
        .last(),
    ).toBeVisible({ timeout: 30_000 });
  });

  // Typed text is never thrown away: a member muted while typing sees the composer close with the spec's
  // text and keeps what she typed; it is there to send once she is unmuted.
  await test.step('a member muted while typing keeps the typed text', async () => {
    const box = bob.page.getByRole('textbox', { name: 'Message' });
    // The composer is open again after the step before's unmute.
    await expect(box).toBeEnabled({ timeout: 30_000 });
    const noticesBefore = await mutedNotices.count();
    await box.fill('may I speak?');
    await admin(request, '/group/mute_group_member', { groupID, userID: bobID, mutedSeconds: 600 });
    try {
      await expect(mutedNotices).toHaveCount(noticesBefore + 1, { timeout: 30_000 });
      // bob is an admin of Demo team: a mute of his own silences him too (the server refuses his sends), so
      // the composer closes with the spec's text (it used to stay open for admins), keeping the typed text.
      await expect(bob.page.getByRole('status').filter({ hasText: 'You are muted' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(box).toBeDisabled();
      await expect(box).toHaveValue('may I speak?');
    } finally {
      // bob stays a speaking member of Demo team for the tests after this one, whatever happened here.
      await admin(request, '/group/cancel_mute_group_member', { groupID, userID: bobID });
    }
    await expect(box).toBeEnabled({ timeout: 30_000 });
    await expect(box).toHaveValue('may I speak?');
    await box.fill('');
  });
  await bob.page.context().close();
});

test('after a friend request is accepted the first messages arrive on both sides', async ({ browser }) => {
  test.setTimeout(180_000);
  const alice = await recordedSession(browser, 'alice');
  // A new account, registered with the dev-mode code.
  const context = await browser.newContext();
  const newbie = await context.newPage();
  const logs: string[] = [];
  newbie.on('console', (message) => logs.push(message.text()));
  newbie.on('worker', (worker) => worker.on('console', (message) => logs.push(message.text())));
  await newbie.addInitScript(() => window.localStorage.setItem('IM_LOCALE', 'en-US'));
  const email = `friend-${Date.now()}@example.com`;
  await newbie.goto('/login');
  await newbie.getByRole('tab', { name: 'Register' }).click();
  await newbie.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await newbie.getByLabel('Nickname').fill('Fay Friend');
  await newbie.getByLabel('Password', { exact: true }).fill('Passw0rd');
  await newbie.getByLabel('Confirm password').fill('Passw0rd');
  await newbie.getByRole('button', { name: 'Send code' }).click();
  await expect(newbie.getByText('Verification code sent')).toBeVisible();
  const answer = await newbie.request.get(`/chat/dev/verify-code?email=${encodeURIComponent(email)}`);
  const code = ((await answer.json()) as { data?: { code?: string } }).data?.code ?? '';
  await newbie.getByLabel('Verification code').fill(code);
  await newbie.getByRole('button', { name: 'Register and sign in' }).click();
  await expect(mainNav(newbie)).toBeVisible({ timeout: 30_000 });

  await newbie.getByRole('button', { name: 'Add', exact: true }).click();
  await newbie.getByRole('menuitem', { name: 'Add friends' }).click();
  const search = newbie.getByRole('dialog', { name: 'Add friends' });
  await search.getByRole('textbox').fill('13800000001');
  await search.getByRole('button', { name: 'Search' }).click();
  await search.getByRole('region', { name: 'Search results' }).getByRole('button', { name: 'alice' }).click();
  const card = newbie.getByRole('dialog', { name: 'User card' });
  await card.getByRole('button', { name: 'Add friends' }).click();
  await card.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(card).toBeHidden();

  await mainNav(alice.page)
    .getByRole('link', { name: /Contacts/ })
    .click();
  await alice.page
    .getByRole('navigation', { name: 'Contacts' })
    .getByRole('link', { name: 'New friends' })
    .click();
  const received = alice.page.getByRole('list', { name: 'Received' });
  await received
    .getByRole('listitem')
    .filter({ hasText: 'Fay Friend' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await alice.page
    .getByRole('navigation', { name: 'Contacts' })
    .getByRole('link', { name: 'My friends' })
    .click();
  const friends = alice.page.getByRole('list', { name: 'My friends' });
  await friends.getByRole('button', { name: 'Fay Friend' }).click();
  await alice.page
    .getByRole('dialog', { name: 'User card' })
    .getByRole('button', { name: 'Send message' })
    .click();
  await expect(alice.page.getByRole('heading', { level: 2, name: 'Fay Friend' })).toBeVisible({
    timeout: 30_000,
  });
  // The message whose duplicate check meets no table yet (see below) is stored and shown.
  await expect(messageLog(alice.page).getByText(/now friends/)).toBeVisible({ timeout: 30_000 });
  const hello = `hello Fay ${Date.now().toString(36)}`;
  await send(alice.page, hello);

  await mainNav(newbie).getByRole('link', { name: /^Chat/ }).click();
  await conversation(newbie, 'alice').click();
  await expect(messageLog(newbie).getByText(hello)).toBeVisible({ timeout: 30_000 });
  const reply = `hi alice ${Date.now().toString(36)}`;
  await send(newbie, reply);
  await expect(messageLog(alice.page).getByText(reply)).toBeVisible({ timeout: 30_000 });
  // Why the SDK's worker logs "no such table: chat_logs_si_…": the first message of a conversation this
  // browser has never stored (here the "now friends" tips) passes the SDK's duplicate check
  // (getMessagesByClientMsgIDs) before its table exists. The SDK's wasm database creates chat_logs_<id>
  // only when it writes, so that read fails, the SDK takes it as "not stored yet" and inserts the message,
  // which creates the table. It is the SDK's own log for any new conversation; nothing is lost (above),
  // and the only tables ever missing are the new conversation's.
  const ids = [await userID(alice.page), await userID(newbie)].sort();
  const missing = [...logs, ...alice.console].flatMap(
    (line) => /no such table: chat_logs_(\S+)/.exec(line)?.[1] ?? [],
  );
  expect(new Set(missing)).toEqual(new Set(missing.length === 0 ? [] : [`si_${ids.join('_')}`]));
  await alice.page.context().close();
  await context.close();
});
