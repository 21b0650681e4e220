import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { RecvMsgOpt, SessionType, type Conversation } from '@teamim/domain';
import { DraftBook, withDrafts } from './drafts';

const conversation = (id: string, latestMsgSendTime: number, isPinned = false): Conversation => ({
  conversationID: id,
  conversationType: SessionType.Single,
  userID: id,
  groupID: '',
  showName: id,
  faceURL: '',
  unreadCount: 0,
  latestMsg: '',
  latestMsgSendTime,
  draftTextTime: 0,
  isPinned,
  recvMsgOpt: RecvMsgOpt.Normal,
});

describe('drafts per conversation', () => {
  it('keeps each conversation its own text; blank text removes the draft', async () => {
    const book = new DraftBook();
    book.set('a', 'for a', 10);
    book.set('b', 'for b', 20);
    expect(book.get('a')).toBe('for a');
    expect(book.get('b')).toBe('for b');
    book.set('a', '   ', 30);
    expect(book.get('a')).toBe('');
    expect([...(await firstValueFrom(book.drafts$)).keys()]).toEqual(['b']);
  });

  it('keeps the time the draft was started while it is edited', async () => {
    const book = new DraftBook();
    book.set('a', 'h', 10);
    book.set('a', 'hello', 50);
    expect((await firstValueFrom(book.drafts$)).get('a')).toEqual({ text: 'hello', time: 10 });
  });

  it('clear forgets every draft (sign-out)', () => {
    const book = new DraftBook();
    book.set('a', 'x', 1);
    book.clear();
    expect(book.get('a')).toBe('');
  });

  it('a draft shows in the list and sorts by the later of draft and last message, pinned still first', () => {
    const list = [conversation('pinned', 1, true), conversation('new', 300), conversation('old', 100)];
    const drafts = new Map([['old', { text: 'later', time: 500 }]]);
    const shown = withDrafts(list, drafts);
    expect(shown.map((c) => c.conversationID)).toEqual(['pinned', 'old', 'new']);
    expect(shown[1]?.draftText).toBe('later');
  });

  it('the open conversation does not move while its draft is typed; no drafts leave the list as is', () => {
    const list = [conversation('new', 300), conversation('old', 100)];
    const drafts = new Map([['old', { text: 'typing', time: 500 }]]);
    expect(withDrafts(list, drafts, 'old')).toBe(list);
    expect(withDrafts(list, new Map())).toBe(list);
  });
});
