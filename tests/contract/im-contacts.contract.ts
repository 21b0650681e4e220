import type { ContactEvent } from '@teamim/application';
import { ApplicationHandleResult } from '@teamim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, recorder, type MakeWorld } from './im-contract-kit';
import type { ImWorld, SignedIn } from './im-worlds';

/** Name of the case the real side cannot pass yet (server bug, see the OpenIM runner). */
const REMARK_THEN_BLOCK = 'a remark change does not break a later block';

/**
 * ContactsGateway contract: friend applications both ways, friends list, remark and search, blacklist,
 * public profiles and deleting a friend. alice and bob are signed in once and go through the cases in
 * order (on the real side: two SDK instances).
 */
export function imContactsContract(side: string, makeWorld: MakeWorld): void {
  describe(`ContactsGateway contract: ${side}`, () => {
    let world: ImWorld;
    let alice: SignedIn;
    let bob: SignedIn;

    beforeAll(async () => {
      world = await makeWorld();
      alice = await world.signIn('alice');
      bob = await world.signIn('bob');
    });
    afterAll(async () => {
      await world.close();
    });

    it('a friend request reaches the recipient and is listed on both sides as pending', async () => {
      const bobEvents = recorder<ContactEvent>(bob.contacts.events$);
      await alice.contacts.addFriend(bob.user.userID, 'hi bob');
      await world.eventually(() => {
        expect(
          bobEvents.values.flatMap((e) => (e.type === 'friendApplicationAdded' ? [e.application] : [])),
        ).toContainEqual(expect.objectContaining({ fromUserID: alice.user.userID, reqMsg: 'hi bob' }));
      });
      bobEvents.stop();
      const received = await bob.contacts.getReceivedFriendApplications();
      expect(received).toContainEqual(
        expect.objectContaining({
          fromUserID: alice.user.userID,
          toUserID: bob.user.userID,
          handleResult: ApplicationHandleResult.Unprocessed,
        }),
      );
      const sent = await alice.contacts.getSentFriendApplications();
      expect(sent.map((a) => a.toUserID)).toContain(bob.user.userID);
    });

    it('accepting makes both friends (friendAdded on both sides, both friend lists)', async () => {
      const aliceEvents = recorder<ContactEvent>(alice.contacts.events$);
      const bobEvents = recorder<ContactEvent>(bob.contacts.events$);
      await bob.contacts.acceptFriendApplication(alice.user.userID, 'welcome');
      await world.eventually(() => {
        expect(
          aliceEvents.values.flatMap((e) => (e.type === 'friendAdded' ? [e.friend] : [])),
        ).toContainEqual(expect.objectContaining({ userID: bob.user.userID }));
        expect(bobEvents.values.flatMap((e) => (e.type === 'friendAdded' ? [e.friend] : []))).toContainEqual(
          expect.objectContaining({ userID: alice.user.userID }),
        );
      });
      aliceEvents.stop();
      bobEvents.stop();
      await world.eventually(async () => {
        expect((await alice.contacts.getFriendsPage(0, 50)).map((f) => f.userID)).toEqual([bob.user.userID]);
        expect((await bob.contacts.getFriendsPage(0, 50)).map((f) => f.userID)).toEqual([alice.user.userID]);
      });
      const [friend] = await alice.contacts.getFriendsPage(0, 50);
      expect(friend?.nickname).toBe(bob.user.nickname);
    });

    it('asking a friend again (1304) or oneself (1301) is refused', async () => {
      expect(await codeOf(alice.contacts.addFriend(bob.user.userID, ''))).toBe(1304);
      expect(await codeOf(alice.contacts.addFriend(alice.user.userID, ''))).toBe(1301);
    });

    it('blocking hides the friend from the friend list; unblocking brings them back', async () => {
      const events = recorder<ContactEvent>(alice.contacts.events$);
      await alice.contacts.addToBlacklist(bob.user.userID);
      await world.eventually(async () => {
        expect(events.values.flatMap((e) => (e.type === 'blackAdded' ? [e.entry] : []))).toContainEqual(
          expect.objectContaining({ userID: bob.user.userID }),
        );
        expect((await alice.contacts.getBlacklist()).map((b) => b.userID)).toEqual([bob.user.userID]);
        expect(await alice.contacts.getFriendsPage(0, 50)).toEqual([]);
      });
      // The server still counts the friendship; read by id, a blocked friend is left out.
      expect(await alice.contacts.getServerFriendIDs()).toEqual([bob.user.userID]);
      expect(await alice.contacts.getFriends([bob.user.userID])).toEqual([]);
      // The server's blacklist names the block as the device's does.
      expect(await alice.contacts.getServerBlacklist()).toEqual([
        expect.objectContaining({ userID: bob.user.userID, nickname: bob.user.nickname }),
      ]);
      await alice.contacts.removeFromBlacklist(bob.user.userID);
      await world.eventually(async () => {
        expect(events.values).toContainEqual({ type: 'blackDeleted', userID: bob.user.userID });
        expect(await alice.contacts.getBlacklist()).toEqual([]);
        expect((await alice.contacts.getFriendsPage(0, 50)).map((f) => f.userID)).toEqual([bob.user.userID]);
      });
      expect(await alice.contacts.getServerBlacklist()).toEqual([]);
      const [byID] = await alice.contacts.getFriends([bob.user.userID]);
      expect(byID).toMatchObject({ userID: bob.user.userID, nickname: bob.user.nickname });
      expect(await alice.contacts.getFriends([])).toEqual([]);
      events.stop();
    });

    it('a remark is stored and friends are found by it', async () => {
      await alice.contacts.setFriendRemark(bob.user.userID, 'Bobby');
      await world.eventually(async () => {
        const [friend] = await alice.contacts.getFriendsPage(0, 50);
        expect(friend).toMatchObject({ userID: bob.user.userID, remark: 'Bobby' });
      });
      const found = await alice.contacts.searchFriends('Bobby');
      expect(found.map((f) => f.userID)).toEqual([bob.user.userID]);
      expect(await alice.contacts.searchFriends('nobody-has-this-name')).toEqual([]);
    });

    it('public profiles of users are readable by id', async () => {
      const users = await alice.contacts.getUsers([bob.user.userID]);
      expect(users).toEqual([{ userID: bob.user.userID, nickname: bob.user.nickname, faceURL: '' }]);
    });

    it(REMARK_THEN_BLOCK, async () => {
      // The remark above was changed; blocking and unblocking must still work afterwards.
      await alice.contacts.addToBlacklist(bob.user.userID);
      await world.eventually(async () => {
        expect((await alice.contacts.getBlacklist()).map((b) => b.userID)).toEqual([bob.user.userID]);
      });
      await alice.contacts.removeFromBlacklist(bob.user.userID);
      await world.eventually(async () => {
        expect(await alice.contacts.getBlacklist()).toEqual([]);
      });
    });

    it('deleting a friend removes them from the list (friendDeleted)', async () => {
      const events = recorder<ContactEvent>(alice.contacts.events$);
      await alice.contacts.deleteFriend(bob.user.userID);
      await world.eventually(async () => {
        expect(events.values).toContainEqual({ type: 'friendDeleted', userID: bob.user.userID });
        expect(await alice.contacts.getFriendsPage(0, 50)).toEqual([]);
      });
      events.stop();
    });

    it('a refused request is reported to the applicant as rejected (-1)', async () => {
      const events = recorder<ContactEvent>(alice.contacts.events$);
      // Deleting is one-sided: alice no longer has bob, so she may ask again; bob refuses this time.
      await alice.contacts.addFriend(bob.user.userID, 'again?');
      await world.eventually(async () => {
        const pending = await bob.contacts.getReceivedFriendApplications();
        expect(pending).toContainEqual(
          expect.objectContaining({
            fromUserID: alice.user.userID,
            reqMsg: 'again?',
            handleResult: ApplicationHandleResult.Unprocessed,
          }),
        );
      });
      await bob.contacts.refuseFriendApplication(alice.user.userID, 'no');
      await world.eventually(async () => {
        expect(
          events.values.flatMap((e) => (e.type === 'friendApplicationRejected' ? [e.application] : [])),
        ).toContainEqual(expect.objectContaining({ toUserID: bob.user.userID }));
        const sent = await alice.contacts.getSentFriendApplications();
        expect(sent).toContainEqual(
          expect.objectContaining({
            toUserID: bob.user.userID,
            handleResult: ApplicationHandleResult.Reject,
          }),
        );
      });
      events.stop();
    });
  });
}
