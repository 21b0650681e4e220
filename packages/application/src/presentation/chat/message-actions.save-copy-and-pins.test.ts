import { describe, expect, it } from 'vitest';
import {
  checkCanUnpinMessage,
  ContentType,
  SessionType,
  type FileElem,
  type Message,
  type PictureInfo,
  type VideoElem,
} from '@teamim/domain';
import { TestWorld, type TestClient } from '../../testing';
import type { ChatViewModel, ChatViewState } from './chat.view-model';

type Open = Extract<ChatViewState, { status: 'open' }>;

function opened(state: ChatViewState): Open {
  if (state.status !== 'open') throw new Error(`chat is ${state.status}`);
  return state;
}

function value<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

/** Alice (English) in a group with Bob and Carol, and in a one-to-one chat with him; the group chat is open. */
async function world() {
  const w = new TestWorld().users(
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
    { userID: 'carol', nickname: 'Carol' },
  );
  w.backend.makeFriends('alice', 'bob');
  w.backend.makeFriends('alice', 'carol');
  const alice = await w.signIn('alice');
  alice.settings.setLocale('en-US');
  await alice.contacts.loadFriends();
  const created = value(
    await alice.groupActions.createGroup({ groupName: 'Team', selectedUserIDs: ['bob', 'carol'] }),
  );
  await w.settle();
  const groupID = created.conversation.conversationID;
  const single = value(await alice.conversations.open('bob', SessionType.Single)).conversationID;
  await w.settle();
  const chat = await openChat(alice, groupID, w);
  return { world: w, alice, groupID, single, chat };
}

async function openChat(client: TestClient, conversationID: string, w: TestWorld): Promise<ChatViewModel> {
  const vm = client.viewModels.chat(conversationID);
  await w.settle();
  return vm;
}

/** A message of the open chat, changed in place into another kind (as the SDK's copy of it could be). */
/** Fields to change; an undefined one is removed (the text of a message turned into a picture). */
type Change = { readonly [K in keyof Message]?: Message[K] | undefined };

async function shown(client: TestClient, change: Change): Promise<Message> {
  const sent = value(await client.chat.sendText('placeholder'));
  const message = { ...sent, ...change } as Message;
  client.chat.update(message);
  return message;
}

function picture(uuid: string, type: string, url: string): Change {
  const info: PictureInfo = { uuid, type, size: 10, width: 4, height: 3, url };
  return {
    contentType: ContentType.Picture,
    textElem: undefined,
    pictureElem: { sourcePicture: info, bigPicture: info, snapshotPicture: info },
  };
}

function video(videoUUID: string, videoUrl: string): Change {
  const videoElem: VideoElem = {
    videoUUID,
    videoUrl,
    videoType: 'mp4',
    videoSize: 100,
    duration: 3,
    snapshotUUID: 's',
    snapshotSize: 1,
    snapshotUrl: 'https://cdn/s.jpg',
    snapshotWidth: 4,
    snapshotHeight: 3,
  };
  return { contentType: ContentType.Video, textElem: undefined, videoElem };
}

function file(fileName: string, sourceUrl: string): Change {
  const fileElem: FileElem = { uuid: 'f-uuid', sourceUrl, fileName, fileSize: 20 };
  return { contentType: ContentType.File, textElem: undefined, fileElem };
}

