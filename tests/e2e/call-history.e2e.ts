/**
 * The call history through the product's UI (left navigation's Calls): each outcome of a one-to-one call on
 * both sides, the missed filter and badge, call back; and bob signed in on two devices, where answering on
 * one stops the other's ringing and its history says the call was handled on another device. Calls go
 * through a real LiveKit SFU (started as for calls-ui.e2e.ts) with Chromium's fake microphone.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from './fixtures';
import { newUserPage, openConversation, signIn, type UserPage } from './support/users';

test.skip(
  (process.env['LIVEKIT_URL'] ?? '') === '',
  'no LiveKit SFU (npm test starts one; or run `node scripts/livekit.mjs install`)',
);
// Two or three clients sync and call each other several times on a shared 2-core machine.
test.setTimeout(300_000);

/** The Linux desktop's OpenIM platform id: a second device of a user beside the web one (platform 5). */
const SECOND_DEVICE_PLATFORM = 7;

async function user(
  browser: Browser,
  name: string,
  config: Record<string, unknown> = {},
  platform?: number,
): Promise<UserPage> {
  const opened = await newUserPage(browser);
  await opened.context.grantPermissions(['camera', 'microphone']);
  await opened.context.route('**/config.json', (route) => route.fulfill({ json: config }));
  // Call signals are online-only: a user rings only once the IM connection is up.
  const connected = new Promise<void>((resolve) => {
    opened.page.on('websocket', (ws) => {
      if (new URL(ws.url()).pathname.endsWith('/ws')) ws.once('framereceived', () => resolve());
    });
  });
  await signIn(opened.page, name, platform === undefined ? {} : { platform });
  await connected;
  return opened;
}

const overlay = (page: Page): Locator => page.getByRole('dialog', { name: 'Voice call' });
const callButton = (page: Page): Locator =>
  page.getByRole('group', { name: 'Conversation actions' }).getByRole('button', { name: 'Voice call' });
const callsLink = (page: Page): Locator =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Calls/ });
const historyRows = (page: Page): Locator =>
  page.getByRole('list', { name: 'Call history' }).getByRole('listitem');

async function openHistory(page: Page): Promise<void> {
  await callsLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calls' })).toBeVisible();
}

/** Each row as "direction | text", newest first. */
async function rowsOf(page: Page): Promise<string[]> {
  const rows = historyRows(page);
  const texts: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const direction = (await row.getByRole('img').getAttribute('aria-label')) ?? '';
    texts.push(`${direction} | ${(await row.innerText()).replace(/\s+/g, ' ').trim()}`);
  }
  return texts;
}

