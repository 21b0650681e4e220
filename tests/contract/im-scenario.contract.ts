import type { ContactEvent, MessageEvent } from '@teamim/application';
import { ContentType, singleConversationID } from '@teamim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receivedOf, recorder, sendText, type MakeWorld } from './im-contract-kit';
import type { ImWorld, SignedIn } from './im-worlds';

/**
 * The shared use-case scenario, run with the same assertions on the fakes and on the real adapters:
 * two strangers befriend, chat both ways, and one revokes a message. (The fuller scenario with a
 * group and a muted member needs the server's group endpoints; the groups contract covers it on the fakes.)
 * It drives the IM ports, which is what the application's use cases call.
 */
export function imBefriendChatRevokeScenario(side: string, makeWorld: MakeWorld): void {
  describe(`scenario "befriend, chat both ways, revoke": ${side}`, () => {
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

    it('alice and bob become friends, talk, and bob takes back his reply', async () => {
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
  });
}
