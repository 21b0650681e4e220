import {
  ChatHttpClient,
  HttpAccountApi,
  HttpChatApi,
  HttpQrSignInApi,
  HttpWalletApi,
  type ChatApiError,
} from '@teamim/adapters-http';
import { OpenImContext, OpenImDirectory } from '@teamim/adapters-openim';
import { MISSING_ROUTE_CODE, RemoteError } from '@teamim/application';
import { describe, expect, it } from 'vitest';
import { recording } from './real-openim/recordings';
import { chatReplay, imReplay, type Replayed, type Replaying } from './real-openim/replay';

// The client's own HTTP adapters fed the answers recorded from a real open-im-server and chat
// (tests/contract/real-openim/recordings): what they make of each is what the client shows.

const ALICE = { areaCode: '+86', phoneNumber: '{alice.phone}' };
const BOB = { areaCode: '+86', phoneNumber: '{bob.phone}' };
const API = 'http://im.test';

function chat(...names: Replaying[]) {
  const replay = chatReplay(...names);
  const expired: ChatApiError[] = [];
  const client = new ChatHttpClient(
    { baseURL: 'http://chat.test' },
    { getToken: () => 'token', transport: replay.transport, onLoginExpired: (e) => expired.push(e) },
  );
  return { client, expired, requests: replay.requests };
}

function directory(...names: Replaying[]) {
  const replay = imReplay(API, ...names);
  const context = new OpenImContext();
  context.token = 'token';
  return { directory: new OpenImDirectory(API, context, replay.fetch), requests: replay.requests };
}

async function refusal(call: Promise<unknown>): Promise<RemoteError> {
  try {
    await call;
  } catch (e: unknown) {
    if (e instanceof RemoteError) return e;
    throw e;
  }
  throw new Error('expected the call to be refused');
}

/** Every request carried the keys of the recorded one: the adapter asks as the recording did. */
const askedAsRecorded = (requests: readonly Replayed[]) =>
  expect(requests.filter((r) => r.keyDifferences.length > 0)).toEqual([]);

describe('the chat adapters read the recorded answers of chat', () => {
  it('sign-in and registration give the session the answer names', async () => {
    const { client, requests } = chat('chat-code-send', 'chat-code-verify', 'chat-register', 'chat-login');
    const accounts = new HttpAccountApi(client);
    await accounts.sendCode({ areaCode: '+86', phoneNumber: '{carol.phone}' }, 1);
    await accounts.verifyCode({ areaCode: '+86', phoneNumber: '{carol.phone}' }, 1, '666666');
    const registered = await accounts.register({
      identifier: ALICE,
      nickname: 'alice-{tag}',
      password: 'Passw0rd!',
      verifyCode: '666666',
    });
    // Two tokens issued in the same second may be the same text, so either name may stand for them.
    const token = (kind: string): unknown =>
      expect.stringMatching(new RegExp(`^\\{alice\\.${kind}[.}]`)) as unknown;
    const session = { userID: '{alice.userID}', imToken: token('im'), chatToken: token('chat') };
    expect(registered).toEqual(session);
    expect(await accounts.loginWithPassword(ALICE, 'Passw0rd!')).toEqual(session);
    askedAsRecorded(requests);
  });

  it('refused sign-ins carry the codes the error catalogue explains', async () => {
    const { client } = chat(
      'chat-login-wrong-password',
      'chat-login-unknown-account',
      'chat-login-platform-10',
      'chat-login-platform-11',
    );
    const accounts = new HttpAccountApi(client);
    const wrong = (await refusal(accounts.loginWithPassword(BOB, 'wrong'))) as ChatApiError;
    expect([wrong.code, wrong.classified.reason]).toEqual([20001, 'wrongPassword']);
    const unknown = (await refusal(accounts.loginWithPassword(ALICE, 'x'))) as ChatApiError;
    expect([unknown.code, unknown.classified.reason]).toEqual([20002, 'accountNotFound']);
    expect((await refusal(new HttpAccountApi(client, 10).loginWithPassword(BOB, 'x'))).code).toBe(1002);
    expect((await refusal(new HttpAccountApi(client, 11).loginWithPassword(BOB, 'x'))).code).toBe(1001);
  });

  it('business info, a profile change and a password reset', async () => {
    const { client, requests } = chat('chat-user-find-full', 'chat-user-update', 'chat-password-reset');
    const api = new HttpChatApi(client);
    // chat answers in no particular order.
    const users = [...(await api.findUsers(['{alice.userID}', '{bob.userID}']))].sort((a, b) =>
      a.userID.localeCompare(b.userID),
    );
    expect(users.map((u) => [u.userID, u.nickname, u.phoneNumber, u.areaCode])).toEqual([
      ['{alice.userID}', 'alice-{tag}', '{alice.phone}', '+86'],
      ['{bob.userID}', 'bob-{tag}', '{bob.phone}', '+86'],
    ]);
    // chat 1.8 has neither: unknown, not false.
    expect(users.map((u) => [u.hasPayPassword, u.allowCreateGroup])).toEqual([
      [undefined, undefined],
      [undefined, undefined],
    ]);
    await api.updateUser('{alice.userID}', { nickname: 'alice-{tag}-x', faceURL: '', gender: 1 });
    await new HttpAccountApi(client).resetPassword(BOB, '666666', 'N3w-Passw0rd!');
    askedAsRecorded(requests);
  });

  it('user search falls back from the missing fuzzy route to the public one, leaving self out', async () => {
    const { client } = chat('chat-user-search-fuzzy', 'chat-user-search-public');
    const api = new HttpChatApi(client, { selfUserID: () => '{alice.userID}' });
    const found = await api.searchUsers('{bob.phone}');
    expect(found.map((u) => [u.userID, u.nickname])).toEqual([['{bob.userID}', 'bob-{tag}']]);
  });

  it('a call room token comes with the address chat hands out', async () => {
    const { client, requests } = chat('chat-user-rtc-get-token');
    const access = await new HttpChatApi(client).getRoomAccess('room-{tag}', '{alice.userID}');
    expect(access).toEqual({ serverUrl: 'ws://127.0.0.1:7880', token: '{jwt}' });
    askedAsRecorded(requests);
  });

  it('the wallet and QR sign-in are missing routes, which the capability probes read as absent', async () => {
    const { client } = chat(
      'chat-wallet-balance',
      'chat-wallet-send',
      'chat-qrlogin-create',
      'chat-unknown-path',
    );
    const balance = (await refusal(new HttpWalletApi(client).getBalance())) as ChatApiError;
    const qr = (await refusal(new HttpQrSignInApi(client, 5).createCode('browser'))) as ChatApiError;
    const unknown = (await refusal(client.post('/no/such/route', {}))) as ChatApiError;
    for (const e of [balance, qr, unknown])
      expect([e.code, e.isMissingRoute]).toEqual([MISSING_ROUTE_CODE, true]);
  });

  it('a dropped chat token (20101) ends the session', async () => {
    const { client, expired } = chat('chat-dropped-token');
    const e = (await refusal(new HttpChatApi(client).findUsers(['{alice.userID}']))) as ChatApiError;
    expect([e.code, e.classified.forceLogout, expired]).toEqual([20101, true, [e]]);
  });
});

