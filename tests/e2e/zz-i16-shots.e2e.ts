import { expect, test } from './fixtures';
import { newUserPage, openConversation, signIn } from './support/users';

test('shots', async ({ browser }) => {
  test.setTimeout(180_000);
  const { page } = await newUserPage(browser);
  await signIn(page, 'bob');
  await openConversation(page, 'alice');
  await page.screenshot({ path: '/tmp/i16-shot-chat.png' });
  await page.getByRole('button', { name: 'Send a red packet' }).click();
  await expect(page.getByRole('dialog', { name: 'Send a red packet' })).toBeVisible();
  await page.waitForTimeout(1000);
  await page.screenshot({ path: '/tmp/i16-shot-send.png' });
  await page.getByRole('dialog', { name: 'Send a red packet' }).getByRole('textbox', { name: /Amount/ }).fill('1.5');
  await page.getByRole('button', { name: 'Put money in' }).click();
  await page.keyboard.type('123456');
  await expect(page.getByRole('dialog', { name: 'Send a red packet' })).toBeHidden();
  await page.waitForTimeout(4000);
  await page.screenshot({ path: '/tmp/i16-shot-bubble.png' });
  console.log('DBG', await page.evaluate(() => {
    const out: string[] = [];
    let el: Element | null = document.querySelector('[role=log]');
    while (el) {
      const cs = getComputedStyle(el);
      out.push(`${el.tagName}.${(el.className || '').toString().slice(0, 20)} op=${cs.opacity} vis=${cs.visibility} filt=${cs.filter} disp=${cs.display} h=${(el as HTMLElement).offsetHeight}`);
      el = el.parentElement;
    }
    return out.join('\n') + '\nBODYCHILDREN ' + [...document.body.children].map((c) => c.tagName + ':' + getComputedStyle(c).opacity + ':' + (c as HTMLElement).offsetHeight).join(' ');
  }));
  await page.screenshot({ path: '/tmp/i16-shot-bubble2.png', animations: 'disabled' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/i16-shot-bubble-dark.png' });
});
