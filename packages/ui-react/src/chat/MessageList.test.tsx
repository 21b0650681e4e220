import { ok, SessionType } from '@teamim/domain';
import type { ChatViewModel, ChatViewState } from '@teamim/application';
import { act } from '@testing-library/react';
import { useState } from 'react';
import { TestWorld } from '@teamim/application/testing';
import { firstValueFrom, filter } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactDialogsProvider } from '../shell/contact-dialogs';
import { renderView } from '../testing/render';
import { MessageActionsHost } from './actions/MessageActionsHost';
import { MessageList } from './MessageList';

type OpenState = Extract<ChatViewState, { status: 'open' }>;

/** jsdom has no layout: the list is given a filled viewport scrolled to the top, as in the browser. */
function layOut(scrollHeight: number, clientHeight: number) {
  const restore = [
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(scrollHeight),
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(clientHeight),
  ];
  return () => restore.forEach((spy) => spy.mockRestore());
}

/** The list scrolls to its bottom when it opens, once more a frame later. */
const settledAtBottom = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** The list as the chat view renders it, with `hasMore` changed from outside as the store changes it. */
function harness(vm: ChatViewModel, state: OpenState) {
  const control = { setHasMore: (_: boolean): void => undefined };
  function View() {
    const [hasMore, setHasMore] = useState(false);
    control.setHasMore = setHasMore;
    return (
      <MessageActionsHost vm={vm}>
        <MessageList vm={vm} state={{ ...state, hasMore }} />
      </MessageActionsHost>
    );
  }
  return { View, setHasMore: (value: boolean) => control.setHasMore(value) };
}

let undo: () => void = () => undefined;
afterEach(() => undo());

async function openChat() {
  const w = new TestWorld().users({ userID: 'alice', nickname: 'Alice' }, { userID: 'bob', nickname: 'Bob' });
  w.backend.makeFriends('alice', 'bob');
  const alice = await w.signIn('alice');
  await alice.conversations.open('bob', SessionType.Single);
  for (const n of [1, 2, 3]) await alice.chat.sendText(`line ${n}`);
  await w.settle();
  const id = alice.conversations.snapshot[0]?.conversationID ?? '';
  const vm = alice.viewModels.chat(id);
  const state = (await firstValueFrom(
    vm.state$.pipe(filter((s) => s.status === 'open' && s.messages.length === 3)),
  )) as OpenState;
  return { vm, state };
}

/**
 * The open chat's list with nothing older yet (the server's copy), laid out over 2,000 px in a 500 px
 * viewport and settled at its bottom; `loadOlder` is recorded, and `setHasMore` changes the state.
 */
async function shownFromServer() {
  const { vm, state } = await openChat();
  undo = layOut(2_000, 500);
  const loadOlder = vi.spyOn(vm, 'loadOlder').mockResolvedValue(ok(undefined));
  const list = harness(vm, state);
  const view = await renderView(<list.View />, {
    wrap: (children) => <ContactDialogsProvider>{children}</ContactDialogsProvider>,
  });
  await settledAtBottom();
  return { loadOlder, setHasMore: list.setHasMore, log: view.getByRole('log', { name: 'Messages' }) };
}

describe('message list', () => {
  it('loads older history at once when it becomes available while the reader is already at the top', async () => {
    const { loadOlder, setHasMore, log } = await shownFromServer();
    // The reader scrolls to the top of the server's copy.
    log.scrollTop = 0;
    expect(loadOlder).not.toHaveBeenCalled();

    // The SDK's history arrives with more behind it; no scroll event comes, the reader is at the top.
    act(() => setHasMore(true));
    expect(loadOlder).toHaveBeenCalledTimes(1);
  });

  it('does not load older history on its own while the reader is further down', async () => {
    const { loadOlder, setHasMore, log } = await shownFromServer();
    log.scrollTop = 900;

    act(() => setHasMore(true));
    expect(loadOlder).not.toHaveBeenCalled();
  });
});
