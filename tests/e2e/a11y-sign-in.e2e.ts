import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { animationsSettled } from './support/users';

/** axe's serious and critical findings once animations have ended, one line each for a readable failure. */
async function seriousViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')} ${node.html}`));
}

for (const scheme of ['light', 'dark'] as const) {
  test(`sign-in, register, reset and the QR tab have no serious axe violations (${scheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.addInitScript(() => window.localStorage.setItem('IM_LOCALE', 'en-US'));
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to TeamIM' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // With every field's message showing.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Please enter the password')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByRole('button', { name: 'Register and sign in' }).click();
    await expect(page.getByText('Please input nickname')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Forgot password' }).click();
    await page.getByRole('radio', { name: 'Phone' }).check();
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The QR tab's waiting page, with its code drawn.
    await page.getByRole('tab', { name: 'QR code' }).click();
    await expect(page.getByRole('img', { name: 'Sign-in QR code' })).toBeVisible({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });
}
