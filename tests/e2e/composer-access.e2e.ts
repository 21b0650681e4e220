import { expect, test, type APIRequestContext } from './fixtures';
import { adminCall, openConversation, signedInUser } from './support/users';

const ALICE = '1000000001';
const BOB = '1000000002';

// The composer follows a mute made outside the app (the server's admin API), not only one
// made by an owner or admin in the app. Each check has its own group, so a mute left behind by a failure
// reaches no other; the mute is lifted in `finally` all the same.

/** A new group of alice's with bob in it (as an admin, or not), made through the admin API; returns its id. */
async function adminGroup(request: APIRequestContext, name: string, bobIsAdmin: boolean): Promise<string> {
  const groupID = `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  await adminCall(request, '/group/create_group', {
    memberUserIDs: bobIsAdmin ? [] : [BOB],
    adminUserIDs: bobIsAdmin ? [BOB] : [],
    ownerUserID: ALICE,
    groupInfo: { groupID, groupName: name, groupType: 2 },
  });
  return groupID;
}

// An admin is silenced by a mute of her own too (the server refuses her sends): the composer used to stay
// open for her, and Enter met the server's refusal. bob signs in once for both groups, made before his
// sign-in as before (a sign-in costs far more than either check).
test('a member and an admin muted through the admin API see the composer and its tools close, and open again once unmuted', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const groups = [];
  for (const bobIsAdmin of [false, true]) {
    const name = `Mute ${bobIsAdmin ? 'admin' : 'member'} ${Date.now().toString(36)}`;
    groups.push({ bobIsAdmin, name, groupID: await adminGroup(request, name, bobIsAdmin) });
  }
  const bob = await signedInUser(browser, 'bob');
  for (const { bobIsAdmin, name, groupID } of groups) {
    const who = bobIsAdmin ? 'an admin' : 'a member';
    await test.step(`${who} muted through the admin API sees the composer and its tools close, and open again once unmuted`, async () => {
      await openConversation(bob.page, name);
      const box = bob.page.getByRole('textbox', { name: 'Message' });
      const tools = bob.page.getByRole('toolbar', { name: 'Message tools' }).getByRole('button');
      await expect(box).toBeEnabled();
      await expect(tools.first()).toBeEnabled();
      await adminCall(request, '/group/mute_group_member', { groupID, userID: BOB, mutedSeconds: 300 });
      try {
        await expect(bob.page.getByRole('status').filter({ hasText: 'You are muted' })).toBeVisible({
          timeout: 30_000,
        });
        await expect(box).toBeDisabled();
        for (const tool of await tools.all()) await expect(tool).toBeDisabled();
        await bob.page.screenshot({
          path: test.info().outputPath(`muted-composer-${bobIsAdmin ? 'admin' : 'member'}.png`),
        });
      } finally {
        await adminCall(request, '/group/cancel_mute_group_member', { groupID, userID: BOB });
      }
      await expect(box).toBeEnabled({ timeout: 30_000 });
      for (const tool of await tools.all()) await expect(tool).toBeEnabled();
    });
  }
});
