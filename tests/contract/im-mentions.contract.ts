import type { MessageEvent } from '@teamim/application';
import {
  AT_ALL_TAG,
  ContentType,
  GroupAtType,
  groupConversationID,
  singleConversationID,
  type Conversation,
} from '@teamim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, receivedOf, recorder, type MakeWorld } from './im-contract-kit';
import type { ImWorld, SignedIn } from './im-worlds';

/**
 * Mentions and typing through the ports. In a group of alice (owner), bob and carol: an at-text
 * marks the mentioned members' conversations (groupAtType), at-all marks everyone's, resetting clears
 * the mark; a typing notice reaches the one-to-one peer at once and is not stored.
 */
export function imMentionsContract(side: string, makeWorld: MakeWorld): void {
  describe(`mentions and typing contract: ${side}`, () => {
    let world: ImWorld;
    let alice: SignedIn;
    let bob: SignedIn;
    let carol: SignedIn;
    let groupID: string;
    let conversationID: string;

    async function conversationOf(who: SignedIn, id: string): Promise<Conversation | undefined> {
      return (await who.conversations.getConversationsPage(0, 50)).find((c) => c.conversationID === id);
    }

    async function aliceSays(text: string, atUserIDList: readonly string[]): Promise<string> {
      const draft = await alice.messages.create({
        kind: 'atText',
        text,
        atUserIDList,
        atUsersInfo: atUserIDList.map((atUserID) => ({ atUserID, groupNickname: `name of ${atUserID}` })),
      });
      await alice.messages.send(draft, { recvID: '', groupID });
      return draft.clientMsgID;
    }

    beforeAll(async () => {
      world = await makeWorld();
      alice = await world.signIn('alice');
      bob = await world.signIn('bob');
      carol = await world.signIn('carol');
      const group = await alice.groups.createGroup({
        groupName: 'mentions',
        faceURL: '',
        memberUserIDs: [bob.user.userID, carol.user.userID],
        adminUserIDs: [],
      });
      groupID = group.groupID;
      conversationID = groupConversationID(groupID);
      await world.eventually(async () => {
        expect((await bob.groups.getJoinedGroupsPage(0, 10)).map((g) => g.groupID)).toContain(groupID);
        expect((await carol.groups.getJoinedGroupsPage(0, 10)).map((g) => g.groupID)).toContain(groupID);
      }, 10_000);
    });
    afterAll(async () => {
      await world.close();
    });

    it('an at-text marks the mentioned member only; resetting clears the mark', async () => {
      const inbox = recorder<MessageEvent>(bob.messages.events$);
      const sent = await aliceSays(`hi [[at-bob#${bob.user.userID}]]`, [bob.user.userID]);
      const got = await world.eventually(() => {
        const found = receivedOf(inbox.values).find((m) => m.contentType === ContentType.AtText);
        if (found === undefined) throw new Error('bob has not received the at-text');
        return found;
      }, 10_000);
      inbox.stop();
      expect(got.atTextElem?.atUserList).toEqual([bob.user.userID]);
      expect(got.atTextElem?.atUsersInfo).toEqual([
        { atUserID: bob.user.userID, groupNickname: `name of ${bob.user.userID}` },
      ]);
      await world.eventually(async () => {
        expect((await conversationOf(bob, conversationID))?.groupAtType).toBe(GroupAtType.AtMe);
        expect((await conversationOf(carol, conversationID))?.latestMsg).toContain(sent);
      }, 10_000);
      expect((await conversationOf(carol, conversationID))?.groupAtType ?? 0).toBe(GroupAtType.AtNormal);
      expect((await conversationOf(alice, conversationID))?.groupAtType ?? 0).toBe(GroupAtType.AtNormal);

      await bob.conversations.markAsRead(conversationID);
      await bob.conversations.resetGroupAtType(conversationID);
      await world.eventually(async () => {
        const seen = await conversationOf(bob, conversationID);
        expect(seen?.unreadCount).toBe(0);
        expect(seen?.groupAtType ?? 0).toBe(GroupAtType.AtNormal);
      }, 10_000);
    });

    it('at-all marks every other member; with a named mention it is @all and @me', async () => {
      await aliceSays(`all: [[at-all#${AT_ALL_TAG}]] and [[at-carol#${carol.user.userID}]]`, [
        AT_ALL_TAG,
        carol.user.userID,
      ]);
      await world.eventually(async () => {
        expect((await conversationOf(bob, conversationID))?.groupAtType).toBe(GroupAtType.AtAll);
        expect((await conversationOf(carol, conversationID))?.groupAtType).toBe(GroupAtType.AtAllAtMe);
      }, 10_000);
      expect((await conversationOf(alice, conversationID))?.groupAtType ?? 0).toBe(GroupAtType.AtNormal);
    });

    it('a typing notice reaches the one-to-one peer as its input status and is not stored', async () => {
      await befriend(world, alice, bob);
      const single = singleConversationID(alice.user.userID, bob.user.userID);
      const bobInbox = recorder<MessageEvent>(bob.messages.events$);
      const aliceInbox = recorder<MessageEvent>(alice.messages.events$);
      await alice.messages.sendTyping(bob.user.userID, 'yes');
      await world.eventually(() => {
        expect(bobInbox.values).toContainEqual({
          type: 'typing',
          conversationID: single,
          userID: alice.user.userID,
          typing: true,
        });
      }, 10_000);
      bobInbox.stop();
      aliceInbox.stop();
      expect(aliceInbox.values.filter((e) => e.type === 'typing')).toEqual([]);
      expect(receivedOf(bobInbox.values).filter((m) => m.contentType === ContentType.Typing)).toEqual([]);
      const history = await bob.messages.getHistory(single, '', 20);
      expect(history.messages.filter((m) => m.contentType === ContentType.Typing)).toEqual([]);
    });
  });
}
