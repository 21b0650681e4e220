// SDK-driven: the server restarted between two logins keeps every message.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversation,
  history,
  makeFriends,
  receivedMessage,
  sendText,
  seqOf,
  singleConversationID,
  textsOf,
} from '../support/scenario';
import { SdkHarness } from '../support/sdk';
import { startTestServer, uniqueUsers } from '../support/server';

describe('server restart (real SDK against @teamim/server on disk)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'teamim-restart-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps users, friends and every message across a restart', async () => {
    const { alice, bob } = uniqueUsers('alice', 'bob');
    const conversationID = singleConversationID(alice.userID, bob.userID);

    let lastClientMsgID = '';
    const first = await startTestServer({ memory: false, dataDir });
    const before = new SdkHarness(first);
    try {
      await first.registerUsers([alice, bob]);
      const [a, b] = await Promise.all([before.loginSynced(alice.userID), before.loginSynced(bob.userID)]);
      await makeFriends(a, b);
      await sendText(a, bob.userID, 'before the restart 1');
      await sendText(b, alice.userID, 'before the restart 2');
      const last = await sendText(a, bob.userID, 'before the restart 3');
      await receivedMessage(b, last.clientMsgID);
      lastClientMsgID = last.clientMsgID;
    } finally {
      await before.closeAll();
      await first.close();
    }

    const second = await startTestServer({ memory: false, dataDir });
    const after = new SdkHarness(second);
    try {
      const b = await after.loginSynced(bob.userID);
      expect((await b.data('getSelfUserInfo')).nickname).toBe(bob.nickname);
      expect((await b.data('getFriendList')).map((f) => f.userID)).toContain(alice.userID);
      expect(await conversation(b, conversationID)).toBeDefined();
      expect(textsOf(await history(b, conversationID))).toEqual([
        'before the restart 1',
        'before the restart 2',
        'before the restart 3',
      ]);
      // Sequence numbers continue after the restart instead of starting over.
      const previous = await seqOf(b, conversationID, lastClientMsgID);
      const next = await sendText(b, alice.userID, 'after the restart');
      expect(await seqOf(b, conversationID, next.clientMsgID)).toBe(previous + 1);
    } finally {
      await after.closeAll();
      await second.close();
    }
  });
});
