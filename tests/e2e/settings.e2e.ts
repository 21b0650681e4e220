import { expect, test, type Page } from './fixtures';
import { newUserPage, settledViolations as seriousViolations, signIn } from './support/users';
import { openBalance } from './support/wallet';

// Account settings (language and theme, applied at once to every screen and kept across a
// reload) and About (versions, copied with a toast); axe on each dialog in light and dark.

test.describe.configure({ timeout: 180_000 });

async function accountMenu(page: Page, item: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: /My account|我的账号/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.querySelector('.fui-FluentProvider')!).backgroundColor);

test('settings and About for bob: versions copied, balance, language and theme', async ({ browser }) => {
  // One sign-in for both: the dark theme of About is the app loaded again with the system in dark; the
  // language and theme switch comes last, as it leaves the account in Chinese and dark.
  const { context, page } = await newUserPage(browser, { colorScheme: 'light' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'bob');

  await test.step('About shows the product and SDK versions and copies them with a toast', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      if (colorScheme === 'dark') {
        await page.emulateMedia({ colorScheme });
        await page.reload();
      }
      // My balance before About: the copy's toast would otherwise be waited out (4 s) before axe reads the
      // balance dialog; the reload or the end of the step clears it instead.
      await openBalance(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`balance-${colorScheme}.png`) });
      await page.keyboard.press('Escape');

      await accountMenu(page, 'About');
      const about = page.getByRole('dialog', { name: 'About' });
      await expect(about.getByText('TeamIM')).toBeVisible();
      await expect(about.getByText('v3.8.3')).toHaveCount(2);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`about-${colorScheme}.png`) });
      await about.getByRole('button', { name: /Copy version information/ }).click();
      await expect(page.getByText('Copied').first()).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('TeamIM v3.8.3 (SDK v3.8.3)');
      await page.keyboard.press('Escape');
    }
  });

  // Back to a light system for the next step, which starts from the light theme.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible({ timeout: 45_000 });

  await test.step('language and theme switch at once, on every screen, and survive a reload', async () => {
    const light = await background(page);

    await accountMenu(page, 'Account settings');
    const settings = page.getByRole('dialog', { name: 'Account settings' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('settings-light.png') });
    await settings.getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(() => background(page)).not.toBe(light);
    const dark = await background(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('settings-dark.png') });

    await settings.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
    await expect(page.getByRole('dialog', { name: '账号设置' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('settings-dark-zh.png') });
    await page.keyboard.press('Escape');
    // Every screen: the navigation and the contacts page follow at once.
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
    await page.getByRole('link', { name: /^通讯录/ }).click();
    await expect(page).toHaveURL(/\/contact/);
    expect(await background(page)).toBe(dark);

    await page.reload();
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible({ timeout: 45_000 });
    expect(await background(page)).toBe(dark);
  });
  await context.close();
});
