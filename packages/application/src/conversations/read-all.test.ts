import { describe, expect, it } from 'vitest';
import { PAGING, RecvMsgOpt, SessionType, type Conversation } from '@teamim/domain';
import type { ConversationsGateway } from '../ports/conversations.port';
import { RecordingNotifier } from '../testing';
import { readAllConversations } from './read-all';

const entry = (conversationID: string): Conversation => ({
  conversationID,
  conversationType: SessionType.Single,
  userID: conversationID,
  groupID: '',
  showName: conversationID,
  faceURL: '',
  unreadCount: 0,
  latestMsg: '',
  latestMsgSendTime: 1,
  draftTextTime: 0,
  isPinned: false,
  recvMsgOpt: RecvMsgOpt.Normal,
});

/** An SDK holding `count` conversations, answering each page with fresh objects; `offsets` lists the reads. */
function sdkHolding(count: number) {
  const offsets: number[] = [];
  const gateway = {
    getConversationsPage: (offset: number, size: number) => {
      offsets.push(offset);
      const end = Math.min(count, offset + size);
      return Promise.resolve(
        Array.from({ length: Math.max(0, end - offset) }, (_, i) => entry(`c${offset + i}`)),
      );
    },
  } as unknown as ConversationsGateway;
  return { gateway, offsets };
}

describe('reading every conversation of the SDK', () => {
  it('holds each page as `keep` gives it back, as it comes, and reads on after the SDK’s own page', async () => {
    const { gateway, offsets } = sdkHolding(PAGING.conversation + 3);
    const kept = new Map<string, Conversation>();
    // The list's own objects stand in for what it already shows.
    const keep = (page: readonly Conversation[]) =>
      page.map((c) => kept.get(c.conversationID) ?? kept.set(c.conversationID, c).get(c.conversationID)!);

    const result = await readAllConversations(gateway, new RecordingNotifier(), { keep });

    expect(offsets).toEqual([0, PAGING.conversation]);
    expect(result.ok && result.value.every((c) => kept.get(c.conversationID) === c)).toBe(true);
    expect(result.ok && result.value.length).toBe(PAGING.conversation + 3);
  });

  it('ends after the page under way once told to stop, with what it has', async () => {
    const { gateway, offsets } = sdkHolding(PAGING.conversation * 3);
    let stop = false;
    const keep = (page: readonly Conversation[]) => {
      stop = true;
      return page;
    };

    const result = await readAllConversations(gateway, new RecordingNotifier(), { keep, stop: () => stop });

    expect(offsets).toEqual([0]);
    expect(result.ok && result.value.length).toBe(PAGING.conversation);
  });
});
