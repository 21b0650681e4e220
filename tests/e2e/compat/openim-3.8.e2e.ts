import { createHash } from 'node:crypto';
import { expect, messageLog, send, test, type Browser, type Page } from '../fixtures';
import { shot } from '../support/shots';

/**
 * The client, unchanged, against the server's `--compat openim-3.8` profile, which answers as a real
 * open-im-server 3.8 + chat 1.8 deployment: no wallet routes, no `/user/search/fuzzy` (plain-text 404),
 * uploads to presigned URLs on a second origin, 1004 for an empty conversation page, no local-only user
 * fields, and chat's 20101 once a chat token is dropped. Demo seed: alice is friends with bob and carol;
 * bob and carol are not friends. Selectors are roles and accessible names.
 */

const ADMIN_SECRET = 'openIM123';

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    if (window.localStorage.getItem('IM_LOCALE') === null) window.localStorage.setItem('IM_LOCALE', 'en-US');
  });
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible({ timeout: 30_000 });
  return page;
}

const conversationList = (page: Page) => page.getByRole('listbox', { name: 'Conversations' });
const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

async function searchUser(page: Page, keyword: string) {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Add friends' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add friends' });
  await dialog.getByRole('textbox').fill(keyword);
  await dialog.getByRole('button', { name: 'Search' }).click();
  return dialog;
}

