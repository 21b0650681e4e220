import type { ContactEvent, GroupEvent, MessageEvent } from '@teamim/application';
import { ContentType, GroupMemberRole, groupConversationID, singleConversationID } from '@teamim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, receivedOf, recorder, sendText, type MakeWorld } from './im-contract-kit';
import type { ImWorld, SignedIn } from './im-worlds';

export const SCENARIO_STEPS = {
  befriendAndChat: 'alice and bob become friends, talk, and bob takes back his reply',
  groupAndMute:
    'alice creates a group with bob, they talk there, alice mutes bob, who cannot send until unmuted',
} as const;

/**
 * The shared use-case scenario of the issue, run with the same assertions on the fakes and on the real
 * adapters: two strangers befriend, chat both ways, one revokes a message, then they create a group and
 * one mutes the other. It drives the IM ports, which is what the application's use cases call. The steps
 * run in order on the same two clients.
 */
export function imBefriendChatRevokeScenario(side: string, makeWorld: MakeWorld): void {
  describe(`scenario "befriend, chat, revoke, create a group and mute a member": ${side}`, () => {
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

    it(SCENARIO_STEPS.befriendAndChat, async () => {
      const aliceContacts = recorder<ContactEvent>(alice.contacts.events$);
      const aliceInbox = recorder<MessageEvent>(alice.messages.events$);
      const bobInbox = recorder<MessageEvent>(bob.messages.events$);

      await alice.contacts.addFriend(bob.user.userID, 'hello, it is alice');
      const request = await world.eventually(async () => {
        const [pending] = await bob.contacts.getReceivedFriendApplications();
        if (!pending) throw new Error('no request yet');
        return pending;
      });
      expect(request).toMatchObject({ fromUserID: alice.user.userID, reqMsg: 'hello, it is alice' });
      await bob.contacts.acceptFriendApplication(alice.user.userID, 'hi!');
      await world.eventually(() => {
        expect(
          aliceContacts.values.some((e) => e.type === 'friendAdded' && e.friend.userID === bob.user.userID),
        ).toBe(true);
      });

      const first = await sendText(alice, bob, 'lunch at noon?');
      await world.eventually(() => {
        expect(receivedOf(bobInbox.values).map((m) => m.clientMsgID)).toContain(first.clientMsgID);
      });
      const reply = await sendText(bob, alice, 'sure, see you');
      await world.eventually(() => {
        expect(receivedOf(aliceInbox.values).map((m) => m.textElem?.content)).toContain('sure, see you');
      });

      const conversationID = singleConversationID(alice.user.userID, bob.user.userID);
      await bob.messages.revoke(conversationID, reply.clientMsgID);
      await world.eventually(async () => {
        expect(aliceInbox.values).toContainEqual({
          type: 'revoked',
          conversationID,
          clientMsgID: reply.clientMsgID,
          revokerID: bob.user.userID,
        });
        const history = await alice.messages.getHistory(conversationID, '', 10);
        const byID = new Map(history.messages.map((m) => [m.clientMsgID, m]));
        expect(byID.get(first.clientMsgID)?.textElem?.content).toBe('lunch at noon?');
        expect(byID.get(reply.clientMsgID)?.contentType).toBe(ContentType.Revoke);
      });

      aliceContacts.stop();
      aliceInbox.stop();
      bobInbox.stop();
    });

    it(SCENARIO_STEPS.groupAndMute, async () => {
      const bobGroups = recorder<GroupEvent>(bob.groups.events$);
      const aliceInbox = recorder<MessageEvent>(alice.messages.events$);
      const group = await alice.groups.createGroup({
        groupName: 'lunch club',
        faceURL: '',
        memberUserIDs: [bob.user.userID],
      });
      const to = { recvID: '', groupID: group.groupID };
      await world.eventually(async () => {
        expect(
          bobGroups.values.some((e) => e.type === 'joinedGroupAdded' && e.group.groupID === group.groupID),
        ).toBe(true);
        const [bobInGroup] = await alice.groups.getMembers(group.groupID, [bob.user.userID]);
        expect(bobInGroup?.roleLevel).toBe(GroupMemberRole.Normal);
      });
      const hello = await bob.messages.send(await bob.messages.create({ kind: 'text', text: 'hi all' }), to);
      await world.eventually(() => {
        expect(receivedOf(aliceInbox.values).map((m) => m.clientMsgID)).toContain(hello.clientMsgID);
      });

      await alice.groups.muteMember(group.groupID, bob.user.userID, 3600);
      await world.eventually(async () => {
        expect(
          bobGroups.values.some(
            (e) =>
              e.type === 'memberInfoChanged' &&
              e.member.userID === bob.user.userID &&
              e.member.muteEndTime > 0,
          ),
        ).toBe(true);
        expect(
          await codeOf(bob.messages.send(await bob.messages.create({ kind: 'text', text: 'hey?' }), to)),
        ).toBe(1402);
      });
      await alice.groups.muteMember(group.groupID, bob.user.userID, 0);
      const back = await world.eventually(async () =>
        bob.messages.send(await bob.messages.create({ kind: 'text', text: 'back' }), to),
      );
      await world.eventually(async () => {
        const history = await alice.messages.getHistory(groupConversationID(group.groupID), '', 20);
        const texts = history.messages.flatMap((m) => (m.textElem ? [m.textElem.content] : []));
        expect(texts).toContain('hi all');
        expect(texts).toContain('back');
        expect(texts).not.toContain('hey?');
        expect(history.messages.map((m) => m.clientMsgID)).toContain(back.clientMsgID);
      });
      bobGroups.stop();
      aliceInbox.stop();
    });
  });
}
