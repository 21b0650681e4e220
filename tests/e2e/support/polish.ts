import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

/** The screenshots of the polish tests: each one keeps a picture of what it checks. */
const shots = join(resolve(dirname(fileURLToPath(import.meta.url)), '../../..'), 'test-results', 'polish');

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: join(shots, `${name}.png`) });
}

/** The contacts page from the main navigation, and one of its sections when given. */
export async function openContacts(page: Page, section?: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Contacts/ })
    .click();
  await expect(page).toHaveURL(/\/contact/);
  if (section !== undefined) {
    await page.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: section }).click();
  }
}

/** Back to the chat screen from another page, where the conversation list shows. */
export async function openChats(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /^Chat/ })
    .click();
  await expect(page).toHaveURL(/\/chat/);
}
