import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures';
import {
  adminCall,
  mainNav,
  messageLog,
  newUserPage,
  openConversation,
  signedInUser,
  PASSWORD,
  conversationList,
  userID,
} from './support/users';

/**
 * A network that comes and goes, failed sends and their resend, the message size limit and a clean
 * console, end to end on the real server (`--seed demo`; alice and bob are friends).
 */

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const resendButton = (page: Page) => messageLog(page).getByRole('button', { name: 'Failed to send. Resend' });
const unique = (label: string): string => `${label} ${Date.now().toString(36)}`;

/** Every page error and every console error of the page and its workers, as they happen. */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text().slice(0, 300)}`);
  });
  // The console names no address for a failed load; the response does.
  page.on('response', (response) => {
    if (response.status() >= 400)
      errors.push(`http ${response.status()}: ${new URL(response.url()).pathname}`);
  });
  page.on('worker', (worker) =>
    worker.on('console', (message) => {
      if (message.type() === 'error') errors.push(`worker: ${message.text().slice(0, 300)}`);
    }),
  );
  return errors;
}

async function sendFromComposer(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

/** The shell is on screen: the navigation and the message box (not a white or an error page). */
async function expectShell(page: Page): Promise<void> {
  await expect(mainNav(page)).toBeVisible();
  await expect(composer(page)).toBeVisible();
}

/** Signs in by e-mail, waiting as long as a loaded machine needs. */
async function signInPatiently(page: Page, user: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`${user}@example.com`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/chat$/, { timeout: 30_000 });
  await expect(conversationList(page).getByRole('option').first()).toBeVisible({ timeout: 60_000 });
}

async function block(request: APIRequestContext, owner: string, blocked: string, on: boolean): Promise<void> {
  await adminCall(
    request,
    on ? '/friend/add_black' : '/friend/remove_black',
    on ? { ownerUserID: owner, blackUserID: blocked, ex: '' } : { ownerUserID: owner, blackUserID: blocked },
  );
}

/**
 * The friend ids in the SDK's own database (its worker's tables, which the SDK exposes on `window`
 * for its Go code to call).
 */
async function localFriendIDs(page: Page, owner: string): Promise<string[]> {
  const answer = await page.evaluate(async (ownerID) => {
    const read = (window as unknown as Record<string, (id: string) => Promise<string>>)['getAllFriendList'];
    return read === undefined ? '' : await read(ownerID);
  }, owner);
  // Its answer is JSON whose data may itself be JSON text: the quotes may come escaped.
  return [...answer.matchAll(/"userID\\?":\\?"([^"\\]+)/g)].map((m) => m[1] ?? '');
}

/** Has the SDK drop its connection and connect again, as it does when told the network changed. */
async function reconnectSdk(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await (window as unknown as Record<string, (id: string) => Promise<unknown>>)['networkStatusChanged']?.(
      crypto.randomUUID(),
    );
  });
}

/** Empties the SDK's friend and joined-group tables, as a first sync whose inserts timed out can leave them. */
async function loseLocalFriendsAndGroups(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const db = window as unknown as Record<string, () => Promise<string>>;
    await db['deleteAllFriend']?.();
    await db['deleteAllGroup']?.();
  });
}

test('going offline is shown within seconds, and so is the way back; a reconnection restores lost friends and groups', async ({
  browser,
  expectConsoleError,
}, testInfo) => {
  test.setTimeout(300_000);
  // The SDK tries its connection again while there is no network, and Chromium logs each failed try.
  expectConsoleError('net::ERR_INTERNET_DISCONNECTED');
  const alice = await signedInUser(browser, 'alice');
  // Offline only once the SDK has started and given alice's self info (her initial on the account
  // button): the network lost while it starts is the next test.
  await expect(
    alice.page.getByRole('button', { name: 'My account' }).getByText('A', { exact: true }),
  ).toBeVisible({ timeout: 60_000 });
  await openConversation(alice.page, 'bob');
  const status = alice.page.getByRole('status').filter({ hasText: /Connection lost|Reconnecting/ });
  await expect(status).toHaveCount(0, { timeout: 30_000 });

  await alice.context.setOffline(true);
  await expect(alice.page.getByText('Connection lost. Waiting for the network…')).toBeVisible({
    timeout: 5_000,
  });
  await alice.page.screenshot({ path: testInfo.outputPath('offline-status.png') });
  await alice.context.setOffline(false);
  await expect(alice.page.getByText('Connection lost. Waiting for the network…')).toHaveCount(0, {
    timeout: 5_000,
  });
  // Back on line: reconnecting until the SDK reports the connection, then nothing.
  await expect(status).toHaveCount(0, { timeout: 90_000 });
  // The session works again: a message goes out.
  const text = unique('back online');
  await sendFromComposer(alice.page, text);
  await expect(messageLog(alice.page).getByText(text)).toBeVisible();
  await expect(resendButton(alice.page)).toHaveCount(0, { timeout: 30_000 });

  // The device loses its friend and group rows, as an SDK sync can on a loaded machine while it still
  // reports the sync finished; the sync after the next connection gets them back, checked against the
  // server (friends into the SDK's table, groups into the list only).
  const aliceID = await userID(alice.page);
  // The chat's address names both: /chat/si_<one>_<other>.
  const bobID = (/si_(\w+)_(\w+)$/.exec(alice.page.url()) ?? []).slice(1).find((id) => id !== aliceID) ?? '';
  expect(bobID).not.toBe('');
  await expect.poll(() => localFriendIDs(alice.page, aliceID), { timeout: 30_000 }).toContain(bobID);
  await loseLocalFriendsAndGroups(alice.page);
  expect(await localFriendIDs(alice.page, aliceID)).toEqual([]);
  // The SDK ignores a connection made within 5 s of the last sync's start (its sync guard), which a
  // loaded machine can reach from the reconnection above: it is asked again until a sync has run.
  await expect
    .poll(
      async () => {
        const ids = await localFriendIDs(alice.page, aliceID);
        if (!ids.includes(bobID)) await reconnectSdk(alice.page);
        return ids;
      },
      { timeout: 120_000, intervals: [7_000] },
    )
    .toContain(bobID);
  await mainNav(alice.page).getByRole('link', { name: 'Contacts' }).click();
  await alice.page
    .getByRole('navigation', { name: 'Contacts' })
    .getByRole('link', { name: 'My friends' })
    .click();
  await expect(
    alice.page.getByRole('list', { name: 'My friends' }).getByRole('button', { name: 'bob' }),
  ).toBeVisible();
  await alice.page
    .getByRole('navigation', { name: 'Contacts' })
    .getByRole('link', { name: 'My groups' })
    .click();
  await expect(
    alice.page.getByRole('list', { name: 'My groups' }).getByRole('button', { name: /Demo team/ }),
  ).toBeVisible();
});

/**
 * alice signs in on a fresh page whose SDK cannot fetch its database engine once (its last download before
 * the login); `fail` runs as that request is refused and says how it is refused. `loads` counts the page's
 * loads after the sign-in (the restart is one).
 */
async function signInWithoutDatabaseEngineOnce(
  browser: Browser,
  fail: (page: Page) => Promise<'failed' | 'internetdisconnected'>,
): Promise<{ page: Page; refused: () => boolean; loads: () => number }> {
  const { page } = await newUserPage(browser);
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('alice@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  let refused = false;
  await page.context().route('**/sql-wasm.wasm', async (route) => {
    if (refused) return route.continue();
    refused = true;
    return route.abort(await fail(page));
  });
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  return { page, refused: () => refused, loads: () => loads };
}

/** The session started afresh works: bob's conversation opens and a message goes out once, no resend. */
async function sendsAfterTheRestart(page: Page, label: string): Promise<void> {
  await expect(page).toHaveURL(/\/chat/);
  await openConversation(page, 'bob');
  const text = unique(label);
  await sendFromComposer(page, text);
  await expect(messageLog(page).getByText(text)).toBeVisible();
  await expect(resendButton(page)).toHaveCount(0, { timeout: 60_000 });
  await expect(page).toHaveURL(/\/chat/);
}

test('a network lost while the app starts keeps the session, which works once the network is back', async ({
  browser,
  expectConsoleError,
}, testInfo) => {
  test.setTimeout(180_000);
  // The SDK's worker could not fetch its database engine, and says so in the page.
  expectConsoleError('Failed to fetch');
  expectConsoleError('net::ERR_INTERNET_DISCONNECTED');
  // The network goes just as the SDK asks for its database engine.
  const { page, refused } = await signInWithoutDatabaseEngineOnce(browser, async (at) => {
    await at.context().setOffline(true);
    return 'internetdisconnected';
  });
  await expect.poll(refused, { timeout: 60_000 }).toBe(true);
  await expect(page.getByText('Connection lost. Waiting for the network…')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('offline-at-start.png') });
  // Once the SDK's start has failed and the network is back, the page loads again and the SDK starts
  // afresh with the kept credentials: no way through the sign-in page.
  const reloaded = page.waitForEvent('load', { timeout: 90_000 });
  await page.context().setOffline(false);
  await reloaded;
  await sendsAfterTheRestart(page, 'after a start without a network');
});

test('a start that fails with the network up keeps the session, says so, and starts again', async ({
  browser,
  expectConsoleError,
}, testInfo) => {
  test.setTimeout(180_000);
  // The SDK's worker cannot fetch its database engine once, as when a proxy drops a download, and says so.
  expectConsoleError('net::ERR_FAILED');
  expectConsoleError('Failed to fetch');
  const { page, loads } = await signInWithoutDatabaseEngineOnce(browser, () => Promise.resolve('failed'));
  await expect(
    page.getByRole('listitem').filter({ hasText: "Couldn't reach the server. Trying again in 2 s…" }),
  ).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: testInfo.outputPath('start-retrying.png') });
  await expect(page).toHaveURL(/\/chat/);
  // The page loads again and the SDK starts afresh with the kept credentials.
  await expect.poll(loads, { timeout: 60_000 }).toBe(1);
  await expect(page.getByRole('button', { name: 'My account' }).getByText('A', { exact: true })).toBeVisible({
    timeout: 60_000,
  });
  await sendsAfterTheRestart(page, 'after a start that was tried again');
});

// alice and bob sign in once for the sends that fail, are refused, too long or cut by a reload: a sign-in
// (the SDK's 36 MB wasm, its start and first sync) costs far more than any of these steps. The network is
// cut last, so the steps before run on a connection that was never lost.
test('alice and bob: a message too long, a draft across a reload, a refused send, a send while offline', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(540_000);
  const alice = await signedInUser(browser, 'alice');
  const bob = await signedInUser(browser, 'bob');
  const aliceErrors = recordErrors(alice.page);
  const aliceID = await userID(alice.page);
  const bobID = await userID(bob.page);
  await openConversation(alice.page, 'bob');
  await openConversation(bob.page, 'alice');

  await test.step('a message over the server limit is stopped with a clear message and the text is kept', async () => {
    await openConversation(alice.page, 'bob');
    const text = `too long ${Date.now().toString(36)} ${'x'.repeat(120_000)}`;
    await composer(alice.page).fill(text);
    await composer(alice.page).press('Enter');
    await expect(
      alice.page.getByText(
        'This message is too long to send (at most 100 KB). Shorten it or send it as a file.',
      ),
    ).toBeVisible();
    await alice.page.screenshot({ path: testInfo.outputPath('too-long.png') });
    await expect(alice.page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
    expect(await composer(alice.page).inputValue()).toBe(text);
    await expect(messageLog(alice.page).getByText(text.slice(0, 20))).toHaveCount(0);
    await expect(alice.page.locator('[id^="toast-title"]')).toHaveCount(0);
    // Shortened, it goes.
    const short = text.slice(0, 30);
    await composer(alice.page).fill(short);
    await expect(alice.page.getByText(/This message is too long/)).toHaveCount(0);
    await composer(alice.page).press('Enter');
    await expect(messageLog(alice.page).getByText(short)).toBeVisible();
  });

  await test.step('text typed just before the page loads again is still in the box, and is sent once', async () => {
    await openConversation(alice.page, 'bob');
    const text = unique('typed just before a reload');
    // No pause after typing: the draft has not reached the SDK when the page goes.
    await composer(alice.page).fill(text);
    await alice.page.reload();
    await openConversation(alice.page, 'bob');
    await expect(composer(alice.page)).toHaveText(text, { timeout: 30_000 });
    await composer(alice.page).press('Enter');
    await expect(messageLog(bob.page).getByText(text)).toHaveCount(1, { timeout: 30_000 });
    await expect(composer(alice.page)).toHaveText('');
    await expect(messageLog(alice.page).getByText(text)).toHaveCount(1);
  });

  await test.step('a refused send stays in the log with resend, the box is cleared once, and a resend sends it once', async () => {
    // Taller than the view at this height: the failed state must still be in sight.
    await alice.page.setViewportSize({ width: 1366, height: 700 });
    await openConversation(alice.page, 'bob');

    await block(request, bobID, aliceID, true);
    try {
      const head = unique('a long message bob refuses');
      const text = [head, ...Array.from({ length: 80 }, (_, i) => `line ${i + 1}`)].join('\n');
      await sendFromComposer(alice.page, text);
      await expect(resendButton(alice.page)).toBeVisible({ timeout: 60_000 });
      await expect(resendButton(alice.page)).toBeInViewport();
      await alice.page.screenshot({ path: testInfo.outputPath('refused-long.png') });
      // The message is in the log, so the box stays empty: the text is held once, by the failed message.
      await expect(composer(alice.page)).toHaveValue('');

      await block(request, bobID, aliceID, false);
      await resendButton(alice.page).click();
      await expect(messageLog(bob.page).getByText(head)).toBeVisible({ timeout: 30_000 });
      await expect(resendButton(alice.page)).toHaveCount(0);
      await expect(composer(alice.page)).toHaveValue('');
      // Enter on the empty box sends nothing more.
      await composer(alice.page).press('Enter');
      const after = unique('the next message');
      await sendFromComposer(alice.page, after);
      await expect(messageLog(bob.page).getByText(after)).toBeVisible({ timeout: 30_000 });
      await expect(messageLog(bob.page).getByText(head)).toHaveCount(1);
      await expect(messageLog(alice.page).getByText(head)).toHaveCount(1);
    } finally {
      await block(request, bobID, aliceID, false).catch(() => undefined);
    }
    await alice.page.setViewportSize({ width: 1366, height: 800 });
  });

  await test.step('a send while offline keeps the app on screen and ends delivered or failed with resend', async () => {
    await alice.context.setOffline(true);
    const text = unique('sent while offline');
    await sendFromComposer(alice.page, text);
    await expect(messageLog(alice.page).getByText(text)).toBeVisible();
    await expect(composer(alice.page)).toHaveValue('');
    // The SDK gives up on the send after about 20 s: the message shows as failed and a toast says so.
    await expect(resendButton(alice.page)).toBeVisible({ timeout: 90_000 });
    await expect(alice.page.locator('[id^="toast-title"]').first()).toBeVisible({ timeout: 30_000 });
    await expectShell(alice.page);
    await alice.page.screenshot({ path: testInfo.outputPath('offline-send-failed.png') });

    await alice.context.setOffline(false);
    // The SDK may still deliver the frame it kept; otherwise the resend does.
    // bob's log may have stopped following the newest (the earlier steps sent him an 80-line message):
    // he goes back to the newest as a reader would, by the list's jump control.
    const jump = bob.page.getByRole('button', { name: /jump to latest$/i });
    await expect(async () => {
      // The kept frame may land between the count and the click, taking the button away: a bounded click.
      if ((await resendButton(alice.page).count()) > 0)
        await resendButton(alice.page).click({ timeout: 5_000 });
      if (await jump.isVisible()) await jump.click({ timeout: 5_000 });
      await expect(messageLog(bob.page).getByText(text)).toBeVisible({ timeout: 10_000 });
    }).toPass({ timeout: 120_000 });
    await expect(resendButton(alice.page)).toHaveCount(0, { timeout: 30_000 });
    await expect(messageLog(bob.page).getByText(text)).toHaveCount(1);
    await expect(messageLog(alice.page).getByText(text)).toHaveCount(1);
    // Still signed in, nothing typed is lost, and no page error on the way.
    await expectShell(alice.page);
    await composer(alice.page).fill('still typing');
    await expect(composer(alice.page)).toHaveValue('still typing');
    expect(aliceErrors.filter((line) => line.startsWith('pageerror'))).toEqual([]);
  });
});

test('a clean sign-in and a chat both ways log no console error and no page error', async ({ browser }) => {
  test.setTimeout(180_000);
  // Fresh contexts: the first sign-in of a browser, recorded from its first request.
  const alice = await newUserPage(browser);
  const bob = await newUserPage(browser);
  const aliceErrors = recordErrors(alice.page);
  const bobErrors = recordErrors(bob.page);
  await signInPatiently(alice.page, 'alice');
  await signInPatiently(bob.page, 'bob');
  await openConversation(alice.page, 'bob');
  await openConversation(bob.page, 'alice');
  const hello = unique('hello bob');
  await sendFromComposer(alice.page, hello);
  await expect(messageLog(bob.page).getByText(hello)).toBeVisible({ timeout: 30_000 });
  const reply = unique('hello alice');
  await sendFromComposer(bob.page, reply);
  await expect(messageLog(alice.page).getByText(reply)).toBeVisible({ timeout: 30_000 });
  await expect(messageLog(alice.page).getByText(hello)).toBeVisible();
  expect({ alice: aliceErrors, bob: bobErrors }).toEqual({ alice: [], bob: [] });
});
