import { expect, test, type Browser, type Locator, type Page } from './fixtures';
import { newUserPage, openConversation, settledViolations, signIn, type UserPage } from './support/users';
import { ownDemoServer, redPacketBubble as bubble, sendRedPacket as fillAndPay } from './support/wallet';

// What the sender of a red packet sees: a one-to-one packet is never offered to its sender to open; the
// sender sees it waiting, then who opened it and when; a group packet shows who got how much. The expiry
// texts say the lifetime the server was configured with.

test.describe.configure({ timeout: 240_000 });

/** Sends a red packet from the open chat; the demo seed gives bob the pay password 123456. */
async function sendRedPacket(
  page: Page,
  form: { readonly amount: string; readonly count?: string; readonly greeting: string },
): Promise<void> {
  await expect(await fillAndPay(page, { ...form, pin: '123456' })).toBeHidden({ timeout: 15_000 });
}

async function users(browser: Browser, names: readonly string[], baseURL?: string): Promise<UserPage[]> {
  const pages = await Promise.all(
    names.map(async () => {
      if (baseURL === undefined) return newUserPage(browser);
      const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript(() => window.localStorage.setItem('IM_LOCALE', 'en-US'));
      return { context, page };
    }),
  );
  // One after the other: three sign-ins at once outlast the sign-in helper's wait on a loaded machine.
  for (const [i, u] of pages.entries()) await signIn(u.page, names[i]!);
  return pages;
}

const packetDialog = (page: Page) => page.getByRole('dialog', { name: /^Red packet from/ });

