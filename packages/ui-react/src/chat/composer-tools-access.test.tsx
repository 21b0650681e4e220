import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SessionType } from '@teamim/domain';
import { TestWorld } from '@teamim/application/testing';
import { describe, expect, it } from 'vitest';
import { renderChat } from '../testing/render-chat';

// While the composer is closed (muted, mute-all for an ordinary member) its tools are too, and
// files pasted into or dropped onto the chat are not sent; they all open again with the composer.
async function mutedTeam() {
  const w = new TestWorld().users('owner', 'alice', 'carol');
  w.backend.makeFriends('owner', 'alice');
  w.backend.makeFriends('owner', 'carol');
  const owner = await w.signIn('owner');
  const alice = await w.signIn('alice');
  await owner.contacts.loadFriends();
  const created = await owner.groupActions.createGroup({
    groupName: 'Team',
    selectedUserIDs: ['alice', 'carol'],
  });
  if (!created.ok) throw new Error('no group');
  const { groupID, conversationID } = created.value.conversation;
  await owner.conversations.open(groupID, SessionType.Group);
  await owner.chat.sendText('welcome');
  await w.settle();
  await alice.conversations.loadConversations();
  await alice.conversations.open(groupID, SessionType.Group);
  await w.settle();
  await renderChat(alice, conversationID);
  await screen.findByRole('textbox', { name: 'Message' });
  return { w, owner, alice, groupID };
}

const TOOLS = ['Emoji', 'Send a picture or video', 'Send a file', 'Send a red packet'];
/** Every tool of the composer's toolbar, by name, and whether it is disabled. */
const toolsDisabled = () =>
  within(screen.getByRole('toolbar', { name: 'Message tools' }))
    .getAllByRole('button')
    .map((button) => [
      button.getAttribute('aria-label') ?? button.textContent,
      button.hasAttribute('disabled'),
    ]);
const all = (disabled: boolean) => TOOLS.map((name) => [name, disabled]);

function filesEvent(type: 'paste' | 'drop', target: Element, file: File): Event {
  const files = [file] as unknown as FileList;
  const data = { files, types: ['Files'], items: [], dropEffect: 'none' };
  const event = createEvent(type === 'paste' ? 'paste' : 'drop', target);
  Object.defineProperty(event, type === 'paste' ? 'clipboardData' : 'dataTransfer', { value: data });
  return event;
}

const sentPictures = (alice: Awaited<ReturnType<typeof mutedTeam>>['alice']) =>
  alice.chat.snapshot.messages.filter((m) => m.contentType !== 101 && m.sendID === 'alice').length;

describe('composer tools follow the composer access (15)', () => {
  it('turns emoji, picture and file off while muted and on again once unmuted', async () => {
    const { w, owner, groupID } = await mutedTeam();
    expect(toolsDisabled()).toEqual(all(false));

    await owner.groupActions.mute(groupID, 'alice', 600);
    await w.settle();
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
    await waitFor(() => expect(box.disabled).toBe(true));
    await waitFor(() => expect(toolsDisabled()).toEqual(all(true)));

    await owner.groupActions.unmute(groupID, 'alice');
    await w.settle();
    await waitFor(() => expect(toolsDisabled()).toEqual(all(false)));
  });

  it('turns them off for an ordinary member while mute-all is on', async () => {
    const { w, owner, groupID } = await mutedTeam();
    await owner.groupActions.setMuteAll(groupID, true);
    await w.settle();
    await waitFor(() => expect(toolsDisabled()).toEqual(all(true)));
  });

  it('sends no pasted or dropped file while muted, and sends one again once unmuted', async () => {
    const { w, owner, alice, groupID } = await mutedTeam();
    await owner.groupActions.mute(groupID, 'alice', 600);
    await w.settle();
    await waitFor(() => expect(toolsDisabled()).toEqual(all(true)));
    const chat = screen.getByRole('textbox', { name: 'Message' }).closest('section');
    if (chat === null) throw new Error('no chat section');
    const toastsBefore = alice.toasts.keys().length;
    const picture = new File(['png'], 'cat.png', { type: 'image/png' });
    fireEvent(chat, filesEvent('paste', chat, picture));
    fireEvent(chat, filesEvent('drop', chat, new File(['hello'], 'notes.txt', { type: 'text/plain' })));
    await w.settle();
    // Not tried at all: a refused send would be reported ("You are muted") for every file.
    expect(alice.toasts.keys().slice(toastsBefore)).toEqual([]);
    expect(sentPictures(alice)).toBe(0);

    await owner.groupActions.unmute(groupID, 'alice');
    await w.settle();
    await waitFor(() => expect(toolsDisabled()).toEqual(all(false)));
    fireEvent(chat, filesEvent('drop', chat, new File(['hello'], 'notes.txt', { type: 'text/plain' })));
    await waitFor(() => expect(sentPictures(alice)).toBe(1));
  });
});
