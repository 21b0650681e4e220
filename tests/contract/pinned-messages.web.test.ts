import { MemoryStorage, WebLocalStore } from '@teamim/adapters-http';
import { PinnedMessagesStore } from '@teamim/application';
import { RecordingNotifier } from '@teamim/application/testing';
import { ContentType, MessageStatus, SessionType, type Message } from '@teamim/domain';
import { describe, expect, it } from 'vitest';

const groupMessage = (clientMsgID: string, text: string): Message => ({
  clientMsgID,
  sendID: 'alice',
  recvID: '',
  groupID: 'g1',
  sessionType: SessionType.Group,
  contentType: ContentType.Text,
  textElem: { content: text },
  sendTime: 1_700_000_000_000,
  senderNickname: 'Alice',
  senderFaceUrl: '',
  status: MessageStatus.Succeeded,
  isRead: true,
});

// The application's pinned-message store on the browser local-storage adapter: pins survive a
// reload (a new store over the same Storage) under pinned_message_<conversationID> (spec §3).
describe('pinned messages in browser local storage', () => {
  it('keeps pins across a reload, newest first, and forgets the key when the last one is unpinned', () => {
    const storage = new MemoryStorage();
    const before = new PinnedMessagesStore(new WebLocalStore(storage), new RecordingNotifier());
    const first = groupMessage('m1', 'first');
    const second = groupMessage('m2', '第二 👋');
    expect(before.pin('sg_g1', first).ok).toBe(true);
    expect(before.pin('sg_g1', second).ok).toBe(true);
    expect(storage.getItem('pinned_message_sg_g1')).not.toBeNull();

    const afterReload = new PinnedMessagesStore(new WebLocalStore(storage), new RecordingNotifier());
    expect(afterReload.list('sg_g1')).toEqual([second, first]);

    afterReload.unpin('sg_g1', second);
    afterReload.unpin('sg_g1', first);
    expect(storage.getItem('pinned_message_sg_g1')).toBeNull();
    expect(storage.length).toBe(0);
  });
});
