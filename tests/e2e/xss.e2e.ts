import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, messageLog, test, type Page } from './fixtures';
import { adminCall, conversationList, newUserPage, openConversation, signIn } from './support/users';

/**
 * Safety: a corpus of XSS payloads (tests/e2e/data/xss-payloads.json) goes through text
 * messages, quotes (the quoted text and the reply), file and picture names, the profile nickname, a friend remark and a group's name and
 * announcement, between alice and bob through the real SDK and server. Every payload would set
 * `window.__xss`, open a dialog or break a CSP; none may, and the text must show literally.
 * What the test changes (nickname, remark, group name, announcement) is put back at the end.
 */

const PAYLOADS = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'data', 'xss-payloads.json'), 'utf8'),
) as string[];

interface Watch {
  readonly dialogs: string[];
}

/** Records dialogs, CSP violations and the flag the payloads would set. */
async function watch(page: Page): Promise<Watch> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return { dialogs };
}

async function expectNothingRan(page: Page, watched: Watch): Promise<void> {
  const state = await page.evaluate(() => {
    const w = window as unknown as { __xss?: unknown; __csp?: string[] };
    return { xss: w.__xss, csp: w.__csp ?? [] };
  });
  expect(state.xss, 'a payload set window.__xss').toBeUndefined();
  expect(state.csp, 'CSP violations').toEqual([]);
  expect(watched.dialogs, 'dialogs opened').toEqual([]);
}

