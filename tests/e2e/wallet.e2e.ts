import { expect, test, type Browser, type Locator, type Page } from './fixtures';
import { newUserPage, openConversation, settledViolations, signIn, type UserPage } from './support/users';
import { ownDemoServer, redPacketBubble as bubble, sendRedPacket, typePin } from './support/wallet';

// The wallet through the real stack: pay password, red packets one-to-one and in the group, opened from
// three browsers, every balance on screen checked against the server's ledger (read through its API).

test.describe.configure({ timeout: 240_000 });

interface LedgerRecord {
  readonly id: string;
  readonly type: number;
  readonly remark: string;
  readonly balance: number;
}

/** The signed-in user's balance and ledger as the wallet API answers them (cents). */
async function ledger(page: Page): Promise<{ balance: number; records: readonly LedgerRecord[] }> {
  return page.evaluate(async () => {
    const headers = { token: window.sessionStorage.getItem('IM_CHAT_TOKEN') ?? '' };
    const balance = (await (await fetch('/chat/app/user/balance/log/balance', { headers })).json()) as {
      data: number;
    };
    const log = (await (
      await fetch('/chat/app/user/balance/log/log?current=1&size=100', { headers })
    ).json()) as {
      data: { records: LedgerRecord[] };
    };
    return { balance: balance.data, records: log.data.records };
  });
}

const seriousViolations = settledViolations;

const yuan = (cents: number): string => (cents / 100).toFixed(2);
const centsOf = (text: string): number => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

async function accountMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Opens My balance and returns the dialog once the balance shows. */
async function openBalance(page: Page): Promise<Locator> {
  await accountMenu(page, 'My balance');
  const dialog = page.getByRole('dialog', { name: 'My balance' });
  await expect(dialog.getByText(/^¥\d+\.\d{2}$/)).toBeVisible({ timeout: 15_000 });
  return dialog;
}

async function shownBalance(dialog: Locator): Promise<number> {
  return centsOf(await dialog.getByText(/^¥\d+\.\d{2}$/).innerText());
}

/** Opens the red packet with `greeting` and returns the amount received (cents). */
async function openPacket(page: Page, greeting: string): Promise<number> {
  await bubble(page, greeting).last().click();
  const dialog = page.getByRole('dialog', { name: /^Red packet from/ });
  await dialog.getByRole('button', { name: 'Open' }).click();
  await expect(dialog.getByText('You received')).toBeVisible({ timeout: 15_000 });
  const amount = centsOf(await dialog.getByText(/^¥\d+\.\d{2}$/).innerText());
  await page.keyboard.press('Escape');
  return amount;
}

async function users(browser: Browser, names: readonly string[]): Promise<UserPage[]> {
  const pages = await Promise.all(names.map(() => newUserPage(browser)));
  await Promise.all(pages.map((u, i) => signIn(u.page, names[i]!)));
  return pages;
}

test('pay password, one-to-one and group red packets opened at once; every balance equals the ledger', async ({
  browser,
}) => {
  const [alice, bob, carol] = await users(browser, ['alice', 'bob', 'carol']);
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
  const wrong = await sendRedPacket(alice!.page, { amount: '5.20', greeting: 'for bob', pin: '000000' });
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
  const group = await sendRedPacket(alice!.page, {
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

  for (const u of all) await u.context.close();
});

test('an expired red packet says so when opened, and its refund is in the balance log of the sender', async ({
  browser,
}) => {
  // The shared server keeps red packets 24 h.
  const server = await ownDemoServer(['--red-packet-expiry-seconds', '4']);
  try {
    const open = async (name: string) => {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 1366, height: 800 },
      });
      const page = await context.newPage();
      await page.addInitScript(() => window.localStorage.setItem('IM_LOCALE', 'en-US'));
      await signIn(page, name);
      return { context, page };
    };
    const bob = await open('bob');
    const carol = await open('alice');
    // Demo seed: bob has the pay password 123456.
    await openConversation(bob.page, 'alice');
    const pay = await sendRedPacket(bob.page, { amount: '1.23', greeting: 'too late', pin: '123456' });
    await expect(pay).toBeHidden({ timeout: 15_000 });
    await openConversation(carol.page, 'bob');
    await expect(bubble(carol.page, 'too late')).toBeVisible({ timeout: 15_000 });
    // The packet's lifetime on this server is 4 s; waiting it out is the point of the test.
    await carol.page.waitForTimeout(5_000);
    await bubble(carol.page, 'too late').last().click();
    const dialog = carol.page.getByRole('dialog', { name: /^Red packet from/ });
    await dialog.getByRole('button', { name: 'Open' }).click();
    // "This red packet has expired", or, once the packet's detail has come, the same with its lifetime.
    await expect(dialog.getByText(/^This red packet (has expired|expired 4 seconds after)/)).toBeVisible({
      timeout: 15_000,
    });
    await carol.page.keyboard.press('Escape');

    const balance = await openBalance(bob.page);
    await expect(balance.getByRole('listitem').filter({ hasText: 'red packet refund' })).toContainText(
      '+1.23',
    );
    expect(await shownBalance(balance)).toBe((await ledger(bob.page)).balance);
    await bob.context.close();
    await carol.context.close();
  } finally {
    server.stop();
  }
});
