import { expect, test, type Browser, type Page } from './fixtures';
import { newUserPage, openConversation, settledViolations, signIn, type UserPage } from './support/users';
import {
  accountMenu,
  centsOf,
  ledger,
  openBalance,
  packetDialog,
  redPacketBubble as bubble,
  sendRedPacket as fillAndPay,
  shownBalance,
  typePin,
} from './support/wallet';

// The wallet through the real stack: pay password, red packets one-to-one and in the group, opened from
// three browsers, every balance on screen checked against the server's ledger (read through its API); who
// received what from a group packet; what the sender of a packet sees. alice, bob and carol (in the dark
// theme) sign in once and share their sessions across the steps; each step reads the balances it checks
// afresh. The expiry of packets needs a server of its own: wallet-expiry.e2e.ts.

const seriousViolations = settledViolations;

const yuan = (cents: number): string => (cents / 100).toFixed(2);

/** Opens the red packet with `greeting` and returns the amount received (cents). */
async function openPacket(page: Page, greeting: string): Promise<number> {
  await bubble(page, greeting).last().click();
  const dialog = packetDialog(page);
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(dialog.getByText('You received')).toBeVisible({ timeout: 15_000 });
  const amount = centsOf(await dialog.getByText(/^¥\d+\.\d{2}$/).innerText());
  await page.keyboard.press('Escape');
  return amount;
}

/** Sends a red packet from bob's open chat; the demo seed gives bob the pay password 123456. */
async function sendAsBob(
  page: Page,
  form: { readonly amount: string; readonly count?: string; readonly greeting: string },
): Promise<void> {
  await expect(await fillAndPay(page, { ...form, pin: '123456' })).toBeHidden({ timeout: 15_000 });
}

/** alice, bob and carol signed in one after the other (three at once outlast the wait on a loaded machine). */
async function users(browser: Browser): Promise<UserPage[]> {
  const pages: UserPage[] = [];
  for (const name of ['alice', 'bob', 'carol']) {
    const u = await newUserPage(browser, { colorScheme: name === 'carol' ? 'dark' : 'light' });
    await signIn(u.page, name);
    pages.push(u);
  }
  return pages;
}