async function closeAll(...users: UserPage[]): Promise<void> {
  for (const u of users) {
    const button = u.page.getByRole('button', { name: /^(Hang up|Cancel|Reject)$/ });
    if (await button.isVisible().catch(() => false)) await button.click().catch(() => undefined);
  }
  await Promise.race([
    Promise.all(users.map((u) => u.context.close())),
    new Promise((resolve) => setTimeout(resolve, 15_000)),
  ]);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('each outcome on both sides, newest first with its direction; the missed filter, the badge and call back', async ({
  browser,
}, testInfo) => {
  // config.json shortens the ring to 10 s, so "no answer" comes soon.
  const alice = await user(browser, 'alice', { callTimeoutSeconds: 10 });
  const bob = await user(browser, 'bob');
  try {
    await openConversation(alice.page, 'bob');
    const aliceCall = overlay(alice.page);
    const bobCall = overlay(bob.page);
    const closed = async () => {
      await expect(aliceCall).toHaveCount(0, { timeout: 30_000 });
      await expect(bobCall).toHaveCount(0, { timeout: 30_000 });
    };
    const ring = async () => {
      await callButton(alice.page).click();
      await expect(bobCall.getByRole('status')).toHaveText('Incoming voice call', { timeout: 30_000 });
    };

    // Answered, then alice hangs up.
    await ring();
    await bobCall.getByRole('button', { name: 'Answer' }).click();
    // Connected (the timer runs): a call hung up while still connecting was never answered.
    await expect(aliceCall.getByRole('status')).toHaveText(/^\d\d:\d\d$/, { timeout: 30_000 });
    await expect(bobCall.getByRole('status')).toHaveText(/^\d\d:\d\d$/, { timeout: 30_000 });
    await aliceCall.getByRole('button', { name: 'Hang up' }).click();
    await closed();
    // Declined by bob, cancelled by alice, and left to ring out.
    await ring();
    await bobCall.getByRole('button', { name: 'Reject' }).click();
    await closed();
    await ring();
    await aliceCall.getByRole('button', { name: 'Cancel' }).click();
    await closed();
    await ring();
    await closed();

    // bob missed two calls: the navigation says so before he looks.
    await expect(callsLink(bob.page)).toHaveAccessibleName(/2 missed/, { timeout: 15_000 });
    await expect(callsLink(alice.page)).toHaveAccessibleName('Calls');
    await openHistory(bob.page);
    await expect(historyRows(bob.page)).toHaveCount(4);
    const bobRows = await rowsOf(bob.page);
    expect(bobRows.map((r) => r.replace(/ (Just now|Today.*)$/, ''))).toEqual([
      'Incoming | alice Voice call · Missed',
      'Incoming | alice Voice call · Missed',
      'Incoming | alice Voice call · Declined',
      expect.stringMatching(/^Incoming \| alice Voice call · Answered · 00:0\d$/),
    ]);
    await expect(callsLink(bob.page)).toHaveAccessibleName('Calls');
    await bob.page.screenshot({ path: testInfo.outputPath('call-history-bob.png') });
    expect(await seriousViolations(bob.page)).toEqual([]);
    await bob.page.getByRole('button', { name: 'Missed', exact: true }).click();
    await expect(historyRows(bob.page)).toHaveCount(2);
    await expect(historyRows(bob.page).first()).toContainText('Missed');

    await openHistory(alice.page);
    await expect(historyRows(alice.page)).toHaveCount(4);
    const aliceRows = await rowsOf(alice.page);
    expect(aliceRows.map((r) => r.replace(/ (Just now|Today.*)$/, ''))).toEqual([
      'Outgoing | bob Voice call · No answer',
      'Outgoing | bob Voice call · Cancelled',
      'Outgoing | bob Voice call · Declined',
      expect.stringMatching(/^Outgoing \| bob Voice call · Answered · 00:0\d$/),
    ]);
    await alice.page.getByRole('button', { name: 'Missed', exact: true }).click();
    await expect(alice.page.getByText('No missed calls')).toBeVisible();

    // Call back from bob's history rings alice with a voice call.
    await bob.page.getByRole('button', { name: 'Call alice back' }).first().click();
    await expect(aliceCall.getByRole('status')).toHaveText('Incoming voice call', { timeout: 30_000 });
    await aliceCall.getByRole('button', { name: 'Reject' }).click();
    await closed();
    await alice.page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(historyRows(alice.page).first()).toContainText('Declined', {
      timeout: 15_000,
    });
    await expect(historyRows(alice.page).first().getByRole('img', { name: 'Incoming' })).toBeVisible();
  } finally {
    await closeAll(alice, bob);
  }
});

test('bob signed in twice: answering on one device stops the other ringing, whose history says handled on another device', async ({
  browser,
}) => {
  const alice = await user(browser, 'alice');
  const bobDesk = await user(browser, 'bob');
  const bobLaptop = await user(
    browser,
    'bob',
    { platformID: SECOND_DEVICE_PLATFORM },
    SECOND_DEVICE_PLATFORM,
  );
  try {
    await openConversation(alice.page, 'bob');
    await callButton(alice.page).click();
    for (const bob of [bobDesk, bobLaptop])
      await expect(overlay(bob.page).getByRole('status')).toHaveText('Incoming voice call', {
        timeout: 30_000,
      });
    await overlay(bobDesk.page).getByRole('button', { name: 'Answer' }).click();
    await expect(overlay(bobLaptop.page)).toHaveCount(0, { timeout: 30_000 });
    // The toast (Fluent also repeats it in a live region for screen readers).
    await expect(bobLaptop.page.getByText('Handled on another device').first()).toBeVisible();
    await expect(overlay(alice.page).getByRole('status')).toHaveText(/^\d\d:\d\d$/, { timeout: 30_000 });
    await overlay(alice.page).getByRole('button', { name: 'Hang up' }).click();
    await expect(overlay(bobDesk.page)).toHaveCount(0, { timeout: 30_000 });

    await openHistory(bobLaptop.page);
    // The newest entry (the worker's server also holds the calls of the test before).
    await expect(historyRows(bobLaptop.page).first()).toContainText(
      'Voice call · Handled on another device',
      {
        timeout: 15_000,
      },
    );
    // Nothing was missed on either device.
    await expect(callsLink(bobLaptop.page)).toHaveAccessibleName('Calls');
    await openHistory(bobDesk.page);
    await expect(historyRows(bobDesk.page).first()).toContainText(/Voice call · Answered · 00:\d\d/, {
      timeout: 15_000,
    });
  } finally {
    await closeAll(alice, bobDesk, bobLaptop);
  }
});
