import { describe, expect, it } from 'vitest';
import { config, Subject } from 'rxjs';
import { SessionType, type Conversation, type Message } from '@teamim/domain';
import { FakeClock } from '../testing/fake-clock';
import type { ConversationStore } from '../conversations/conversation.store';
import type { CurrentUser } from '../session/current-user';
import type { Logger } from '../ports/logger.port';
import type { MessageEvent, MessagesGateway } from '../ports/messages.port';
import { TYPING_SEND_INTERVAL_MS, TYPING_SHOW_MS, TypingStore } from './typing.store';

const conversation = (conversationID: string, conversationType: number, userID: string): Conversation =>
  ({ conversationID, conversationType, userID, groupID: '' }) as unknown as Conversation;
const message = (sendID: string, sessionType: number): Message =>
  ({ sendID, sessionType }) as unknown as Message;

function setUp(options: { current?: Conversation; list?: readonly Conversation[]; failSend?: boolean } = {}) {
  const events = new Subject<MessageEvent>();
  const sent: [string, string][] = [];
  const warnings: [string, unknown][] = [];
  const gateway = {
    events$: events,
    sendTyping: (recvID: string, tip: string) => {
      sent.push([recvID, tip]);
      return options.failSend === true ? Promise.reject(new Error('offline')) : Promise.resolve();
    },
  } as unknown as MessagesGateway;
  const conversations = {
    currentConversation: options.current,
    snapshot: options.list ?? [],
  } as unknown as ConversationStore;
  const currentUser = { id: () => 'me' } as unknown as CurrentUser;
  const logger = {
    warn: (text: string, context: unknown) => warnings.push([text, context]),
  } as unknown as Logger;
  const clock = new FakeClock();
  const store = new TypingStore(gateway, conversations, currentUser, clock, logger);
  const typing = (conversationID: string): boolean[] => {
    const seen: boolean[] = [];
    store.peerTyping$(conversationID).subscribe((v) => seen.push(v));
    return seen;
  };
  return { events, sent, warnings, clock, store, typing };
}

describe('typing: what the peers type (spec §4 presence)', () => {
  it("ignores the user's own typing notices (another device of the same account)", () => {
    const { events, typing } = setUp();
    const seen = typing('c1');
    events.next({ type: 'typing', conversationID: 'c1', userID: 'me', typing: true });
    expect(seen).toEqual([false]);
  });

  it('a "stopped typing" notice hides the indicator at once, before it would expire', async () => {
    const { events, typing, clock } = setUp();
    const seen = typing('c1');
    events.next({ type: 'typing', conversationID: 'c1', userID: 'bob', typing: true });
    await clock.advance(1_000);
    events.next({ type: 'typing', conversationID: 'c1', userID: 'bob', typing: false });
    expect(seen).toEqual([false, true, false]);
  });

  it('a "stopped typing" notice for a conversation nobody types in changes nothing and raises nothing', async () => {
    const { events, typing, clock } = setUp();
    const errors: unknown[] = [];
    const previous = config.onUnhandledError;
    config.onUnhandledError = (error) => errors.push(error);
    try {
      const seen = typing('c1');
      events.next({ type: 'typing', conversationID: 'c2', userID: 'bob', typing: false });
      events.next({ type: 'typing', conversationID: 'c1', userID: 'bob', typing: true });
      await clock.advance(TYPING_SHOW_MS);
      expect(seen).toEqual([false, true, false]);
      // RxJS reports an error thrown by a subscriber from a macrotask.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(errors).toEqual([]);
    } finally {
      config.onUnhandledError = previous;
    }
  });

  it("the peer's one-to-one message hides only that peer's indicator; other peers keep theirs", () => {
    const { events, typing } = setUp();
    const first = typing('c1');
    const second = typing('c2');
    events.next({ type: 'typing', conversationID: 'c1', userID: 'bob', typing: true });
    events.next({ type: 'typing', conversationID: 'c2', userID: 'carol', typing: true });
    events.next({
      type: 'received',
      messages: [message('dave', SessionType.Single), message('carol', SessionType.Single)],
    });
    expect(first).toEqual([false, true]);
    expect(second).toEqual([false, true, false]);
  });

  it("a group message from a peer typing in a one-to-one chat leaves that chat's indicator on", () => {
    const { events, typing } = setUp();
    const seen = typing('c1');
    events.next({ type: 'typing', conversationID: 'c1', userID: 'bob', typing: true });
    events.next({ type: 'received', messages: [message('bob', SessionType.Group)] });
    expect(seen).toEqual([false, true]);
  });
});

describe('typing: telling the peer (spec §4 presence)', () => {
  const bobChat = conversation('si_bob', SessionType.Single, 'bob');
  const carolChat = conversation('si_carol', SessionType.Single, 'carol');

  it('tells the peer of the open one-to-one chat, even when the list does not hold it yet', () => {
    const { store, sent } = setUp({ current: bobChat, list: [carolChat] });
    store.typed('si_bob');
    expect(sent).toEqual([['bob', 'yes']]);
  });

  it('tells the peer of a listed chat that is not the open one (not the open chat’s peer)', () => {
    const { store, sent } = setUp({ current: bobChat, list: [bobChat, carolChat] });
    store.typed('si_carol');
    expect(sent).toEqual([['carol', 'yes']]);
  });

  it('with no chat open, finds the conversation in the list', () => {
    const { store, sent } = setUp({ list: [bobChat, carolChat] });
    store.typed('si_carol');
    expect(sent).toEqual([['carol', 'yes']]);
  });

  it('tells nobody in a group, in a chat without a peer id, or in an unknown conversation', () => {
    const group = conversation('sg_team', SessionType.Group, 'bob');
    const noPeer = conversation('si_x', SessionType.Single, '');
    const { store, sent } = setUp({ current: group, list: [group, noPeer] });
    store.typed('sg_team');
    store.typed('si_x');
    store.typed('si_unknown');
    expect(sent).toEqual([]);
  });

  it('sends at most once per interval per chat, and again at once after the user sent the message', async () => {
    const { store, sent, clock } = setUp({ list: [bobChat, carolChat] });
    await clock.advance(7_000);
    store.typed('si_bob');
    store.typed('si_carol');
    await clock.advance(TYPING_SEND_INTERVAL_MS - 1);
    store.typed('si_bob');
    store.sent('si_carol');
    store.typed('si_carol');
    expect(sent).toEqual([
      ['bob', 'yes'],
      ['carol', 'yes'],
      ['carol', 'yes'],
    ]);
    await clock.advance(1);
    store.typed('si_bob');
    expect(sent).toEqual([
      ['bob', 'yes'],
      ['carol', 'yes'],
      ['carol', 'yes'],
      ['bob', 'yes'],
    ]);
  });

  it('a lost notice is only logged as a warning', async () => {
    const { store, warnings, clock } = setUp({ list: [bobChat], failSend: true });
    store.typed('si_bob');
    await clock.advance(0);
    expect(warnings).toEqual([['typing notice failed', { error: 'Error: offline' }]]);
  });
});