/** Calls the server's OpenIM API as the signed-in user of the page. */
async function api(page: Page, route: string, body: unknown): Promise<void> {
  const result = await page.evaluate(
    async ({ route, body }) => {
      const token = sessionStorage.getItem('IM_TOKEN') ?? '';
      const res = await fetch(`/api${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token, operationID: `xss-${Date.now()}` },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { errCode: number; errMsg?: string };
    },
    { route, body },
  );
  expect(result.errCode, `${route}: ${result.errMsg ?? ''}`).toBe(0);
}

async function selfID(page: Page): Promise<string> {
  return page.evaluate(() => sessionStorage.getItem('IM_USERID') ?? '');
}

/** Scrolls the message log from bottom to top and returns every text it rendered on the way. */
async function renderedTexts(page: Page): Promise<Set<string>> {
  const seen = new Set<string>();
  const log = messageLog(page);
  for (let step = 0; step < 200; step += 1) {
    const texts = await log.locator('article').allInnerTexts();
    for (const text of texts) seen.add(text);
    const top = await log.evaluate((el) => {
      const scroller = el.scrollHeight > el.clientHeight ? el : (el.parentElement ?? el);
      scroller.scrollTop = Math.max(0, scroller.scrollTop - scroller.clientHeight * 0.8);
      return scroller.scrollTop;
    });
    await page.waitForTimeout(150);
    if (top === 0 && step > 2) {
      for (const text of await log.locator('article').allInnerTexts()) seen.add(text);
      break;
    }
  }
  return seen;
}

test('no XSS payload runs anywhere a user can type it; each shows literally', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  expect(PAYLOADS.length).toBeGreaterThanOrEqual(50);
  const alice = await newUserPage(browser);
  const bob = await newUserPage(browser);
  const aliceWatch = await watch(alice.page);
  const bobWatch = await watch(bob.page);
  await signIn(alice.page, 'alice');
  await signIn(bob.page, 'bob');
  await openConversation(alice.page, 'bob');
  await openConversation(bob.page, 'alice');
  const aliceID = await selfID(alice.page);
  const groupRow = conversationList(alice.page).getByRole('option', { name: /^Demo team\b/ });
  const groupID = await alice.page.evaluate(async (owner) => {
    const token = sessionStorage.getItem('IM_TOKEN') ?? '';
    const res = await fetch('/api/group/get_joined_group_list', {
      method: 'POST',
      headers: { 'content-type': 'application/json', token, operationID: 'xss-groups' },
      body: JSON.stringify({ fromUserID: owner, pagination: { pageNumber: 1, showNumber: 100 } }),
    });
    const json = (await res.json()) as { data?: { groups?: { groupID: string; groupName: string }[] } };
    return json.data?.groups?.find((g) => g.groupName === 'Demo team')?.groupID ?? '';
  }, aliceID);
  expect(groupID).not.toBe('');
  await expect(groupRow).toBeVisible();
  const bobID = await selfID(bob.page);
  const [nickname, remark, groupName, announcement] = PAYLOADS.slice(0, 4) as [
    string,
    string,
    string,
    string,
  ];

  try {
    // Profile, remark and group fields.
    await api(alice.page, '/user/update_user_info_ex', {
      userInfo: { userID: aliceID, nickname: { value: nickname } },
    });
    await api(alice.page, '/friend/set_friend_remark', { ownerUserID: aliceID, friendUserID: bobID, remark });
    await api(alice.page, '/group/set_group_info_ex', {
      groupID,
      groupName: { value: groupName },
      notification: { value: announcement },
    });

    // Every payload as a text message, and some as file and picture names.
    const box = alice.page.getByRole('textbox', { name: 'Message' });
    for (const payload of PAYLOADS) {
      await box.fill(payload);
      await box.press('Enter');
      await expect(box).toHaveValue('');
    }
    // Quotes. alice quotes her newest payload messages (still on screen) with a payload as the reply,
    // so the quoted text (author and excerpt) and the reply go through the corpus too.
    const quotedPayloads = PAYLOADS.slice(-3);
    const replies = PAYLOADS.slice(4, 7).map((p) => `re: ${p}`);
    const aliceLog = messageLog(alice.page);
    for (const [index, payload] of quotedPayloads.entries()) {
      await aliceLog
        .getByRole('article')
        .filter({ has: alice.page.getByText(payload, { exact: true }) })
        .last()
        .click({ button: 'right' });
      await alice.page
        .getByRole('menu', { name: 'Message actions' })
        .getByRole('menuitem', { name: 'Quote' })
        .click();
      await expect(alice.page.getByRole('group', { name: 'Quoted message' })).toContainText(payload.trim());
      await box.fill(replies[index] ?? '');
      await box.press('Enter');
      await expect(box).toHaveValue('');
    }
    const fileNames = PAYLOADS.filter((p) => !p.includes('/')).slice(0, 8);
    await alice.page
      .getByTestId('file-input')
      .setInputFiles(
        fileNames.map((name) => ({ name: `${name}.txt`, mimeType: 'text/plain', buffer: Buffer.from(name) })),
      );
    const shot = await alice.page.screenshot({ clip: { x: 0, y: 0, width: 40, height: 30 } });
    await alice.page
      .getByTestId('picture-input')
      .setInputFiles({ name: `${fileNames[0] ?? 'x'}.png`, mimeType: 'image/png', buffer: shot });

    // bob sees the texts literally: the newest first, then all of them while scrolling up.
    const log = messageLog(bob.page);
    await expect(log.getByRole('link', { name: `Download ${fileNames.at(-1) ?? ''}.txt` })).toBeVisible({
      timeout: 60_000,
    });
    await expect(log.getByRole('button', { name: 'Open picture' }).last()).toBeVisible({ timeout: 30_000 });
    // Bob's quotes show the quoted payload and the reply as text.
    const quotes = log.getByRole('button', { name: /go to the message/ });
    for (const payload of quotedPayloads) {
      await expect(quotes.filter({ hasText: payload.trim() }).last()).toBeVisible({ timeout: 30_000 });
    }
    const texts = [...(await renderedTexts(bob.page))].join('\n');
    for (const reply of replies) expect(texts, 'quote reply shown literally').toContain(reply.trim());
    for (const payload of PAYLOADS) expect(texts, 'payload shown literally').toContain(payload.trim());
    for (const name of fileNames) expect(texts).toContain(`${name}.txt`);

    // The nickname shows as text in bob's conversation list; the remark in alice's; the group name too.
    await expect(conversationList(bob.page).getByText(nickname, { exact: true }).first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(conversationList(alice.page).getByText(remark, { exact: true }).first()).toBeVisible({
      timeout: 30_000,
    });
    const alicesGroup = conversationList(alice.page).getByRole('option').filter({ hasText: groupName });
    await expect(alicesGroup).toBeVisible({ timeout: 30_000 });
    // bob signed in moments before the rename, which could land between his SDK's joined-groups sync and
    // its member sync; the server's member answer now carries the group for that (im-group-sync-race).
    const bobsGroup = conversationList(bob.page).getByRole('option').filter({ hasText: groupName });
    await expect(bobsGroup).toBeVisible({ timeout: 30_000 });
    const bobsHeading = bob.page.getByRole('heading', { level: 2, name: groupName });
    // A click while the list re-sorts (a message moves the row) may select nothing: click again.
    await expect(async () => {
      await bobsGroup.first().click();
      await expect(bobsHeading).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    // Mention names (the at-text's atUsersInfo) and at-text bodies, from alice to bob in the group.
    const mentionNames = PAYLOADS.slice(4, 10);
    for (const [index, name] of mentionNames.entries()) {
      await adminCall(request, '/msg/send_msg', {
        sendID: aliceID,
        groupID,
        sessionType: 3,
        contentType: 106,
        content: {
          text: `[[at-x#${bobID}]] ${PAYLOADS[10 + index] ?? ''}`,
          atUserList: [bobID],
          atUsersInfo: [{ atUserID: bobID, groupNickname: name }],
        },
      });
    }
    const mentions = messageLog(bob.page).locator('[data-mention]');
    for (const name of mentionNames) {
      await expect(mentions.filter({ hasText: `@${name.trim()}` }).first()).toBeVisible({ timeout: 30_000 });
    }
    const bodies = [...(await renderedTexts(bob.page))].join('\n');
    for (const body of PAYLOADS.slice(10, 10 + mentionNames.length)) expect(bodies).toContain(body.trim());
    await bob.page.screenshot({ path: test.info().outputPath('xss-bob.png') });

    await expectNothingRan(alice.page, aliceWatch);
    await expectNothingRan(bob.page, bobWatch);
  } finally {
    // Put the demo data back for the other tests on this server.
    await api(alice.page, '/user/update_user_info_ex', {
      userInfo: { userID: aliceID, nickname: { value: 'alice' } },
    });
    await api(alice.page, '/friend/set_friend_remark', {
      ownerUserID: aliceID,
      friendUserID: bobID,
      remark: '',
    });
    await api(alice.page, '/group/set_group_info_ex', {
      groupID,
      groupName: { value: 'Demo team' },
      notification: { value: '' },
    });
    await alice.context.close();
    await bob.context.close();
  }
});
