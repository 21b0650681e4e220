import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { messageLog } from './users';

/** Steps of the wallet tests that more than one file takes. */

export const redPacketBubble = (page: Page, greeting: string): Locator =>
  messageLog(page).getByRole('button', { name: new RegExp(`^Red packet.*: ${greeting}$`) });

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