describe('the OpenIM directory reads the recorded answers of open-im-server', () => {
  it('an empty conversation list (1004) is no conversations, and a kicked token (1506) is refused', async () => {
    const { directory: d, requests } = directory('im-sorted-conversations-empty', 'im-kicked-token');
    expect(await d.sortedConversations('{alice.userID}', 20)).toEqual([]);
    expect((await refusal(d.sortedConversations('{alice.userID}', 20))).code).toBe(1506);
    askedAsRecorded(requests);
  });

  it('the conversation list names the peer and carries the newest message', async () => {
    const { directory: d } = directory('im-sorted-conversations');
    const [one, ...others] = await d.sortedConversations('{alice.userID}', 20);
    expect(others).toEqual([]);
    expect(one).toMatchObject({
      conversationID: '{conversation}',
      isPinned: false,
      msgInfo: {
        sessionType: 1,
        sendID: '{alice.userID}',
        recvID: '{bob.userID}',
        senderName: 'bob-{tag}',
        contentType: 101,
        content: '{"content":"hello from the recording"}',
      },
    });
  });

  it('the newest messages leave the placeholders out', async () => {
    // What a placeholder is on the real server: the range's seq 0, status 4, nothing else.
    const pulled = recording('im-pull-msg-by-seq').response.body as {
      data: { msgs: Record<string, { Msgs: Record<string, unknown>[] }> };
    };
    expect(pulled.data.msgs['{conversation}']?.Msgs[0]).toMatchObject({ seq: 0, status: 4, clientMsgID: '' });
    const { directory: d, requests } = directory('im-pull-msg-by-seq', 'im-pull-msg-by-seq-not-member');
    const messages = await d.newestMessages('{alice.userID}', '{conversation}', 20);
    expect(messages.map((m) => [m.seq, m.contentType, m.sendID])).toEqual([
      [1, 1201, '{bob.userID}'],
      [2, 101, '{alice.userID}'],
    ]);
    expect(messages[1]?.content).toBe('{"content":"hello from the recording"}');
    expect(await d.newestMessages('{alice.userID}', 'si_{bob.userID}_nobody-{tag}', 20)).toEqual([]);
    askedAsRecorded(requests);
  });

  it('group info lists the known groups only, and a missing route is reported as such', async () => {
    const { directory: d } = directory('im-groups-info', 'im-groups-info-unknown', {
      name: 'im-unknown-path',
      at: '/group/get_groups_info',
    });
    const known = await d.groupsInfo(['{group}', 'no-such-group']);
    expect(known.map((g) => [g.groupID, g.groupName, g.ownerUserID])).toEqual([
      ['{group}', 'group-{tag}', '{alice.userID}'],
    ]);
    expect(await d.groupsInfo(['no-such-group'])).toEqual([]);
    expect((await refusal(d.groupsInfo(['x']))).code).toBe(MISSING_ROUTE_CODE);
  });
});
