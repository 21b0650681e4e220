import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { messageLog } from './users';

/** Steps of the wallet tests that more than one file takes. */

export const redPacketBubble = (page: Page, greeting: string): Locator =>
  messageLog(page).getByRole('button', { name: new RegExp(`^Red packet.*: ${greeting}$`) });

/** The dialog a red packet's bubble opens. */
export const packetDialog = (page: Page): Locator => page.getByRole('dialog', { name: /^Red packet from/ });

interface LedgerRecord {
  readonly id: string;
  readonly type: number;
  readonly remark: string;
  readonly balance: number;
}

/** The signed-in user's balance and ledger as the wallet API answers them (cents). */
export async function ledger(page: Page): Promise<{ balance: number; records: readonly LedgerRecord[] }> {
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

/** An amount as the screens show it (`¥1.23`, `+1.23`), in cents. */
export const centsOf = (text: string): number => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

/**
 * Opens the account menu with all its items. The balance and "Scan to sign in" items come when the
 * deployment's answers arrive, shortly after a sign-in, and an open menu keeps the items it opened with
 * (so that nothing moves under the pointer). The test servers offer both.
 */
export async function openAccountMenu(page: Page): Promise<void> {
  const menu = page.getByRole('menu');
  // An open menu keeps the items it opened with: one opened before those answers is opened again.
  await expect(async () => {
    if (await menu.isVisible()) await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'My account' }).click();
    await expect(menu.getByRole('menuitem', { name: 'My balance' })).toBeVisible({ timeout: 5_000 });
    await expect(menu.getByRole('menuitem', { name: 'Scan to sign in' })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
}

export async function accountMenu(page: Page, item: string): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: item }).click();
}

/** Opens My balance and returns the dialog once the balance shows. */
export async function openBalance(page: Page): Promise<Locator> {
  await accountMenu(page, 'My balance');
  const dialog = page.getByRole('dialog', { name: 'My balance' });
  await expect(dialog.getByText(/^¥\d+\.\d{2}$/)).toBeVisible({ timeout: 15_000 });
  return dialog;
}

/** The balance the open My balance dialog shows (cents). */
export async function shownBalance(dialog: Locator): Promise<number> {
  return centsOf(await dialog.getByText(/^¥\d+\.\d{2}$/).innerText());
}

/** Opens a packet's dialog afresh (a new dialog asks the server again). */
export async function reopenPacket(page: Page, packet: Locator): Promise<void> {
  const dialog = packetDialog(page);
  if (await dialog.isVisible()) {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  await packet.click();
}

/** Types `pin` into the six single-digit boxes of the group named `label`, starting at the first. */
export async function typePin(scope: Locator, label: string, pin: string): Promise<void> {
  const group = scope.getByRole('group', { name: label });
  await group.getByRole('textbox', { name: `${label}: digit 1 of 6` }).click();
  await scope.page().keyboard.type(pin);
}

export interface RedPacketForm {
  readonly amount: string;
  /** The number of shares of a group packet; left out for a one-to-one packet. */
  readonly count?: string;
  readonly greeting: string;
  readonly pin: string;
}

/**
 * Fills the send modal of the open chat and enters the pay password; returns the pay-password dialog,
 * which closes on success and shows the server's message otherwise. A screenshot of the filled form is
 * kept with the test's output.
 */
export async function sendRedPacket(page: Page, form: RedPacketForm): Promise<Locator> {
  await page.getByRole('button', { name: 'Send a red packet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a red packet' });
  await dialog.getByRole('textbox', { name: /Amount|Total amount/ }).fill(form.amount);
  if (form.count !== undefined)
    await dialog.getByRole('textbox', { name: /Number of packets/ }).fill(form.count);
  await dialog.getByRole('textbox', { name: 'Greeting' }).fill(form.greeting);
  await page.screenshot({
    path: test.info().outputPath(`send-${form.count === undefined ? 'single' : 'group'}.png`),
  });
  await dialog.getByRole('button', { name: 'Put money in' }).click();
  const pay = page.getByRole('dialog', { name: 'Enter your pay password' });
  await typePin(pay, 'Pay password', form.pin);
  return pay;
}

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * A demo server of the test's own, in memory on a random port, started with extra flags (e.g. red packets
 * that expire after a few seconds; the shared server keeps them 24 h). Stop it when the test ends.
 */
export async function ownDemoServer(flags: readonly string[]): Promise<{ url: string; stop: () => void }> {
  const port = 20_000 + Math.floor(Math.random() * 40_000);
  const child: ChildProcess = spawn(
    'node_modules/.bin/tsx',
    [
      'apps/server/src/main.ts',
      '--memory',
      '--port',
      String(port),
      '--seed',
      'demo',
      '--log-level',
      'warn',
      ...flags,
    ],
    { cwd: repo, stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  await expect(async () => {
    expect((await fetch(`${url}/healthz`)).ok).toBe(true);
  }).toPass({ timeout: 60_000 });
  return { url, stop: () => child.kill('SIGTERM') };
}
