import { describe, expect, it } from 'vitest';
import { BehaviorSubject } from 'rxjs';
import { err, ok, type Message, type Result } from '@teamim/domain';
import { drainMicrotasks } from '../testing/fake-clock';
import type { AppError } from '../shared/app-error';
import type { ChatStore } from './chat.store';
import { JUMP_CONTEXT, JUMP_MAX_MESSAGES, loadThrough } from './open-at-message';

interface FakeState {
  readonly conversationID: string | undefined;
  readonly loading: boolean;
  readonly messages: readonly Message[];
  readonly hasMore: boolean;
}

const msg = (clientMsgID: string, seq?: number): Message => ({ clientMsgID, seq }) as unknown as Message;

/** A conversation's history (oldest first), of which the newest `shown` are loaded; loadMore prepends older ones. */
function fakeChat(history: readonly Message[], shown: number, options: { failLoads?: boolean } = {}) {
  let start = history.length - shown;
  const state = new BehaviorSubject<FakeState>({
    conversationID: 'c1',
    loading: false,
    messages: history.slice(start),
    hasMore: start > 0,
  });
  const loads: number[] = [];
  const chat = {
    state$: state,
    loadMore: (count: number): Promise<Result<void, AppError>> => {
      loads.push(count);
      if (options.failLoads === true || loads.length > 100) {
        return Promise.resolve(err({ kind: 'remote', code: 1001, message: 'network' }));
      }
      start = Math.max(0, start - count);
      state.next({ ...state.value, messages: history.slice(start), hasMore: start > 0 });
      return Promise.resolve(ok(undefined));
    },
  } as unknown as ChatStore;
  return { chat, state, loads };
}

/** Messages with seqs from..to (oldest first), named m<seq>. */
const seqs = (from: number, to: number): Message[] =>
  Array.from({ length: to - from + 1 }, (_, i) => msg(`m${from + i}`, from + i));