test('the wallet between alice, bob and carol: pay password, packets, who received what, what the sender sees', async ({
  browser,
}) => {
  // Three former tests' steps one after the other, each up to a few minutes on a loaded machine.
  test.setTimeout(540_000);
  const [alice, bob, carol] = await users(browser);

  await test.step('pay password, one-to-one and group red packets opened at once; every balance equals the ledger', async () => {
    const all = [alice!, bob!, carol!];
    const before = await Promise.all(all.map((u) => ledger(u.page)));
    const totalBefore = before.reduce((sum, l) => sum + l.balance, 0);

    // Alice has no pay password yet (demo seed): Account settings offers to set one.
    await accountMenu(alice!.page, 'Account settings');
    const settings = alice!.page.getByRole('dialog', { name: 'Account settings' });
    await settings.getByRole('button', { name: 'Set pay password' }).click();
    const pay = alice!.page.getByRole('dialog', { name: 'Set pay password' });
    await expect(pay.getByRole('group', { name: 'New pay password' })).toBeVisible();
    expect(await seriousViolations(alice!.page)).toEqual([]);
    await alice!.page.screenshot({ path: test.info().outputPath('pay-password.png') });
    await typePin(pay, 'New pay password', '246810');
    await typePin(pay, 'Confirm pay password', '246801');
    await expect(pay.getByRole('alert')).toHaveText('Passwords do not match');
    await typePin(pay, 'Confirm pay password', '246810');
    await expect(pay.getByText('Pay password saved')).toBeVisible();
    // Closed 1 s after success, back to Account settings, which now offers to change it.
    await expect(pay).toBeHidden({ timeout: 5_000 });
    await expect(settings.getByRole('button', { name: 'Change pay password' })).toBeVisible();
    await alice!.page.keyboard.press('Escape');

    // One-to-one: 5.20 to bob; a wrong pay password first.
    await openConversation(alice!.page, 'bob');
    const wrong = await fillAndPay(alice!.page, { amount: '5.20', greeting: 'for bob', pin: '000000' });
    await expect(wrong.getByText('Wrong pay password, 4 attempt(s) left', { exact: true })).toBeVisible();
    expect(await seriousViolations(alice!.page)).toEqual([]);
    await alice!.page.screenshot({ path: test.info().outputPath('pay-wrong.png') });
    await typePin(wrong, 'Pay password', '246810');
    await expect(wrong).toBeHidden({ timeout: 15_000 });
    await expect(bubble(alice!.page, 'for bob')).toBeVisible();

    // Insufficient balance: the server's message, back at the amount.
    await alice!.page.getByRole('button', { name: 'Send a red packet' }).click();
    const big = alice!.page.getByRole('dialog', { name: 'Send a red packet' });
    await big.getByRole('textbox', { name: /Amount/ }).fill('15000');
    await big.getByRole('button', { name: 'Put money in' }).click();
    await typePin(
      alice!.page.getByRole('dialog', { name: 'Enter your pay password' }),
      'Pay password',
      '246810',
    );
    await expect(big.getByText('insufficient balance')).toBeVisible({ timeout: 15_000 });
    await alice!.page.keyboard.press('Escape');

    // Group: 3.00 in 3 shares.
    await openConversation(alice!.page, 'Demo team');
    const group = await fillAndPay(alice!.page, {
      amount: '3',
      count: '3',
      greeting: 'for the team',
      pin: '246810',
    });
    await expect(group).toBeHidden({ timeout: 15_000 });

    // Bob opens his own; then bob and carol open the group's at the same time.
    await openConversation(bob!.page, 'alice');
    const bobOwn = await openPacket(bob!.page, 'for bob');
    expect(bobOwn).toBe(520);
    await bubble(bob!.page, 'for bob').last().click();
    await expect(bob!.page.getByText('You have already opened this red packet')).toBeVisible();
    expect(await seriousViolations(bob!.page)).toEqual([]);
    await bob!.page.screenshot({ path: test.info().outputPath('open-already.png') });
    await bob!.page.keyboard.press('Escape');
    await Promise.all([openConversation(bob!.page, 'Demo team'), openConversation(carol!.page, 'Demo team')]);
    const [bobShare, carolShare] = await Promise.all([
      openPacket(bob!.page, 'for the team'),
      openPacket(carol!.page, 'for the team'),
    ]);
    await expect(bubble(bob!.page, 'for the team').last()).toHaveAccessibleName(/Opened/);
    await bob!.page.screenshot({ path: test.info().outputPath('chat-bubbles.png') });

    // Every balance on screen equals the ledger; the logs show each movement.
    const after = await Promise.all(all.map((u) => ledger(u.page)));
    for (const [i, u] of all.entries()) {
      const dialog = await openBalance(u.page);
      expect(await shownBalance(dialog)).toBe(after[i]!.balance);
      // The ledger holds every movement since the demo top-up, so it sums to the balance.
      expect(after[i]!.records.reduce((sum, r) => sum + r.balance, 0)).toBe(after[i]!.balance);
      for (const record of after[i]!.records.slice(0, 2)) {
        await expect(
          dialog
            .getByRole('listitem')
            .filter({ hasText: (record.balance > 0 ? '+' : '') + yuan(record.balance) })
            .first(),
        ).toBeVisible();
      }
    }
    expect(after[0]!.balance).toBe(before[0]!.balance - 520 - 300);
    expect(after[1]!.balance).toBe(before[1]!.balance + 520 + bobShare);
    expect(after[2]!.balance).toBe(before[2]!.balance + carolShare);
    const unclaimed = 300 - bobShare - carolShare;
    expect(unclaimed).toBeGreaterThan(0);
    expect(after.reduce((s, l) => s + l.balance, 0) + unclaimed).toBe(totalBefore);
    expect(await seriousViolations(alice!.page)).toEqual([]);

    // The balance dialogs are left open by the loop above: closed for the next steps.
    for (const u of all) {
      await u.page.keyboard.press('Escape');
      await expect(u.page.getByRole('dialog', { name: 'My balance' })).toBeHidden();
    }
  });

  await test.step('a group packet shows who received what, n of m, then all opened', async () => {
    const greeting = `who got what ${Date.now() % 100_000}`;
    await openConversation(bob!.page, 'Demo team');
    await sendAsBob(bob!.page, { amount: '0.30', count: '2', greeting });

    await openConversation(carol!.page, 'Demo team');
    await bubble(carol!.page, greeting).last().click();
    const carolDialog = packetDialog(carol!.page);
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
    const aliceDialog = packetDialog(alice!.page);
    await aliceDialog.getByRole('button', { name: 'Open' }).click();
    const aliceList = aliceDialog.getByRole('list', { name: 'Who received what' });
    await expect(aliceList.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
    await expect(aliceList.getByRole('listitem').nth(0)).toHaveAccessibleName(/^carol, /);
    await expect(aliceList.getByRole('listitem').nth(1)).toHaveAccessibleName(/^alice \(you\), /);
    await expect(aliceDialog.getByText('All 2 packets opened, 0.30 yuan in all')).toBeVisible();
    expect(await settledViolations(alice!.page)).toEqual([]);

    // The sender sees the list too, though bob took no share (carol's screen is the dark theme).
    await bubble(bob!.page, greeting).last().click();
    const bobDialog = packetDialog(bob!.page);
    await bobDialog.getByRole('button', { name: 'Open' }).click();
    await expect(bobDialog.getByText('Too late: all the packets have been taken')).toBeVisible({
      timeout: 15_000,
    });
    await expect(
      bobDialog.getByRole('list', { name: 'Who received what' }).getByRole('listitem'),
    ).toHaveCount(2);
    await bob!.page.screenshot({ path: test.info().outputPath('claims-light.png') });
    expect(await settledViolations(bob!.page)).toEqual([]);
    // The three dialogs closed for the next step.
    for (const u of [alice!, bob!, carol!]) {
      await u.page.keyboard.press('Escape');
      await expect(packetDialog(u.page)).toBeHidden();
    }
  });

  await test.step('bob sees his packet to alice waiting, then opened by alice with the time; a group packet shows who got how much', async () => {
    const greeting = `for alice only ${Date.now() % 100_000}`;
    await openConversation(bob!.page, 'alice');
    await sendAsBob(bob!.page, { amount: '0.52', greeting });

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
    await sendAsBob(bob!.page, { amount: '0.30', count: '2', greeting: team });
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
    await bob!.page.keyboard.press('Escape');
  });

  for (const u of [alice!, bob!, carol!]) await u.context.close();
});
