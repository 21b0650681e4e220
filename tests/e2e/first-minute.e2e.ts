import { expect, test, type APIRequestContext } from './fixtures';
import { adminCall, conversationOption, messageLog, newUserPage, PASSWORD, sendText } from './support/users';

/**
 * The "first minute after sign-in": a chat opened right after sign-in, in a fresh browser
 * context (empty SDK database, its first sync running), shows its newest message and sends at once.
 * On the demo seed the SDK's sync is short, so this proves the path end to end, not its speed
 * (`npm run bench:web` measures that on `--seed large`).
 */

/** The demo seed's alice and bob (apps/server/src/seed/demo.ts), friends with a chat. */
const ALICE = '1000000001';
const BOB = '1000000002';

/** The newest stored message text of alice's chat with bob, as the server has it. */
async function newestOnServer(request: APIRequestContext, aliceID: string, bobID: string): Promise<string> {
  const headers = { operationID: `e2e-${Date.now()}` };
  const tokenAnswer = await request.post('/api/auth/get_admin_token', {
    headers,
    data: { secret: 'openIM123', userID: 'imAdmin' },
  });
  const token = ((await tokenAnswer.json()) as { data: { token: string } }).data.token;
  const conversationID = `si_${[aliceID, bobID].sort().join('_')}`;
  const answer = await request.post('/api/msg/pull_msg_by_seq', {
    headers: { ...headers, token },
    data: { userID: aliceID, seqRanges: [{ conversationID, begin: 0, end: 2 ** 40, num: 1 }] },
  });
  const data = ((await answer.json()) as { data: { msgs: Record<string, { Msgs: { content: string }[] }> } })
    .data;
  const content = data.msgs[conversationID]?.Msgs.at(-1)?.content ?? '';
  return (
    (JSON.parse(Buffer.from(content, 'base64').toString('utf8') || '{}') as { content?: string }).content ??
    ''
  );
}

test('a chat opened right after sign-in shows its newest message and sends', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const text = `first minute ${Date.now().toString(36)}`;
  const { context, page } = await newUserPage(browser);
  const pulls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/msg/pull_msg_by_seq')) pulls.push(r.url());
  });
  await page.goto('/login');
  // bob writes to alice before she signs in: the newest message of their chat.
  await adminCall(request, '/msg/send_msg', {
    sendID: BOB,
    recvID: ALICE,
    content: { content: text },
    contentType: 101,
    sessionType: 1,
  });
  await page.getByRole('textbox', { name: 'E-mail' }).fill('alice@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Opened as soon as the list shows it, without waiting for the SDK's sync.
  await conversationOption(page, 'bob').click({ timeout: 45_000 });
  await expect(messageLog(page).getByText(text)).toBeVisible({ timeout: 30_000 });

  const reply = `${text} reply`;
  await sendText(page, reply);
  await expect(messageLog(page).getByText(reply)).toBeVisible();
  await expect.poll(() => newestOnServer(request, ALICE, BOB), { timeout: 30_000 }).toBe(reply);
  test.info().annotations.push({ type: 'server-history-reads', description: String(pulls.length) });
  await page.screenshot({ path: test.info().outputPath('first-minute.png') });
  await context.close();
});