describe('ChatMessageActions.saveTarget (spec §2 save as)', () => {
  it('names a picture after its uuid with the extension of its image type', async () => {
    const { alice, chat } = await world();
    const plain = await shown(alice, picture('p-1', 'image/png', 'https://cdn/p-1'));
    const svg = await shown(alice, picture('p-2', 'image/svg+xml', 'https://cdn/p-2'));
    const odd = await shown(alice, picture('p-3', 'x-image/gif', 'https://cdn/p-3'));
    expect(chat.actions.saveTarget(plain.clientMsgID)).toEqual({
      url: 'https://cdn/p-1',
      fileName: 'p-1.png',
    });
    expect(chat.actions.saveTarget(svg.clientMsgID)).toEqual({
      url: 'https://cdn/p-2',
      fileName: 'p-2.svgxml',
    });
    // Only a leading "image/" is dropped; the rest of an unusual type stays, letters and digits only.
    expect(chat.actions.saveTarget(odd.clientMsgID)).toEqual({
      url: 'https://cdn/p-3',
      fileName: 'p-3.ximagegif',
    });
  });

  it('a picture without uuid is "picture"; a uuid with an extension or a picture without type keeps it as is', async () => {
    const { alice, chat } = await world();
    const nameless = await shown(alice, picture('', 'image/jpeg', 'https://cdn/a'));
    const dotted = await shown(alice, picture('shot.webp', 'image/png', 'https://cdn/b'));
    const untyped = await shown(alice, picture('raw', '', 'https://cdn/c'));
    expect(chat.actions.saveTarget(nameless.clientMsgID)).toEqual({
      url: 'https://cdn/a',
      fileName: 'picture.jpeg',
    });
    expect(chat.actions.saveTarget(dotted.clientMsgID)).toEqual({
      url: 'https://cdn/b',
      fileName: 'shot.webp',
    });
    expect(chat.actions.saveTarget(untyped.clientMsgID)).toEqual({ url: 'https://cdn/c', fileName: 'raw' });
  });

  it('a video is saved under its uuid ("video" without one), a file under its own name', async () => {
    const { alice, chat } = await world();
    const named = await shown(alice, video('v-9', 'https://cdn/v-9.mp4'));
    const nameless = await shown(alice, video('', 'https://cdn/anon.mp4'));
    const document = await shown(alice, file('report.pdf', 'https://cdn/f-1'));
    expect(chat.actions.saveTarget(named.clientMsgID)).toEqual({
      url: 'https://cdn/v-9.mp4',
      fileName: 'v-9',
    });
    expect(chat.actions.saveTarget(nameless.clientMsgID)).toEqual({
      url: 'https://cdn/anon.mp4',
      fileName: 'video',
    });
    expect(chat.actions.saveTarget(document.clientMsgID)).toEqual({
      url: 'https://cdn/f-1',
      fileName: 'report.pdf',
    });
  });

  it('offers nothing to save without an address, without the media element, for text or an unknown message', async () => {
    const { alice, chat } = await world();
    const pending = [
      await shown(alice, picture('p', 'image/png', '')),
      await shown(alice, video('v', '')),
      await shown(alice, file('a.txt', '')),
    ];
    const bare = [
      await shown(alice, { contentType: ContentType.Picture, textElem: undefined }),
      await shown(alice, { contentType: ContentType.Video, textElem: undefined }),
      await shown(alice, { contentType: ContentType.File, textElem: undefined }),
    ];
    // A text message carrying media elements is still text: only the content type decides.
    const { contentType: _p, ...pictureElem } = picture('p', 'image/png', 'https://cdn/x');
    const { contentType: _v, ...videoElem } = video('v', 'https://cdn/y');
    const { contentType: _f, ...fileElem } = file('b.txt', 'https://cdn/z');
    const text = await shown(alice, {
      ...pictureElem,
      ...videoElem,
      ...fileElem,
      textElem: { content: 'just text' },
    });
    for (const message of [...pending, ...bare, text]) {
      expect(chat.actions.saveTarget(message.clientMsgID)).toBeUndefined();
    }
    expect(chat.actions.saveTarget('no-such-message')).toBeUndefined();
  });
});

describe('ChatMessageActions.clipboardContent (spec §2 copy)', () => {
  it('a picture with an address is copied as the picture, with its summary as the text fallback', async () => {
    const { alice, chat } = await world();
    const withURL = await shown(alice, picture('p', 'image/png', 'https://cdn/p'));
    const uploading = await shown(alice, picture('q', 'image/png', ''));
    const bare = await shown(alice, { contentType: ContentType.Picture, textElem: undefined });
    expect(chat.actions.clipboardContent(withURL.clientMsgID)).toEqual({
      kind: 'picture',
      url: 'https://cdn/p',
      fallbackText: '[Picture]',
    });
    expect(chat.actions.clipboardContent(uploading.clientMsgID)).toEqual({ kind: 'text', text: '[Picture]' });
    expect(chat.actions.clipboardContent(bare.clientMsgID)).toEqual({ kind: 'text', text: '[Picture]' });
  });

  it('text is copied as the bubble shows it: mentions under the names of the mention list, a plain token as typed', async () => {
    const { alice, chat } = await world();
    const mention = await shown(alice, {
      contentType: ContentType.AtText,
      textElem: undefined,
      atTextElem: {
        text: 'hi [[at-Bob#bob]], see [[at-Carl#carl]]!',
        atUserList: ['bob', 'carl'],
        atUsersInfo: [{ atUserID: 'bob', groupNickname: 'Robert' }],
      },
    });
    const token = await shown(alice, { textElem: { content: 'hello [[at-Bob#bob]]' } });
    expect(chat.actions.clipboardContent(mention.clientMsgID)).toEqual({
      kind: 'text',
      text: 'hi @Robert, see @Carl!',
    });
    expect(chat.actions.clipboardContent(token.clientMsgID)).toEqual({
      kind: 'text',
      text: 'hello [[at-Bob#bob]]',
    });
  });

  it('anything else is copied as its summary in the chosen language; an unknown message gives nothing', async () => {
    const { alice, chat } = await world();
    const document = await shown(alice, file('plan.pdf', 'https://cdn/plan'));
    expect(chat.actions.clipboardContent(document.clientMsgID)).toEqual({
      kind: 'text',
      text: '[File] plan.pdf',
    });
    expect(chat.actions.clipboardContent('no-such-message')).toBeUndefined();
  });
});

