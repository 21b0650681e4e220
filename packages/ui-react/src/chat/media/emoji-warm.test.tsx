import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionType } from '@teamim/domain';
import { TestWorld } from '@teamim/application/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderChat } from '../../testing/render-chat';
import { emojiPanel } from './emoji-panel';

// The real picker renders its whole grid in jsdom (nothing is laid out, so it cannot virtualize), which
// takes many seconds there; what is tested here is where the button keeps it, not the picker itself. The
// deferred panel is replaced where the button reads it rather than by mocking its module: the view test
// files share a module graph, and an earlier file may have loaded the real panel already.
function FakePanel() {
  return (
    <div className="EmojiPickerReact">
      <input type="search" aria-label="Search" />
    </div>
  );
}

beforeEach(() => {
  vi.spyOn(emojiPanel, 'Component').mockImplementation(FakePanel);
  vi.spyOn(emojiPanel, 'preload').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function chat() {
  const w = new TestWorld().users({ userID: 'alice', nickname: 'Alice' }, { userID: 'bob', nickname: 'Bob' });
  w.backend.makeFriends('alice', 'bob');
  const alice = await w.signIn('alice');
  await alice.conversations.open('bob', SessionType.Single);
  await w.settle();
  const id = alice.conversations.snapshot[0]?.conversationID ?? '';
  await renderChat(alice, id);
  await screen.findByRole('heading', { level: 2, name: 'Bob' });
}

describe('the emoji picker warmed on intent', () => {
  it('renders hidden and inert once the pointer reaches the button, and is shown by the click', async () => {
    await chat();
    const button = within(screen.getByRole('toolbar')).getByRole('button', { name: 'Emoji' });
    expect(document.querySelector('.EmojiPickerReact')).toBeNull();
    await userEvent.hover(button);
    const picker = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.EmojiPickerReact');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(picker.closest<HTMLElement>('[inert]')).not.toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('searchbox')).toBeNull();
    await userEvent.click(button);
    // Fluent's focus trap marks its own surface aria-hidden in jsdom, so it is looked up by its attributes.
    const dialog = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[role="dialog"][aria-label="Emoji"]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    // The same rendered picker, moved in: not rendered again.
    expect(dialog.contains(picker)).toBe(true);
    expect(picker.closest<HTMLElement>('[inert]')).toBeNull();
    picker.querySelector('input')?.focus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    // Kept rendered, parked again, for the next open.
    expect(picker.isConnected).toBe(true);
    expect(picker.closest<HTMLElement>('[inert]')).not.toBeNull();
  });
});
