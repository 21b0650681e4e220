import { expect, test, type Browser, type Page } from './fixtures';
import { newUserPage, openConversation, settledViolations, signIn, type UserPage } from './support/users';
import { ownDemoServer, redPacketBubble as bubble, sendRedPacket as fillAndPay } from './support/wallet';

// The rest of the wallet: who received what from a group packet, and the sender's balance following a refund
// while the balance screen stays open.

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
    names.map(async (_, i) => {
      if (baseURL === undefined) return newUserPage(browser, { colorScheme: i === 1 ? 'dark' : 'light' });
      const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 800 } });
      const page = await context.newPage();
      await page.addInitScript(() => window.localStorage.setItem('IM_LOCALE', 'en-US'));
      return { context, page };
    }),
  );
  await Promise.all(pages.map((u, i) => signIn(u.page, names[i]!)));
  return pages;
}

test('a group packet shows who received what, n of m, then all opened', async ({ browser }) => {
  const [bob, carol, alice] = await users(browser, ['bob', 'carol', 'alice']);
  const greeting = `who got what ${Date.now() % 100_000}`;
  await openConversation(bob!.page, 'Demo team');
  await sendRedPacket(bob!.page, { amount: '0.30', count: '2', greeting });

  await openConversation(carol!.page, 'Demo team');
  await bubble(carol!.page, greeting).last().click();
  const carolDialog = carol!.page.getByRole('dialog', { name: /^Red packet from/ });
  await carolDialog.getByRole('button', { name: 'Open' }).click();
  await expect(carolDialog.getByText('You received')).toBeVisible({ timeout: 15_000 });
  const carolList = carolDialog.getByRole('list', { name: 'Who received what' });
  await expect(carolList.getByRole('listitem')).toHaveCount(1);
  await expect(carolList.getByRole('listitem').first()).toHaveAccessibleName(
    /^carol \(you\), \d+\.\d\d yuan, \d{4}-\d\d-\d\d \d\d:\d\d$/,
  );
  await expect(carolDialog.getByText(/^1 of 2 opened, \d+\.\d\d of 0\.30 yuan$/)).toBeVisible();
  await carol!.page.screenshot({ path: test.info().outputPath('claims-dark.png') });

  await openConversation(alice!.page, 'Demo team');
  await bubble(alice!.page, greeting).last().click();
  const aliceDialog = alice!.page.getByRole('dialog', { name: /^Red packet from/ });
  await aliceDialog.getByRole('button', { name: 'Open' }).click();
  const aliceList = aliceDialog.getByRole('list', { name: 'Who received what' });
  await expect(aliceList.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
  await expect(aliceList.getByRole('listitem').nth(0)).toHaveAccessibleName(/^carol, /);
  await expect(aliceList.getByRole('listitem').nth(1)).toHaveAccessibleName(/^alice \(you\), /);
  await expect(aliceDialog.getByText('All 2 packets opened, 0.30 yuan in all')).toBeVisible();
  expect(await settledViolations(alice!.page)).toEqual([]);

  // The sender sees the list too, though bob took no share (carol's screen is the dark theme).
  await bubble(bob!.page, greeting).last().click();
  const bobDialog = bob!.page.getByRole('dialog', { name: /^Red packet from/ });
  await bobDialog.getByRole('button', { name: 'Open' }).click();
  await expect(bobDialog.getByText('Too late: all the packets have been taken')).toBeVisible({
    timeout: 15_000,
  });
  await expect(bobDialog.getByRole('list', { name: 'Who received what' }).getByRole('listitem')).toHaveCount(
    2,
  );
  await bob!.page.screenshot({ path: test.info().outputPath('claims-light.png') });
  expect(await settledViolations(bob!.page)).toEqual([]);
  for (const u of [bob!, carol!, alice!]) await u.context.close();
});

test('the refund of an expired packet shows in the open balance screen, without reopening it', async ({
  browser,
}) => {
  // Red packets that expire after a few seconds, refunded every second.
  const server = await ownDemoServer(['--red-packet-expiry-seconds', '5', '--red-packet-sweep-seconds', '1']);
  try {
    const [bob] = await users(browser, ['bob'], server.url);
    const page = bob!.page;
    await openConversation(page, 'Demo team');
    await sendRedPacket(page, { amount: '1.23', count: '3', greeting: 'nobody opens this' });
    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('menuitem', { name: 'My balance' }).click();
    const dialog = page.getByRole('dialog', { name: 'My balance' });
    const sent = dialog.getByRole('listitem').filter({ hasText: '-1.23' });
    await expect(sent.first()).toBeVisible({ timeout: 15_000 });
    const shown = await dialog.getByText(/^¥\d+\.\d{2}$/).innerText();
    // No click, no reopening: the screen's own poll (every 30 s) brings the refund the sweeper made.
    await expect(dialog.getByRole('listitem').filter({ hasText: 'red packet refund' })).toContainText(
      '+1.23',
      {
        timeout: 90_000,
      },
    );
    const after = await dialog.getByText(/^¥\d+\.\d{2}$/).innerText();
    expect(Math.round(Number(after.slice(1)) * 100) - Math.round(Number(shown.slice(1)) * 100)).toBe(123);
    await page.screenshot({ path: test.info().outputPath('refund-live.png') });
    await bob!.context.close();
  } finally {
    server.stop();
  }
});