describe('ChatMessageActions of a conversation that is no longer the open one', () => {
  it('finds none of the open chat messages: nothing to copy, save, pin or quote', async () => {
    const { world: w, alice, single, chat } = await world();
    const other = await openChat(alice, single, w);
    const there = await shown(alice, picture('p', 'image/png', 'https://cdn/p'));
    expect(other.actions.saveTarget(there.clientMsgID)).toEqual({ url: 'https://cdn/p', fileName: 'p.png' });
    expect(chat.actions.message(there.clientMsgID)).toBeUndefined();
    expect(chat.actions.clipboardContent(there.clientMsgID)).toBeUndefined();
    expect(chat.actions.saveTarget(there.clientMsgID)).toBeUndefined();
    expect(chat.actions.pin(there.clientMsgID)).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'message not in the open conversation' },
    });
    expect(chat.actions.quote(there.clientMsgID)).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'message not in the open conversation' },
    });
  });

  it('unpins the right one of several pins from the stored list', async () => {
    const { world: w, alice, groupID, single, chat } = await world();
    const first = value(await alice.chat.sendText('first'));
    const second = value(await alice.chat.sendText('second'));
    await w.settle();
    expect(chat.actions.pin(first.clientMsgID).ok).toBe(true);
    expect(chat.actions.pin(second.clientMsgID).ok).toBe(true);
    await openChat(alice, single, w);
    expect(chat.actions.unpin(first.clientMsgID)).toEqual({ ok: true, value: undefined });
    expect(alice.pins.list(groupID).map((m) => m.clientMsgID)).toEqual([second.clientMsgID]);
    expect(chat.actions.unpin(first.clientMsgID)).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'message not pinned' },
    });
  });
});

describe('ChatMessageActions pins, quotes and errors', () => {
  it('unpinning a shown message that is not pinned is refused by the pin rule', async () => {
    const { world: w, alice, groupID, chat } = await world();
    const pinned = value(await alice.chat.sendText('pinned'));
    const loose = value(await alice.chat.sendText('loose'));
    await w.settle();
    chat.actions.pin(pinned.clientMsgID);
    expect(chat.actions.unpin(loose.clientMsgID)).toEqual(checkCanUnpinMessage(SessionType.Group, false));
    expect(alice.pins.list(groupID).map((m) => m.clientMsgID)).toEqual([pinned.clientMsgID]);
  });

  it('an unknown message cannot be pinned, unpinned or quoted, and no quote is set', async () => {
    const { alice, groupID, chat } = await world();
    expect(chat.actions.pin('nope')).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'message not in the open conversation' },
    });
    expect(chat.actions.unpin('nope')).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'message not pinned' },
    });
    expect(chat.actions.quote('nope')).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'message not in the open conversation' },
    });
    expect(alice.services.chatFocus.quoting(groupID)).toBeUndefined();
    expect(alice.pins.list(groupID)).toEqual([]);
  });

  it('the pinned banner shows the message on one line, its white space collapsed and trimmed', async () => {
    const { world: w, alice, chat } = await world();
    const sent = value(await alice.chat.sendText('  line one\n\n   line two  '));
    await w.settle();
    chat.actions.pin(sent.clientMsgID);
    expect(opened(chat.state).pinned).toEqual({
      id: sent.clientMsgID,
      sender: 'You',
      text: 'line one line two',
      position: 1,
      count: 1,
    });
  });

  it('opening a pin far back reads the history exactly to it, by its seq, with ten messages before it', async () => {
    const { world: w, alice, groupID, single, chat } = await world();
    for (let i = 0; i < 15; i += 1) value(await alice.chat.sendText(`early ${i}`));
    const target = value(await alice.chat.sendText('the pinned one'));
    for (let i = 0; i < 40; i += 1) value(await alice.chat.sendText(`late ${i}`));
    const newest = value(await alice.chat.sendText('newest'));
    await w.settle();
    expect(chat.actions.pin(target.clientMsgID).ok).toBe(true);
    expect(chat.actions.pin(newest.clientMsgID).ok).toBe(true);
    chat.dispose();
    await openChat(alice, single, w);
    const again = await openChat(alice, groupID, w);
    expect(opened(again.state).messages.some((m) => m.id === target.clientMsgID)).toBe(false);

    expect(await again.actions.openPinned(target.clientMsgID)).toEqual({ ok: true, value: undefined });
    await w.settle();
    const ids = opened(again.state).messages.map((m) => m.id);
    expect(ids.indexOf(target.clientMsgID)).toBe(10);
    expect(opened(again.state).highlight).toEqual({ id: target.clientMsgID, seq: 1 });
  });

  it('opening a message that is not pinned looks for it in the history', async () => {
    const { world: w, alice, chat } = await world();
    const sent = value(await alice.chat.sendText('here'));
    await w.settle();
    expect(await chat.actions.openPinned(sent.clientMsgID)).toEqual({ ok: true, value: undefined });
    expect(opened(chat.state).highlight).toEqual({ id: sent.clientMsgID, seq: 1 });
    expect(await chat.actions.openPinned('gone')).toEqual({
      ok: false,
      error: { kind: 'state', reason: 'message not in the history' },
    });
    expect(opened(chat.state).highlight).toEqual({ id: sent.clientMsgID, seq: 1 });
  });
});
