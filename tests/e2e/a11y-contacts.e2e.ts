import { expect, test, type Page } from './fixtures';
import { animationsSettled, seriousViolations, signedInPage } from './support/users';

// The contacts screens and their cards, checked with axe (no serious or critical violations) against the
// real server with the demo seed (alice: friends bob and carol, owner of "Demo team").

/**
 * Every button of the open dialog lies inside the surface's content box: the old 332-wide user card let
 * the remark row push Save remark and Send message past it, where the surface clipped them.
 */
async function buttonsInside(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  // Fluent's dialog opens with a scale animation: measure once it has settled.
  await animationsSettled(page);
  const surface = await dialog.boundingBox();
  expect(surface).not.toBeNull();
  const padding = await dialog.evaluate((element) => parseFloat(getComputedStyle(element).paddingRight));
  // The close button sits on the title's row, not under it.
  const close = await dialog.getByRole('button', { name: 'Close' }).boundingBox();
  const title = await dialog.getByRole('heading').first().boundingBox();
  if (close !== null && title !== null) expect(close.y).toBeLessThan(title.y + title.height);
  for (const button of await dialog.getByRole('button').all()) {
    const box = await button.boundingBox();
    expect(box, (await button.textContent()) ?? undefined).not.toBeNull();
    if (surface === null || box === null) continue;
    expect(box.x, (await button.textContent()) ?? undefined).toBeGreaterThanOrEqual(
      surface.x + padding - 0.5,
    );
    expect(box.x + box.width, (await button.textContent()) ?? undefined).toBeLessThanOrEqual(
      surface.x + surface.width - padding + 0.5,
    );
  }
}

test('contacts screens and cards: no serious or critical axe violations, cards at spec width, focus returns', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, 'alice');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /Contacts/ })
    .click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  const contacts = page.getByRole('navigation', { name: 'Contacts' });
  await expect(contacts.getByRole('link', { name: 'My friends' })).toHaveAttribute('aria-current', 'page');
  await expect(
    page.getByRole('list', { name: 'My friends' }).getByRole('button', { name: 'bob' }),
  ).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);

  for (const section of ['My groups', 'New friends', 'Group notifications']) {
    await contacts.getByRole('link', { name: section }).click();
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
    expect(await seriousViolations(page), section).toEqual([]);
  }

  // The user card of a friend: 332 wide with every button visible; Esc returns focus to the row.
  await contacts.getByRole('link', { name: 'My friends' }).click();
  const row = page.getByRole('list', { name: 'My friends' }).getByRole('button', { name: 'bob' });
  await row.click();
  const card = page.getByRole('dialog', { name: 'User card' });
  await expect(card.getByRole('button', { name: 'Send message' })).toBeVisible();
  // The surface scales in; its settled width is the spec's.
  await expect.poll(async () => Math.round((await card.boundingBox())?.width ?? 0)).toBe(332);
  await buttonsInside(page, 'User card');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await expect(row).toBeFocused();

  // The own card from the account menu ("my info"): Close returns focus to the menu's button.
  const account = page.getByRole('button', { name: 'My account' });
  await account.click();
  await page.getByRole('menuitem', { name: 'My info' }).click();
  await expect(card.getByRole('button', { name: 'Edit info' })).toBeVisible();
  await buttonsInside(page, 'User card');
  await card.getByRole('button', { name: 'Close' }).click();
  await expect(card).toBeHidden();
  await expect(account).toBeFocused();

  // The group card: 484 wide, introduction-less demo group still shows its member avatars.
  await contacts.getByRole('link', { name: 'My groups' }).click();
  await page.getByRole('button', { name: /Demo team/ }).click();
  const group = page.getByRole('dialog', { name: 'Group card' });
  await expect(group.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(3, {
    timeout: 30_000,
  });
  await expect.poll(async () => Math.round((await group.boundingBox())?.width ?? 0)).toBe(484);
  await buttonsInside(page, 'Group card');
  expect(await seriousViolations(page)).toEqual([]);
  await group.getByRole('button', { name: 'Close' }).click();
  await expect(group).toBeHidden();
});
