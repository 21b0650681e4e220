import type { ConversationEvent } from '@teamim/application';
import { parseLatestMessage, RecvMsgOpt, SessionType, singleConversationID } from '@teamim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, recorder, sendText, type MakeWorld } from './im-contract-kit';
import type { ImWorld, SignedIn } from './im-worlds';

/**
 * ConversationsGateway contract: the conversation a message creates, unread counting and read marking,
 * finding a conversation, pinning, the receive option, the server's first page and deleting a conversation
 * with its messages.
 * alice and bob are friends and signed in once (on the real side: two SDK instances).
 */
export function imConversationsContract(side: string, makeWorld: MakeWorld): void {
  describe(`ConversationsGateway contract: ${side}`, () => {
    let world: ImWorld;
    let alice: SignedIn;
    let bob: SignedIn;
    let conversationID: string;

    beforeAll(async () => {
      world = await makeWorld();
      alice = await world.signIn('alice');
      bob = await world.signIn('bob');
      await befriend(world, alice, bob);
      conversationID = singleConversationID(alice.user.userID, bob.user.userID);
    });
    afterAll(async () => {
      await world.close();
    });

    async function bobsConversation() {
      const page = await bob.conversations.getConversationsPage(0, 50);
      return page.find((c) => c.conversationID === conversationID);
    }

    it('a message counts as unread for the receiver only; marking read clears it', async () => {
      await bob.conversations.markAsRead(conversationID).catch(() => undefined);
      const events = recorder<ConversationEvent>(bob.conversations.events$);
      const sent = await sendText(alice, bob, 'count me');
      await world.eventually(async () => {
        const view = await bobsConversation();
        expect(view).toMatchObject({
          conversationType: SessionType.Single,
          userID: alice.user.userID,
          unreadCount: 1,
          latestMsgSendTime: sent.sendTime,
        });
        expect(view?.latestMsg).toContain(sent.clientMsgID);
        expect(await bob.conversations.getTotalUnread()).toBe(1);
        expect(events.values).toContainEqual({ type: 'totalUnreadChanged', count: 1 });
      });
      expect(await alice.conversations.getTotalUnread()).toBe(0);
      await bob.conversations.markAsRead(conversationID);
      await world.eventually(async () => {
        expect(await bob.conversations.getTotalUnread()).toBe(0);
        expect((await bobsConversation())?.unreadCount).toBe(0);
      });
      events.stop();
    });

    it('the one-to-one conversation is found by the peer id', async () => {
      const found = await bob.conversations.getOneConversation(alice.user.userID, SessionType.Single);
      expect(found).toMatchObject({ conversationID, userID: alice.user.userID, groupID: '' });
    });

    it('pinning and unpinning is stored and announced', async () => {
      const events = recorder<ConversationEvent>(bob.conversations.events$);
      await bob.conversations.setPinned(conversationID, true);
      await world.eventually(async () => {
        expect((await bobsConversation())?.isPinned).toBe(true);
        const changed = events.values.flatMap((e) =>
          e.type === 'conversationChanged' ? e.conversations : [],
        );
        expect(changed.some((c) => c.conversationID === conversationID && c.isPinned)).toBe(true);
      });
      await bob.conversations.setPinned(conversationID, false);
      await world.eventually(async () => {
        expect((await bobsConversation())?.isPinned).toBe(false);
      });
      events.stop();
    });

    it('a draft is kept with the conversation and removed by blank text', async () => {
      const events = recorder<ConversationEvent>(bob.conversations.events$);
      await bob.conversations.setDraft(conversationID, 'half a thought');
      await world.eventually(async () => {
        const stored = await bobsConversation();
        expect(stored?.draftText).toBe('half a thought');
        expect(stored?.draftTextTime).toBeGreaterThan(0);
        const changed = events.values.flatMap((e) =>
          e.type === 'conversationChanged' ? e.conversations : [],
        );
        expect(
          changed.some((c) => c.conversationID === conversationID && c.draftText === 'half a thought'),
        ).toBe(true);
      });
      await bob.conversations.setDraft(conversationID, '');
      await world.eventually(async () => {
        const stored = await bobsConversation();
        expect(stored?.draftText ?? '').toBe('');
        expect(stored?.draftTextTime).toBe(0);
      });
      events.stop();
    });

    it('the receive option is stored', async () => {
      await bob.conversations.setRecvMsgOpt(conversationID, RecvMsgOpt.NotNotify);
      await world.eventually(async () => {
        expect((await bobsConversation())?.recvMsgOpt).toBe(RecvMsgOpt.NotNotify);
      });
      await bob.conversations.setRecvMsgOpt(conversationID, RecvMsgOpt.Normal);
      await world.eventually(async () => {
        expect((await bobsConversation())?.recvMsgOpt).toBe(RecvMsgOpt.Normal);
      });
    });

    it('the server first page lists the conversation as the local list does, with its newest message', async () => {
      const sent = await sendText(alice, bob, 'first page');
      await world.eventually(async () => {
        const local = await bobsConversation();
        const page = await bob.conversations.getServerFirstPage(bob.user.userID, 10);
        const remote = page.find((c) => c.conversationID === conversationID);
        expect(remote).toMatchObject({
          conversationType: SessionType.Single,
          userID: alice.user.userID,
          groupID: '',
          showName: local?.showName,
          unreadCount: 1,
          latestMsgSendTime: sent.sendTime,
          isPinned: false,
        });
        // What its preview reads (the adapter keeps no more of a latest message: compactLatestMessage).
        expect(parseLatestMessage(remote ?? { latestMsg: '' })).toMatchObject({
          clientMsgID: sent.clientMsgID,
          contentType: sent.contentType,
          textElem: { content: 'first page' },
        });
      });
      await bob.conversations.markAsRead(conversationID);
    });

    it('deleting a conversation removes it and its messages', async () => {
      await bob.conversations.deleteConversation(conversationID);
      await world.eventually(async () => {
        expect(await bobsConversation()).toBeUndefined();
        const history = await bob.messages.getHistory(conversationID, '', 20);
        expect(history.messages).toEqual([]);
      });
    });
  });
}