describe('jumping to a message loads the history back to it, with context above (quotes, pins, search)', () => {
  it(`reads nothing when the target already has ${JUMP_CONTEXT} messages above it`, async () => {
    const { chat, loads } = fakeChat(seqs(1, 100), 30);
    expect(await loadThrough(chat, 'c1', { clientMsgID: 'm81', seq: 81 })).toEqual(ok(undefined));
    expect(loads).toEqual([]);
  });

  it('reads just the missing context when the target is loaded near the top of a longer history', async () => {
    const { chat, loads } = fakeChat(seqs(1, 100), 30);
    expect(await loadThrough(chat, 'c1', { clientMsgID: 'm74' })).toEqual(ok(undefined));
    expect(loads).toEqual([JUMP_CONTEXT - 3]);
  });

  it('reads a whole context when the target is the oldest loaded message', async () => {
    const { chat, loads } = fakeChat(seqs(1, 100), 30);
    expect(await loadThrough(chat, 'c1', { clientMsgID: 'm71', seq: 71 })).toEqual(ok(undefined));
    expect(loads).toEqual([JUMP_CONTEXT]);
  });

  it('reads nothing more when the whole history is loaded and holds the target', async () => {
    const { chat, loads } = fakeChat(seqs(1, 30), 30);
    expect(await loadThrough(chat, 'c1', { clientMsgID: 'm3' })).toEqual(ok(undefined));
    expect(loads).toEqual([]);
  });

  it('spans the distance to a known seq in one read, counted from the oldest message with a seq', async () => {
    const history = [...seqs(1, 49), msg('unsent-a', 0), msg('unsent-b'), ...seqs(50, 80)];
    const { chat, loads } = fakeChat(history, 33);
    expect(await loadThrough(chat, 'c1', { clientMsgID: 'm45', seq: 45 })).toEqual(ok(undefined));
    expect(loads).toEqual([50 - 45 + JUMP_CONTEXT]);
  });

  it('reads pages of 100 when the target has no seq', async () => {
    const { chat, loads } = fakeChat(seqs(1, 500), 51);
    expect(await loadThrough(chat, 'c1', { clientMsgID: 'm420' })).toEqual(ok(undefined));
    expect(loads).toEqual([100]);
  });

  it('reads pages of 100 when the seq of a target not loaded is not older than the oldest loaded', async () => {
    // Seq 450 is the oldest loaded message; a target claiming 460 or 450 but not among them was deleted.
    for (const seq of [460, 450]) {
      const { chat, loads } = fakeChat(seqs(1, 500), 51);
      expect(await loadThrough(chat, 'c1', { clientMsgID: 'deleted', seq })).toEqual(
        err({ kind: 'state', reason: 'message not in the history' }),
      );
      expect(loads).toEqual([100, 100, 100, 100, 100]);
    }
  });

  it('reads pages of 100 when no loaded message has a seq yet', async () => {
    const history = [...seqs(1, 300), msg('a'), msg('b')];
    const { chat, loads } = fakeChat(history, 2);
    expect(await loadThrough(chat, 'c1', { clientMsgID: 'm250', seq: 250 })).toEqual(ok(undefined));
    expect(loads).toEqual([100]);
  });

  it(`gives up after ${JUMP_MAX_MESSAGES} messages read: the target is not in the history`, async () => {
    const { chat, loads } = fakeChat(seqs(1, 3000), 20);
    expect(await loadThrough(chat, 'c1', { clientMsgID: 'deleted' })).toEqual(
      err({ kind: 'state', reason: 'message not in the history' }),
    );
    expect(loads).toEqual(Array.from({ length: 20 }, () => 100));
  });

  it(`caps one read by seq at ${JUMP_MAX_MESSAGES} messages`, async () => {
    const { chat, loads } = fakeChat(seqs(1, 3000), 20);
    expect(await loadThrough(chat, 'c1', { clientMsgID: 'm5', seq: 5 })).toEqual(
      err({ kind: 'state', reason: 'message not in the history' }),
    );
    expect(loads).toEqual([JUMP_MAX_MESSAGES]);
  });

  it(`shows a target reached at the limit of ${JUMP_MAX_MESSAGES} messages, without its context`, async () => {
    const { chat, loads } = fakeChat(seqs(1, 2500), 20);
    // The first message loaded by the 20th page: found at index 0, with no reads left for context.
    expect(await loadThrough(chat, 'c1', { clientMsgID: 'm481' })).toEqual(ok(undefined));
    expect(loads).toEqual(Array.from({ length: 20 }, () => 100));
  });

  it('reads page after page until the target comes', async () => {
    const { chat, loads } = fakeChat(seqs(1, 500), 20);
    expect(await loadThrough(chat, 'c1', { clientMsgID: 'm300' })).toEqual(ok(undefined));
    expect(loads).toEqual([100, 100]);
  });

  it('a target missing from a fully loaded history is an error, with nothing read', async () => {
    const { chat, loads } = fakeChat(seqs(1, 30), 30);
    expect(await loadThrough(chat, 'c1', { clientMsgID: 'deleted', seq: 12 })).toEqual(
      err({ kind: 'state', reason: 'message not in the history' }),
    );
    expect(loads).toEqual([]);
  });

  it('returns a failed read as it is, without reading again', async () => {
    const { chat, loads } = fakeChat(seqs(1, 500), 20, { failLoads: true });
    expect(await loadThrough(chat, 'c1', { clientMsgID: 'm300' })).toEqual(
      err({ kind: 'remote', code: 1001, message: 'network' }),
    );
    expect(loads).toEqual([100]);
  });

  it("waits for the conversation's first page before looking", async () => {
    const { chat, state, loads } = fakeChat(seqs(1, 30), 30);
    state.next({ conversationID: 'c1', loading: true, messages: [], hasMore: false });
    const result = loadThrough(chat, 'c1', { clientMsgID: 'm3' });
    await drainMicrotasks();
    state.next({ conversationID: 'c1', loading: false, messages: seqs(1, 30), hasMore: false });
    expect(await result).toEqual(ok(undefined));
    expect(loads).toEqual([]);
  });

  it('stops with an error when another conversation opens while the first page loads', async () => {
    const { chat, state } = fakeChat(seqs(1, 30), 30);
    state.next({ conversationID: 'c1', loading: true, messages: [], hasMore: false });
    let result: Result<void, AppError> | undefined;
    void loadThrough(chat, 'c1', { clientMsgID: 'm3' }).then((r) => (result = r));
    await drainMicrotasks();
    state.next({ conversationID: 'c2', loading: true, messages: [], hasMore: false });
    await drainMicrotasks();
    expect(result).toEqual(err({ kind: 'state', reason: 'conversation closed' }));
  });
});
