import type { MessageEvent } from '@teamim/application';
import { ContentType, MessageStatus, SessionType, singleConversationID, type Message } from '@teamim/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, codeOf, receivedOf, recorder, sendText, type MakeWorld } from './im-contract-kit';
import type { ImWorld, SignedIn } from './im-worlds';

const PICTURE = 'a picture message is uploaded and received with its dimensions';
const VIDEO_AND_FILE = 'a video with its poster and a file are uploaded and received with their details';
export const LOCAL_SEARCH = 'local search finds a message by a keyword of its text';

/**
 * MessagesGateway contract for one-to-one chats: text both ways, at-text, custom, history paging,
 * revoke, delete, local search and localEx. alice and bob are friends, signed in once, and share the
 * conversation across the cases (on the real side: two SDK instances).
 */
export function imMessagesContract(side: string, makeWorld: MakeWorld): void {
  describe(`MessagesGateway contract: ${side}`, () => {
    let world: ImWorld;
    let alice: SignedIn;
    let bob: SignedIn;
    let conversationID: string;
    let bobInbox: { readonly values: MessageEvent[]; stop(): void };

    async function receivedByBob(clientMsgID: string): Promise<Message> {
      return world.eventually(() => {
        const found = receivedOf(bobInbox.values).find((m) => m.clientMsgID === clientMsgID);
        if (!found) throw new Error(`bob has not received ${clientMsgID}`);
        return found;
      });
    }

    beforeAll(async () => {
      world = await makeWorld();
      alice = await world.signIn('alice');
      bob = await world.signIn('bob');
      await befriend(world, alice, bob);
      conversationID = singleConversationID(alice.user.userID, bob.user.userID);
      bobInbox = recorder(bob.messages.events$);
    });
    afterAll(async () => {
      bobInbox.stop();
      await world.close();
    });

    it('a text message is acknowledged and received; the reply comes back', async () => {
      const draft = await alice.messages.create({ kind: 'text', text: 'hello bob' });
      expect(draft).toMatchObject({ contentType: ContentType.Text, status: MessageStatus.Sending });
      const sent = await alice.messages.send(draft, { recvID: bob.user.userID, groupID: '' });
      expect(sent).toMatchObject({
        clientMsgID: draft.clientMsgID,
        status: MessageStatus.Succeeded,
        sendID: alice.user.userID,
        recvID: bob.user.userID,
        groupID: '',
        sessionType: SessionType.Single,
        textElem: { content: 'hello bob' },
      });
      expect(sent.sendTime).toBeGreaterThan(0);
      const got = await receivedByBob(sent.clientMsgID);
      expect(got).toMatchObject({
        sendID: alice.user.userID,
        recvID: bob.user.userID,
        contentType: ContentType.Text,
        textElem: { content: 'hello bob' },
        sendTime: sent.sendTime,
      });

      const aliceInbox = recorder<MessageEvent>(alice.messages.events$);
      const reply = await sendText(bob, alice, 'hello alice');
      await world.eventually(() => {
        expect(receivedOf(aliceInbox.values).map((m) => m.textElem?.content)).toContain('hello alice');
      });
      aliceInbox.stop();
      expect(reply.sendTime).toBeGreaterThanOrEqual(sent.sendTime);
    });

    it('an at-text message keeps its text and mentioned users', async () => {
      const draft = await alice.messages.create({
        kind: 'atText',
        text: 'look @bob',
        atUserIDList: [bob.user.userID],
      });
      expect(draft.contentType).toBe(ContentType.AtText);
      const sent = await alice.messages.send(draft, { recvID: bob.user.userID, groupID: '' });
      const got = await receivedByBob(sent.clientMsgID);
      expect(got.contentType).toBe(ContentType.AtText);
      expect(got.atTextElem?.text).toBe('look @bob');
      expect(got.atTextElem?.atUserList).toEqual([bob.user.userID]);
    });

    it('a custom message carries its data and description', async () => {
      const data = JSON.stringify({ type: 'contract', value: 42 });
      const draft = await alice.messages.create({ kind: 'custom', data, description: 'a test card' });
      const sent = await alice.messages.send(draft, { recvID: bob.user.userID, groupID: '' });
      const got = await receivedByBob(sent.clientMsgID);
      expect(got.contentType).toBe(ContentType.Custom);
      expect(got.customElem).toMatchObject({ data, description: 'a test card' });
    });

    // The SDK's quote message (createQuoteMessage), with the quoted message inside.
    it('a quote message carries its reply and the message it quotes', async () => {
      const original = await sendText(bob, alice, 'lunch at noon?');
      const seen = await world.eventually(async () => {
        const page = await alice.messages.getHistory(conversationID, '', 5);
        const found = page.messages.find((m) => m.clientMsgID === original.clientMsgID);
        if (!found) throw new Error('alice has not loaded the original');
        return found;
      });
      const draft = await alice.messages.create({ kind: 'quote', text: 'yes, see you', quoted: seen });
      expect(draft.contentType).toBe(ContentType.Quote);
      const sent = await alice.messages.send(draft, { recvID: bob.user.userID, groupID: '' });
      const got = await receivedByBob(sent.clientMsgID);
      expect(got.contentType).toBe(ContentType.Quote);
      expect(got.quoteElem?.text).toBe('yes, see you');
      expect(got.quoteElem?.quoteMessage).toMatchObject({
        clientMsgID: original.clientMsgID,
        sendID: bob.user.userID,
        contentType: ContentType.Text,
        textElem: { content: 'lunch at noon?' },
      });
      expect(got.quoteElem?.quoteMessage?.seq).toBeGreaterThan(0);
    });

    it('history pages backwards from a start message, oldest first', async () => {
      const sent: Message[] = [];
      for (const text of ['page-1', 'page-2', 'page-3']) sent.push(await sendText(alice, bob, text));
      const last = sent[2];
      if (!last) throw new Error('nothing sent');
      await receivedByBob(last.clientMsgID);
      const newest = await world.eventually(async () => {
        const page = await bob.messages.getHistory(conversationID, '', 2);
        expect(page.messages.map((m) => m.textElem?.content)).toEqual(['page-2', 'page-3']);
        return page;
      });
      expect(newest.isEnd).toBe(false);
      const older = await bob.messages.getHistory(conversationID, newest.messages[0]?.clientMsgID ?? '', 1);
      expect(older.messages.map((m) => m.textElem?.content)).toEqual(['page-1']);
    });

    // What a chat shows while the SDK's first sync has not reached the conversation.
    it("the server's newest messages are the local history's newest, oldest first", async () => {
      const last = await sendText(alice, bob, 'from the server');
      await receivedByBob(last.clientMsgID);
      const pick = (m: Message) => ({
        clientMsgID: m.clientMsgID,
        sendID: m.sendID,
        recvID: m.recvID,
        sessionType: m.sessionType,
        contentType: m.contentType,
        sendTime: m.sendTime,
        status: m.status,
        textElem: m.textElem,
        customElem: m.customElem,
      });
      await world.eventually(async () => {
        const local = await bob.messages.getHistory(conversationID, '', 4);
        const server = await bob.messages.getServerNewest(conversationID, 4);
        expect(server.map(pick)).toEqual(local.messages.map(pick));
        expect(server.at(-1)?.textElem?.content).toBe('from the server');
        expect(server.at(-1)?.seq).toBeGreaterThan(0);
      });
      expect(await alice.messages.getServerNewest(conversationID, 1)).toHaveLength(1);
    });

    it('only the sender revokes (1002 for the peer); the peer is told', async () => {
      const sent = await sendText(alice, bob, 'oops');
      await receivedByBob(sent.clientMsgID);
      expect(await codeOf(bob.messages.revoke(conversationID, sent.clientMsgID))).toBe(1002);
      await alice.messages.revoke(conversationID, sent.clientMsgID);
      await world.eventually(() => {
        expect(bobInbox.values).toContainEqual({
          type: 'revoked',
          conversationID,
          clientMsgID: sent.clientMsgID,
          revokerID: alice.user.userID,
        });
      });
      await world.eventually(async () => {
        const page = await bob.messages.getHistory(conversationID, '', 5);
        const copy = page.messages.find((m) => m.clientMsgID === sent.clientMsgID);
        expect(copy?.contentType).toBe(ContentType.Revoke);
      });
    });

    it("deleting a message removes it from the deleter's history only", async () => {
      const sent = await sendText(alice, bob, 'delete me');
      await receivedByBob(sent.clientMsgID);
      // The sender's copy learns its place in the conversation (its seq) from the server's push of it, after
      // the send's answer; a delete before that has no seq to delete on the server, and the push puts the
      // message back. A person deletes after seeing it sent.
      await world.eventually(async () => {
        const mine = await alice.messages.getHistory(conversationID, '', 20);
        expect(mine.messages.find((m) => m.clientMsgID === sent.clientMsgID)?.seq).toBeGreaterThan(0);
      });
      await alice.messages.delete(conversationID, sent.clientMsgID);
      await world.eventually(async () => {
        const mine = await alice.messages.getHistory(conversationID, '', 20);
        expect(mine.messages.map((m) => m.clientMsgID)).not.toContain(sent.clientMsgID);
      });
      const theirs = await bob.messages.getHistory(conversationID, '', 20);
      expect(theirs.messages.map((m) => m.clientMsgID)).toContain(sent.clientMsgID);
    });

    it("a message the server refused is deleted from the sender's device alone", async () => {
      await bob.contacts.addToBlacklist(alice.user.userID);
      try {
        const draft = await alice.messages.create({ kind: 'text', text: 'refused' });
        await expect(alice.messages.send(draft, { recvID: bob.user.userID, groupID: '' })).rejects.toThrow();
        const [failed] = await alice.messages.findMessages(conversationID, [draft.clientMsgID]);
        expect(failed).toMatchObject({ clientMsgID: draft.clientMsgID, status: MessageStatus.Failed });
        // The server never had it: the delete is the device's own, and it stays done.
        await alice.messages.delete(conversationID, draft.clientMsgID);
        expect(await alice.messages.findMessages(conversationID, [draft.clientMsgID])).toEqual([]);
        const mine = await alice.messages.getHistory(conversationID, '', 50);
        expect(mine.messages.map((m) => m.clientMsgID)).not.toContain(draft.clientMsgID);
      } finally {
        await bob.contacts.removeFromBlacklist(alice.user.userID);
      }
    });

    it(PICTURE, async () => {
      const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const file = new File([bytes], 'dot.png', { type: 'image/png' });
      const draft = await alice.messages.create({
        kind: 'picture',
        file: { name: 'dot.png', mimeType: 'image/png', size: bytes.length, handle: file },
        width: 1,
        height: 1,
      });
      expect(draft.contentType).toBe(ContentType.Picture);
      const sent = await alice.messages.send(draft, { recvID: bob.user.userID, groupID: '' });
      const got = await receivedByBob(sent.clientMsgID);
      expect(got.pictureElem?.sourcePicture).toMatchObject({ width: 1, height: 1, type: 'image/png' });
      expect(got.pictureElem?.sourcePicture.url).not.toBe('');
    });

    // Videos and files, sent as the composer sends them.
    it(VIDEO_AND_FILE, async () => {
      const video = new File([new Uint8Array(64).fill(7)], 'clip.mp4', { type: 'video/mp4' });
      const poster = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'clip.png', { type: 'image/png' });
      const draft = await alice.messages.create({
        kind: 'video',
        file: { name: 'clip.mp4', mimeType: 'video/mp4', size: video.size, handle: video },
        snapshot: { name: 'clip.png', mimeType: 'image/png', size: poster.size, handle: poster },
        width: 320,
        height: 180,
        duration: 3,
      });
      expect(draft.contentType).toBe(ContentType.Video);
      const sentVideo = await alice.messages.send(draft, { recvID: bob.user.userID, groupID: '' });
      const gotVideo = await receivedByBob(sentVideo.clientMsgID);
      expect(gotVideo.videoElem).toMatchObject({ duration: 3, snapshotWidth: 320, snapshotHeight: 180 });
      expect(gotVideo.videoElem?.videoUrl).not.toBe('');
      expect(gotVideo.videoElem?.snapshotUrl).not.toBe('');
      expect(gotVideo.localPreviewURL).toBeUndefined();

      const name = 'Q3 <b>report</b> 季度.pdf';
      const bytes = new TextEncoder().encode('%PDF-1.4 not really');
      const pdf = new File([bytes], name, { type: 'application/pdf' });
      const fileDraft = await alice.messages.create({
        kind: 'file',
        file: { name, mimeType: 'application/pdf', size: bytes.length, handle: pdf },
      });
      expect(fileDraft.contentType).toBe(ContentType.File);
      const sentFile = await alice.messages.send(fileDraft, { recvID: bob.user.userID, groupID: '' });
      const gotFile = await receivedByBob(sentFile.clientMsgID);
      expect(gotFile.fileElem).toMatchObject({ fileName: name, fileSize: bytes.length });
      expect(gotFile.fileElem?.sourceUrl).not.toBe('');
    });

    it('a received message is forwarded as a new message with the same content', async () => {
      const original = await sendText(alice, bob, 'pass it on');
      const got = await receivedByBob(original.clientMsgID);
      const copy = await bob.messages.createForward(got);
      expect(copy.clientMsgID).not.toBe(original.clientMsgID);
      expect(copy.textElem?.content).toBe('pass it on');
      const aliceInbox = recorder<MessageEvent>(alice.messages.events$);
      const sent = await bob.messages.send(copy, { recvID: alice.user.userID, groupID: '' });
      await world.eventually(() => {
        const back = receivedOf(aliceInbox.values).find((m) => m.clientMsgID === sent.clientMsgID);
        expect(back?.textElem?.content).toBe('pass it on');
        expect(back?.sendID).toBe(bob.user.userID);
      });
      aliceInbox.stop();
    });

    it(LOCAL_SEARCH, async () => {
      const sent = await sendText(alice, bob, 'the word is pineapple today');
      await receivedByBob(sent.clientMsgID);
      const hits = await world.eventually(async () => {
        const found = await bob.messages.searchLocal(conversationID, 'pineapple', 10);
        expect(found.map((m) => m.clientMsgID)).toContain(sent.clientMsgID);
        return found;
      });
      expect(hits.every((m) => (m.textElem?.content ?? '').includes('pineapple'))).toBe(true);
      expect(await bob.messages.searchLocal(conversationID, 'no-such-word-anywhere', 10)).toEqual([]);
      // Case-insensitive, newest first, at most `count`.
      const later = await sendText(alice, bob, 'PINEAPPLE again');
      await receivedByBob(later.clientMsgID);
      const newest = await bob.messages.searchLocal(conversationID, 'Pineapple', 1);
      expect(newest.map((m) => m.clientMsgID)).toEqual([later.clientMsgID]);
    });

    it('localEx is stored on the message', async () => {
      const sent = await sendText(alice, bob, 'mark me');
      await receivedByBob(sent.clientMsgID);
      await bob.messages.setLocalEx(conversationID, sent.clientMsgID, '{"opened":true}');
      const page = await bob.messages.getHistory(conversationID, '', 5);
      expect(page.messages.find((m) => m.clientMsgID === sent.clientMsgID)?.localEx).toBe('{"opened":true}');
    });
  });
}
