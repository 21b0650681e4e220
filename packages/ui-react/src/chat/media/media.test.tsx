import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SessionType } from '@teamim/domain';
import { TestWorld } from '@teamim/application/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { renderView } from '../../testing/render';
import { renderChat } from '../../testing/render-chat';
import { ChatLayout } from '../ChatPages';
import { emojiPanel } from './emoji-panel';
import { insertText } from './insert-text';

const HOSTILE = '<img src=x onerror=alert(1)>.pdf';

async function world() {
  const w = new TestWorld().users({ userID: 'alice', nickname: 'Alice' }, { userID: 'bob', nickname: 'Bob' });
  w.backend.makeFriends('alice', 'bob');
  const alice = await w.signIn('alice');
  const bob = await w.signIn('bob');
  await bob.conversations.open('alice', SessionType.Single);
  const file = { name: HOSTILE, mimeType: 'application/pdf', size: 3 * 1024 * 1024, handle: null };
  await bob.chat.send({ kind: 'file', file });
  await bob.chat.send({
    kind: 'picture',
    file: { name: 'cat.png', mimeType: 'image/png', size: 10, handle: null },
    width: 1000,
    height: 500,
  });
  await w.settle();
  const id = alice.conversations.snapshot[0]?.conversationID ?? '';
  await renderChat(alice, id);
  await screen.findByRole('heading', { level: 2, name: 'Bob' });
  return { w, alice, bob };
}

describe('media in the chat view', () => {
  it('shows a file as a card whose name is text and whose download keeps the name', async () => {
    await world();
    const log = screen.getByRole('log', { name: 'Messages' });
    const link = await within(log).findByRole('link', { name: `Download ${HOSTILE}` });
    expect(link.getAttribute('download')).toBe(HOSTILE);
    expect(link.getAttribute('href')).toMatch(/^https:\/\/files\.fake\//);
    expect(within(log).getByText(HOSTILE)).toBeTruthy();
    expect(within(log).getByText('3 MB')).toBeTruthy();
    expect(log.querySelector('img[src="x"]')).toBeNull();
  });

  it('shows a picture at its reserved display size (max 200 wide) as a button that opens it', async () => {
    await world();
    const log = screen.getByRole('log', { name: 'Messages' });
    const open = await within(log).findByRole('button', { name: 'Open picture' });
    const image = open.querySelector('img');
    expect(image?.getAttribute('width')).toBe('200');
    expect(image?.getAttribute('height')).toBe('100');
    expect(image?.getAttribute('alt')).toBe('Picture from Bob');
  });

  it('refuses an SVG picked as a file with the spec error, and sends a text file', async () => {
    const { w, bob } = await world();
    const input = screen.getByTestId('file-input');
    await userEvent.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Unsupported file type');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await w.settle();
    await waitFor(() => expect(bob.chat.snapshot.messages.at(-1)?.fileElem?.fileName).toBe('notes.txt'));
  });

  it('has the emoji, picture and file tools in the composer toolbar', async () => {
    await world();
    const toolbar = screen.getByRole('toolbar');
    expect(within(toolbar).getByRole('button', { name: 'Emoji' })).toBeTruthy();
    expect(within(toolbar).getByRole('button', { name: 'Send a picture or video' })).toBeTruthy();
    expect(within(toolbar).getByRole('button', { name: 'Send a file' })).toBeTruthy();
    // Arrow keys move between the tools, wrapping around.
    within(toolbar).getByRole('button', { name: 'Emoji' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(
      within(toolbar).getByRole('button', { name: 'Send a picture or video' }),
    );
    // Back past the first tool wraps to the last (the red packet, where the deployment has a wallet).
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(within(toolbar).getAllByRole('button').at(-1));
    expect(document.activeElement).not.toBe(within(toolbar).getByRole('button', { name: 'Emoji' }));
  });
});

describe('the emoji picker on first use', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  // jsdom has no requestIdleCallback: "idle" is a timer of a second there.
  it('is fetched while idle once a composer shows, not with the conversation list alone', async () => {
    const preload = vi.spyOn(emojiPanel, 'preload').mockImplementation(() => undefined);
    const w = new TestWorld().users(
      { userID: 'alice', nickname: 'Alice' },
      { userID: 'bob', nickname: 'Bob' },
    );
    w.backend.makeFriends('alice', 'bob');
    const alice = await w.signIn('alice');
    await renderView(
      <Routes>
        <Route path="/chat" element={<ChatLayout prefetchView={() => undefined} />} />
      </Routes>,
      { viewModels: alice.viewModels, route: '/chat' },
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(preload).not.toHaveBeenCalled();
    await world();
    await waitFor(() => expect(preload).toHaveBeenCalled());
  });
});

describe('insertText', () => {
  it('replaces the selection and puts the caret after the insert', () => {
    expect(insertText('hello world', 6, 11, '😀')).toEqual({ text: 'hello 😀', caret: 8 });
    expect(insertText('hi', undefined, undefined, '!')).toEqual({ text: 'hi!', caret: 3 });
  });
});