// alice signs in once (through the form, as on a real deployment) for the checks that need her alone and
// for the group chat: a sign-in (the SDK's 36 MB wasm, its start and first sync) costs more than any of them.
test('alice: sign-in without wallet or QR sign-in, a picture upload to the storage origin, a group chat with bob', async ({
  browser,
}, info) => {
  test.setTimeout(300_000);
  const alice = await signedInPage(browser, 'alice@example.com');

  await test.step('sign-in works, and neither the wallet nor QR sign-in is offered where the deployment has none', async () => {
    // Conversations from the server's first page and the SDK's sync, as on the local server.
    await expect(conversationList(alice).getByRole('option').first()).toBeVisible({ timeout: 45_000 });
    await alice.getByRole('button', { name: 'My account' }).click();
    await expect(alice.getByRole('menuitem', { name: 'My info' })).toBeVisible();
    await expect(alice.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await expect(alice.getByRole('menuitem', { name: 'My balance' })).toHaveCount(0);
    // Nor QR sign-in: chat 1.8 has no such calls.
    await expect(alice.getByRole('menuitem', { name: 'Scan to sign in' })).toHaveCount(0);
    await shot(alice, info, 'alice-menu-without-wallet');
    await alice.keyboard.press('Escape');
  });

  await test.step("a picture upload from the page goes to the storage origin's presigned URL (CORS, CSP)", async () => {
    // The UI has no picture button yet, so the page itself runs OpenIM's upload calls with its own IM token
    // (initiate, PUT to the presigned URL, complete): the part that differs on a real deployment is the
    // cross-origin PUT, which the page's CSP and the storage's CORS must both allow.
    const bytes = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const partHash = createHash('md5').update(bytes).digest('hex');
    const hash = createHash('md5').update(partHash).digest('hex');
    const result = await alice.evaluate(
      async ({ base64, partHash, hash }) => {
        const token = window.sessionStorage.getItem('IM_TOKEN') ?? '';
        const userID = window.sessionStorage.getItem('IM_USERID') ?? '';
        const body = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const call = async (path: string, data: unknown) => {
          const answer = await fetch(`/api${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', token, operationID: crypto.randomUUID() },
            body: JSON.stringify(data),
          });
          return (await answer.json()) as { errCode: number; data: Record<string, unknown> };
        };
        const name = `${userID}/e2e-${Date.now()}.png`;
        const init = await call('/object/initiate_multipart_upload', {
          hash,
          size: body.length,
          partSize: 5 * 1024 * 1024,
          maxParts: 1,
          cause: '',
          name,
          contentType: 'image/png',
        });
        const upload = init.data['upload'] as {
          uploadID: string;
          sign: {
            url: string;
            query?: { key: string; values: string[] }[];
            parts: { query?: { key: string; values: string[] }[] }[];
          };
        };
        const query = new URLSearchParams();
        for (const q of [...(upload.sign.query ?? []), ...(upload.sign.parts[0]?.query ?? [])])
          for (const v of q.values) query.append(q.key, v);
        const put = await fetch(`${upload.sign.url}?${query.toString()}`, { method: 'PUT', body });
        const done = await call('/object/complete_multipart_upload', {
          uploadID: upload.uploadID,
          parts: [partHash],
          name,
          contentType: 'image/png',
          cause: '',
        });
        const url = String(done.data['url']);
        const image = new Image();
        const loaded = await new Promise<boolean>((resolve) => {
          image.onload = () => resolve(true);
          image.onerror = () => resolve(false);
          image.src = url;
        });
        return {
          page: location.origin,
          putUrl: upload.sign.url,
          putStatus: put.status,
          etag: put.headers.get('etag'),
          url,
          loaded,
        };
      },
      { base64: bytes.toString('base64'), partHash, hash },
    );
    expect(new URL(result.putUrl).origin).not.toBe(result.page);
    expect(result.putStatus).toBe(200);
    // The bucket's CORS exposes the ETag, which S3 multipart clients read.
    expect(result.etag).toBe(`"${partHash}"`);
    expect(new URL(result.url).origin).toBe(new URL(result.putUrl).origin);
    expect(result.loaded).toBe(true);
  });

  await test.step('alice creates a group (the create-group flag is unknown, so offered) and the members chat in it', async () => {
    const bob = await signedInPage(browser, 'bob@example.com');
    await alice.getByRole('button', { name: 'Add', exact: true }).click();
    await alice.getByRole('menuitem', { name: 'Create group' }).click();
    const dialog = alice.getByRole('dialog', { name: 'Create group' });
    // Group names are capped at 16 characters.
    const name = `Crew ${Date.now().toString(36).slice(-6)}`;
    await dialog.getByRole('textbox', { name: 'Group name' }).fill(name);
    // The member picker in create mode: friends are chosen in its left pane.
    await dialog.getByRole('button', { name: 'My friends' }).click();
    await dialog.getByRole('checkbox', { name: 'bob' }).check({ timeout: 30_000 });
    await dialog.getByRole('checkbox', { name: /carol/ }).check();
    await expect(dialog.getByText('Selected (2)')).toBeVisible();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(alice).toHaveURL(/\/chat\/sg_[^/]+$/, { timeout: 30_000 });
    const hello = unique('Welcome all');
    await send(alice, hello);
    const row = conversationList(bob).getByRole('option', { name: new RegExp(`^${name}`) });
    await row.click({ timeout: 30_000 });
    await expect(messageLog(bob).getByText(hello)).toBeVisible({ timeout: 30_000 });
    const reply = unique('Thanks alice');
    await send(bob, reply);
    await expect(messageLog(alice).getByText(reply)).toBeVisible({ timeout: 30_000 });
    await shot(alice, info, 'alice-group-chat');
    await bob.context().close();
  });
  await alice.context().close();
});

// carol's dropped chat token ends her session, so it comes after her chat with bob on the same sign-in.
test('carol and bob become friends through chat 1.8 search and chat; then a dropped chat token ends her session', async ({
  browser,
  request,
}, info) => {
  test.setTimeout(300_000);
  const bob = await signedInPage(browser, 'bob@example.com');
  const carol = await signedInPage(browser, 'carol@example.com');

  await test.step('carol finds bob through chat 1.8 search and they become friends and chat both ways', async () => {
    const search = await searchUser(carol, 'bob');
    await search.getByRole('region', { name: 'Search results' }).getByRole('button', { name: 'bob' }).click();
    const card = carol.getByRole('dialog', { name: 'User card' });
    await card.getByRole('button', { name: 'Add friends' }).click();
    await card.getByRole('textbox', { name: 'Application information' }).fill('carol here');
    await card.getByRole('button', { name: 'Send' }).click();
    await expect(carol.getByText('Friend request sent').last()).toBeVisible();
    await shot(carol, info, 'carol-request-sent');

    await bob
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: /Contacts/ })
      .click();
    await bob
      .getByRole('navigation', { name: 'Contacts' })
      .getByRole('link', { name: 'New friends' })
      .click();
    const received = bob.getByRole('list', { name: 'Received' });
    await received.getByRole('button', { name: 'Accept' }).click({ timeout: 30_000 });
    await expect(received.getByText('Agreed')).toBeVisible({ timeout: 30_000 });

    // One-to-one chat both ways, from bob's friend list.
    await bob.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: 'My friends' }).click();
    await bob.getByRole('list', { name: 'My friends' }).getByRole('button', { name: 'carol' }).click();
    await bob
      .getByRole('dialog', { name: 'User card' })
      .getByRole('button', { name: 'Send message' })
      .click();
    await expect(bob).toHaveURL(/\/chat\/.+/, { timeout: 30_000 });
    const hello = unique('Hello carol');
    await send(bob, hello);
    const carolRow = conversationList(carol).getByRole('option', { name: /^bob\b/ });
    await expect(carolRow).toContainText(hello, { timeout: 30_000 });
    await carolRow.click();
    await expect(messageLog(carol).getByText(hello)).toBeVisible({ timeout: 30_000 });
    const reply = unique('Hi bob');
    await send(carol, reply);
    await expect(messageLog(bob).getByText(reply)).toBeVisible({ timeout: 30_000 });
    await shot(bob, info, 'bob-chat');
  });

  await test.step('a dropped chat token (20101) ends the session with the login-expired message', async () => {
    const userID = await carol.evaluate(() => window.sessionStorage.getItem('IM_USERID') ?? '');
    expect(userID).not.toBe('');
    const dropped = await request.post('/chat/admin/token/invalidate', {
      headers: { operationID: `e2e-${Date.now()}`, adminSecret: ADMIN_SECRET },
      data: { userID },
    });
    expect(((await dropped.json()) as { errCode: number }).errCode).toBe(0);
    // The IM session is untouched; the next chat call is refused with 20101: a user search here, unless
    // the client's own refresh of the self info (also a chat call) gets there first.
    void searchUser(carol, 'alice').catch(() => undefined);
    await expect(carol.getByText('Login expired, please log in again').last()).toBeVisible({
      timeout: 30_000,
    });
    await expect(carol).toHaveURL(/\/login$/);
    await shot(carol, info, 'carol-after-20101');
    expect(await carol.evaluate(() => window.sessionStorage.getItem('IM_USERID') ?? '')).toBe('');
  });
  await bob.context().close();
  await carol.context().close();
});