/** Opens a packet's dialog afresh (a new dialog asks the server again). */
async function reopen(page: Page, packet: Locator): Promise<void> {
  const dialog = packetDialog(page);
  if (await dialog.isVisible()) {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  await packet.click();
}

test('bob sees his packet to alice waiting, then opened by alice with the time; a group packet shows who got how much', async ({
  browser,
}) => {
  const [bob, alice, carol] = await users(browser, ['bob', 'alice', 'carol']);
  const greeting = `for alice only ${Date.now() % 100_000}`;
  await openConversation(bob!.page, 'alice');
  await sendRedPacket(bob!.page, { amount: '0.52', greeting });

  await bubble(bob!.page, greeting).last().click();
  let bobDialog = packetDialog(bob!.page);
  await expect(bobDialog.getByText(/^Waiting to be opened; it can be opened for 24 hours/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(bobDialog.getByText('0.52 yuan')).toBeVisible();
  await expect(bobDialog.getByRole('button', { name: 'Open' })).toHaveCount(0);
  await bob!.page.screenshot({ path: test.info().outputPath('sender-waiting.png') });
  expect(await settledViolations(bob!.page)).toEqual([]);
  await bob!.page.keyboard.press('Escape');
  await expect(bobDialog).toBeHidden();

  await openConversation(alice!.page, 'bob');
  await bubble(alice!.page, greeting).last().click();
  const aliceDialog = packetDialog(alice!.page);
  await aliceDialog.getByRole('button', { name: 'Open' }).click();
  await expect(aliceDialog.getByText('You received')).toBeVisible({ timeout: 15_000 });
  await expect(aliceDialog.getByText('¥0.52')).toBeVisible();
  await alice!.page.keyboard.press('Escape');
  await expect(aliceDialog).toBeHidden();

  await bubble(bob!.page, greeting).last().click();
  bobDialog = packetDialog(bob!.page);
  await expect(bobDialog.getByText(/^Opened by alice at \d{4}-\d\d-\d\d \d\d:\d\d$/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(bobDialog.getByRole('button', { name: 'Open' })).toHaveCount(0);
  await bob!.page.screenshot({ path: test.info().outputPath('sender-opened.png') });
  await bob!.page.keyboard.press('Escape');
  await expect(bobDialog).toBeHidden();

  // A group packet: the sender sees who got how much without opening a share himself.
  const team = `team packet ${Date.now() % 100_000}`;
  await openConversation(bob!.page, 'Demo team');
  await sendRedPacket(bob!.page, { amount: '0.30', count: '2', greeting: team });
  for (const u of [alice!, carol!]) {
    await openConversation(u.page, 'Demo team');
    await bubble(u.page, team).last().click();
    const dialog = packetDialog(u.page);
    await dialog.getByRole('button', { name: 'Open' }).click();
    await expect(dialog.getByText('You received')).toBeVisible({ timeout: 15_000 });
    await u.page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  await bubble(bob!.page, team).last().click();
  bobDialog = packetDialog(bob!.page);
  const list = bobDialog.getByRole('list', { name: 'Who received what' });
  await expect(list.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
  await expect(list.getByRole('listitem').nth(0)).toHaveAccessibleName(
    /^alice, \d+\.\d\d yuan, \d{4}-\d\d-\d\d \d\d:\d\d$/,
  );
  await expect(list.getByRole('listitem').nth(1)).toHaveAccessibleName(/^carol, \d+\.\d\d yuan, /);
  await expect(bobDialog.getByText('All 2 packets opened, 0.30 yuan in all')).toBeVisible();
  await bob!.page.screenshot({ path: test.info().outputPath('sender-group.png') });
  for (const u of [bob!, alice!, carol!]) await u.context.close();
});

test('the expiry texts say the lifetime the server was configured with, and the sender sees the refund', async ({
  browser,
}) => {
  const server = await ownDemoServer(['--red-packet-expiry-seconds', '5', '--red-packet-sweep-seconds', '1']);
  try {
    const [bob, alice] = await users(browser, ['bob', 'alice'], server.url);
    await openConversation(bob!.page, 'alice');
    await sendRedPacket(bob!.page, { amount: '0.40', greeting: 'too slow' });
    await bubble(bob!.page, 'too slow').last().click();
    const bobDialog = packetDialog(bob!.page);
    // A loaded machine can take longer than the 5 s lifetime to open the dialog; then the refund shows
    // instead. The configured lifetime reaching the client is proven by alice's text below either way.
    await expect(
      bobDialog
        .getByText(/it can be opened for 5 seconds/)
        .or(bobDialog.getByText(/^Expired without being opened/)),
    ).toBeVisible({ timeout: 15_000 });
    await bob!.page.keyboard.press('Escape');

    // The sender learns of the expiry from the server (it sweeps every second): waiting on that state, not
    // on the clock, keeps alice from opening the packet before it expired on a fast machine.
    await expect(async () => {
      await reopen(bob!.page, bubble(bob!.page, 'too slow').last());
      const dialog = packetDialog(bob!.page);
      await expect(
        dialog.getByText('Expired without being opened; 0.40 yuan went back to your balance'),
      ).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    await bob!.page.screenshot({ path: test.info().outputPath('sender-refunded.png') });

    await openConversation(alice!.page, 'bob');
    const aliceBubble = bubble(alice!.page, 'too slow').last();
    await expect(aliceBubble).toBeVisible({ timeout: 15_000 });
    // The server has refunded it, so alice's first open is past the expiry, however slow the machine:
    // it tells her with the configured lifetime.
    await expect(async () => {
      await reopen(alice!.page, aliceBubble);
      const dialog = packetDialog(alice!.page);
      const open = dialog.getByRole('button', { name: 'Open' });
      if (await open.isVisible()) await open.click();
      await expect(
        dialog.getByText('This red packet expired 5 seconds after it was sent', { exact: false }),
      ).toBeVisible({
        timeout: 3_000,
      });
    }).toPass({ timeout: 60_000 });
    await expect(alice!.page.getByText(/24 hours/)).toHaveCount(0);
    await alice!.page.keyboard.press('Escape');

    for (const u of [bob!, alice!]) await u.context.close();
  } finally {
    server.stop();
  }
});
