import { describe, expect, it } from 'vitest';
import { RemoteError } from '@teamim/application';
import { createOpenImPorts } from './index';
import { STALE_SESSION_TRIES } from './session';
import { rawMessage, ScriptedSdk } from './testing/scripted-sdk';

const CONFIG = { apiAddr: 'http://h/api', wsAddr: 'ws://h/ws', platformID: 5, connectTimeoutMs: 200 };

describe('OpenIM adapters over a scripted SDK', () => {
  it('maps an SDK rejection to a RemoteError with its errCode and one without a code to -1', async () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    fake.answers.set('addFriend', () => {
      throw Object.assign(new Error('x'), { errCode: 1304, errMsg: 'already friends' });
    });
    await expect(ports.contacts.addFriend('bob', '')).rejects.toEqual(
      new RemoteError(1304, 'already friends'),
    );
    fake.answers.set('getBlackList', () => {
      throw new Error('func is not a function');
    });
    const error: unknown = await ports.contacts.getBlacklist().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect((error as RemoteError).code).toBe(-1);
  });

  it('refuses bad arguments with a typed error before calling the SDK', async () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    await expect(ports.conversations.deleteConversation('')).rejects.toMatchObject({ code: 1001 });
    // A blank text is the send pipeline's to refuse (the domain's rule), before it reaches an adapter.
    await expect(
      ports.messages.create({ kind: 'atText', text: 'hi', atUserIDList: [] }),
    ).rejects.toMatchObject({ code: 1001 });
    expect(fake.calls).toEqual([]);
  });

  it('deletes a conversation with deleteConversationAndDeleteAllMsg (deleteConversation has no wasm backing)', async () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    await ports.conversations.deleteConversation('si_a_b');
    expect(fake.calls).toEqual([{ method: 'deleteConversationAndDeleteAllMsg', args: ['si_a_b'] }]);
  });

  it('registers SDK handlers only while subscribed and removes them all on unsubscribe', () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    expect(fake.listenerCount()).toBe(0);
    const seen: string[] = [];
    const a = ports.contacts.events$.subscribe((e) => seen.push(e.type));
    const b = ports.contacts.events$.subscribe((e) => seen.push(`second:${e.type}`));
    const perStream = fake.listenerCount();
    expect(perStream).toBeGreaterThan(0);
    fake.fire('OnBlackAdded', { userID: 'carol', nickname: 'C', faceURL: '' });
    expect(seen).toEqual(['blackAdded', 'second:blackAdded']);
    a.unsubscribe();
    expect(fake.listenerCount()).toBe(perStream);
    b.unsubscribe();
    expect(fake.listenerCount()).toBe(0);
  });

  it('rejects login with the token code when the SDK reports the token expired, and logs the SDK out', async () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    fake.answers.set('login', () => {
      queueMicrotask(() => fake.fire('OnUserTokenExpired', undefined));
      return null;
    });
    await expect(ports.session.login('alice', 'tok')).rejects.toMatchObject({ code: 1501 });
    expect(fake.calls.map((c) => c.method)).toEqual(['login', 'logout']);
    expect(fake.listenerCount()).toBe(0);
  });

  it('logs the SDK out when its login itself is refused, but not when the refusal is a repeated login', async () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    fake.answers.set('login', () => {
      throw Object.assign(new Error('x'), { errCode: 1505, errMsg: 'token signature invalid' });
    });
    await expect(ports.session.login('alice', 'bad')).rejects.toMatchObject({ code: 1505 });
    expect(fake.calls.map((c) => c.method)).toEqual(['login', 'logout']);

    // Logged in by this adapter: a second login is refused as repeated and the session stays.
    fake.calls.length = 0;
    fake.answers.set('login', () => {
      queueMicrotask(() => fake.fire('OnConnectSuccess', undefined));
      return null;
    });
    await ports.session.login('alice', 'tok');
    fake.answers.set('login', () => {
      throw Object.assign(new Error('x'), { errCode: 10102, errMsg: 'User has logged in repeatedly' });
    });
    await expect(ports.session.login('alice', 'tok')).rejects.toMatchObject({ code: 10102 });
    expect(fake.calls.map((c) => c.method)).toEqual(['login', 'login']);
  });

  it('clears a session the SDK kept from a refused login and logs in once more', async () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    // The SDK still counts itself logged in from a refused attempt: the first try is refused as repeated.
    let tries = 0;
    fake.answers.set('login', () => {
      tries += 1;
      if (tries === 1)
        throw Object.assign(new Error('x'), { errCode: 10102, errMsg: 'User has logged in repeatedly' });
      queueMicrotask(() => fake.fire('OnConnectSuccess', undefined));
      return null;
    });
    await ports.session.login('alice', 'tok');
    expect(fake.calls.map((c) => c.method)).toEqual(['login', 'logout', 'login']);
  });

  it("keeps clearing a stale session while the SDK's own log-out is still under way, a few times", async () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    // The SDK's log-out after the refused attempt ends after the adapter's first two: three repeated refusals.
    let tries = 0;
    fake.answers.set('login', () => {
      tries += 1;
      if (tries <= 3)
        throw Object.assign(new Error('x'), { errCode: 10102, errMsg: 'User has logged in repeatedly' });
      queueMicrotask(() => fake.fire('OnConnectSuccess', undefined));
      return null;
    });
    await ports.session.login('alice', 'tok');
    expect(fake.calls.map((c) => c.method)).toEqual([
      'login',
      'logout',
      'login',
      'logout',
      'login',
      'logout',
      'login',
    ]);
  });

  it('gives up on a session that stays logged in, with the repeated-login code', async () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    fake.answers.set('login', () => {
      throw Object.assign(new Error('x'), { errCode: 10102, errMsg: 'User has logged in repeatedly' });
    });
    await expect(ports.session.login('alice', 'tok')).rejects.toMatchObject({ code: 10102 });
    const methods = fake.calls.map((c) => c.method);
    expect(methods.filter((m) => m === 'login')).toHaveLength(STALE_SESSION_TRIES);
    expect(methods.at(-1)).toBe('login');
  });

  it('maps session callbacks to session events', () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    const seen: unknown[] = [];
    const sub = ports.session.events$.subscribe((e) => seen.push(e));
    fake.fire('OnSyncServerStart', true);
    fake.fire('OnSyncServerProgress', 40);
    fake.fire('OnKickedOffline', undefined);
    sub.unsubscribe();
    expect(seen).toEqual([
      { type: 'syncStart', reinstalled: true },
      { type: 'syncProgress', percent: 40 },
      { type: 'kickedOffline' },
    ]);
  });

  it('creates a message only once the login in progress is done (a chat may send before)', async () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    fake.answers.set('login', () => null);
    fake.answers.set('createTextMessage', () =>
      rawMessage({ clientMsgID: 'm1', sendID: 'bob', recvID: 'alice' }),
    );
    const login = ports.session.login('bob', 'tok');
    const created = ports.messages.create({ kind: 'text', text: 'hi' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.calls.map((c) => c.method)).toEqual(['login']);
    fake.fire('OnConnectSuccess', undefined);
    await login;
    expect((await created).clientMsgID).toBe('m1');
    expect(fake.calls.map((c) => c.method)).toEqual(['login', 'createTextMessage']);
  });

  it('sends the SDK object it created and names the conversation of a revoked message', async () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    fake.answers.set('login', () => {
      queueMicrotask(() => fake.fire('OnConnectSuccess', undefined));
      return null;
    });
    await ports.session.login('bob', 'tok');
    const created = rawMessage({ clientMsgID: 'm1', sendID: 'bob', recvID: 'alice' });
    fake.answers.set('createTextMessage', () => created);
    fake.answers.set('sendMessage', () => ({ ...created, status: 2, sendTime: 5 }));
    const draft = await ports.messages.create({ kind: 'text', text: 'hi' });
    const sent = await ports.messages.send(draft, { recvID: 'alice', groupID: '' });
    expect(fake.calls.find((c) => c.method === 'sendMessage')?.args[0]).toEqual({
      recvID: 'alice',
      groupID: '',
      message: created,
    });
    expect(sent).toMatchObject({ clientMsgID: 'm1', status: 2, sendTime: 5, textElem: { content: 'hi' } });
    expect(sent).not.toHaveProperty('content');

    const events: unknown[] = [];
    const sub = ports.messages.events$.subscribe((e) => events.push(e));
    fake.fire('OnRecvNewMessages', [rawMessage({ clientMsgID: 'm2' })]);
    fake.fire('OnNewRecvMessageRevoked', {
      clientMsgID: 'm2',
      revokerID: 'alice',
      sessionType: 1,
      sourceMessageSendID: 'alice',
    });
    fake.fire('OnNewRecvMessageRevoked', {
      clientMsgID: 'm1',
      revokerID: 'bob',
      sessionType: 1,
      sourceMessageSendID: 'bob',
    });
    sub.unsubscribe();
    expect(events).toEqual([
      { type: 'received', messages: [expect.objectContaining({ clientMsgID: 'm2', recvID: 'bob' })] },
      { type: 'revoked', conversationID: 'si_alice_bob', clientMsgID: 'm2', revokerID: 'alice' },
      { type: 'revoked', conversationID: 'si_alice_bob', clientMsgID: 'm1', revokerID: 'bob' },
    ]);
  });

  it('merges self info from the SDK with the business fields of the injected source', async () => {
    const fake = new ScriptedSdk();
    fake.answers.set('getSelfUserInfo', () => ({
      userID: 'alice',
      nickname: 'Alice',
      faceURL: 'ic_avatar_01',
    }));
    const plain = createOpenImPorts(fake.asSdk(), CONFIG);
    expect(await plain.session.getSelfInfo()).toMatchObject({
      userID: 'alice',
      nickname: 'Alice',
      email: '',
    });
    // The SDK does not know the local-only business fields: unknown, not "no pay password".
    const bare = await plain.session.getSelfInfo();
    expect('hasPayPassword' in bare || 'allowCreateGroup' in bare).toBe(false);
    const merged = createOpenImPorts(fake.asSdk(), CONFIG, (userID) =>
      Promise.resolve({ email: `${userID}@example.com`, hasPayPassword: true, nickname: 'stale' }),
    );
    expect(await merged.session.getSelfInfo()).toMatchObject({
      userID: 'alice',
      nickname: 'Alice',
      faceURL: 'ic_avatar_01',
      email: 'alice@example.com',
      hasPayPassword: true,
    });
    const failing = createOpenImPorts(fake.asSdk(), CONFIG, () =>
      Promise.reject(Object.assign(new Error('down'), { errCode: 500, errMsg: 'chat api down' })),
    );
    await expect(failing.session.getSelfInfo()).rejects.toEqual(new RemoteError(500, 'chat api down'));
  });
  it('sends call signals as online-only custom messages and emits those addressed to this user or sent by its other devices', async () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    fake.answers.set('login', () => {
      queueMicrotask(() => fake.fire('OnConnectSuccess', undefined));
      return null;
    });
    await ports.session.login('bob', 'tok');
    const invitation = {
      roomID: 'r1',
      inviterUserID: 'alice',
      inviteeUserIDList: ['bob'],
      mediaType: 'video',
    };
    const data = JSON.stringify({ customType: 201, invitation });
    const created = rawMessage({ clientMsgID: 'c9', contentType: 110, customElem: { data } });
    fake.answers.set('createCustomMessage', () => created);
    await ports.callSignalling.send('alice', 201, { ...invitation, mediaType: 'video' });
    // An answer goes to the peer, and a copy to the own user's other devices (call-signalling.test.ts).
    expect(fake.calls.slice(-4)).toEqual([
      { method: 'createCustomMessage', args: [{ data, extension: '', description: 'call' }] },
      {
        method: 'sendMessage',
        args: [{ recvID: 'alice', groupID: '', message: created, isOnlineOnly: true }],
      },
      { method: 'createCustomMessage', args: [{ data, extension: '', description: 'call' }] },
      {
        method: 'sendMessage',
        args: [{ recvID: 'bob', groupID: '', message: created, isOnlineOnly: true }],
      },
    ]);
    await expect(
      ports.callSignalling.send('', 200, { ...invitation, mediaType: 'video' }),
    ).rejects.toMatchObject({
      code: 1001,
    });

    const seen: unknown[] = [];
    const sub = ports.callSignalling.signals$.subscribe((s) => seen.push(s));
    const signal = (over: Record<string, unknown>) =>
      rawMessage({
        contentType: 110,
        customElem: { data: JSON.stringify({ customType: 200, invitation }) },
        ...over,
      });
    fake.fire('OnRecvOnlineOnlyMessages', [
      signal({ sendID: 'alice', recvID: 'bob' }),
      // Its own signal, from another of its devices: passed on marked, so a ringing device can stop.
      signal({ sendID: 'bob', recvID: 'alice' }),
      signal({ sendID: 'alice', recvID: 'carol' }),
      signal({ sendID: 'alice', recvID: '', groupID: 'g1', sessionType: 3 }),
      rawMessage({
        sendID: 'alice',
        recvID: 'bob',
        contentType: 110,
        customElem: { data: '{"customType":300}' },
      }),
    ]);
    // The wasm SDK's own event for an online-only message: one message, not a list.
    fake.fire('OnRecvOnlineOnlyMessage', signal({ sendID: 'carol', recvID: 'bob' }));
    sub.unsubscribe();
    expect(seen).toEqual([
      { type: 200, invitation, fromUserID: 'alice' },
      { type: 200, invitation, fromUserID: 'bob', fromOwnDevice: true },
      { type: 200, invitation, fromUserID: 'carol' },
    ]);
    expect(fake.listenerCount()).toBe(0);
  });
  it('creates a group with admins as a separate list, as OpenIM wants the lists disjoint', async () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    fake.answers.set('createGroup', () => ({ groupID: 'g1', groupName: 'team', ownerUserID: 'alice' }));
    await ports.groups.createGroup({
      groupName: 'team',
      faceURL: '',
      memberUserIDs: ['bob', 'carol'],
      adminUserIDs: ['bob'],
    });
    expect(fake.calls[0]?.args[0]).toMatchObject({ memberUserIDs: ['carol'], adminUserIDs: ['bob'] });
    await expect(
      ports.groups.createGroup({
        groupName: 'team',
        faceURL: '',
        memberUserIDs: ['bob'],
        adminUserIDs: ['dave'],
      }),
    ).rejects.toMatchObject({ code: 1001 });
    expect(fake.calls).toHaveLength(1);
  });
  it('uploads through uploadFile under a fresh, path-safe name and resolves with the URL', async () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    fake.answers.set('uploadFile', () => ({ url: 'http://h/api/object/alice/x.png' }));
    const file = new File([new Uint8Array([1, 2])], '../my photo.png', { type: 'image/png' });
    const picked = { name: '../my photo.png', mimeType: 'image/png', size: 2, handle: file };
    expect(await ports.fileUploader.upload(picked)).toBe('http://h/api/object/alice/x.png');
    const args = fake.calls[0]?.args[0] as { name: string; uuid: string; contentType: string; file: File };
    expect(args.name).toBe(`${args.uuid}-_my_photo.png`);
    expect(args).toMatchObject({ contentType: 'image/png', file });

    await expect(ports.fileUploader.upload({ ...picked, handle: 'not a file' })).rejects.toMatchObject({
      code: 1001,
    });
    fake.answers.set('uploadFile', () => ({ url: '' }));
    await expect(ports.fileUploader.upload(picked)).rejects.toMatchObject({ code: -1 });
  });
  it('searches local history newest first across pages, since the SDK keyword search returns nothing', async () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    const text = (id: string, content: string) => rawMessage({ clientMsgID: id, textElem: { content } });
    const pages: Record<string, unknown> = {
      '': {
        messageList: [text('m3', 'Kiwi one'), text('m4', 'nothing'), text('m5', 'kiwi two')],
        isEnd: false,
      },
      m3: { messageList: [text('m1', 'KIWI old'), text('m2', 'other')], isEnd: true },
    };
    fake.answers.set(
      'getAdvancedHistoryMessageList',
      (params) => pages[(params as { startClientMsgID: string }).startClientMsgID],
    );
    const ids = async (count: number) =>
      (await ports.messages.searchLocal('si_a_b', 'kiwi', count)).map((m) => m.clientMsgID);
    expect(await ids(10)).toEqual(['m5', 'm3', 'm1']);
    expect(await ids(2)).toEqual(['m5', 'm3']);
    expect(fake.calls.map((c) => c.method)).not.toContain('searchLocalMessages');
    await expect(ports.messages.searchLocal('', 'kiwi', 5)).rejects.toMatchObject({ code: 1001 });
  });
  it("finds this device's copies of messages of one conversation (SDK findMessageList)", async () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    fake.answers.set('findMessageList', () => ({
      totalCount: 2,
      findResultItems: [
        { conversationID: 'si_a_b', messageList: [rawMessage({ clientMsgID: 'c1', status: 2, seq: 9 })] },
        { conversationID: 'si_other', messageList: [rawMessage({ clientMsgID: 'c9' })] },
      ],
    }));
    const found = await ports.messages.findMessages('si_a_b', ['c1']);
    expect(found.map((m) => [m.clientMsgID, m.status, m.seq])).toEqual([['c1', 2, 9]]);
    expect(fake.calls.at(-1)?.args[0]).toEqual([{ conversationID: 'si_a_b', clientMsgIDList: ['c1'] }]);
    expect(await ports.messages.findMessages('si_a_b', [])).toEqual([]);
    await expect(ports.messages.findMessages('', ['c1'])).rejects.toMatchObject({ code: 1001 });
  });
  it('passes on a single online-only message, and a peer typing as its input status', () => {
    const fake = new ScriptedSdk();
    const ports = createOpenImPorts(fake.asSdk(), CONFIG);
    const seen: unknown[] = [];
    const sub = ports.messages.events$.subscribe((e) => seen.push(e));
    fake.fire('OnRecvOnlineOnlyMessage', rawMessage({ clientMsgID: 'o1', sendID: 'alice', recvID: 'bob' }));
    fake.fire('OnConversationUserInputStatusChanged', {
      conversationID: 'si_alice_bob',
      userID: 'alice',
      platformIDs: [5],
    });
    fake.fire('OnConversationUserInputStatusChanged', {
      conversationID: 'si_alice_bob',
      userID: 'alice',
      platformIDs: [],
    });
    sub.unsubscribe();
    expect(seen).toMatchObject([
      { type: 'received', messages: [{ clientMsgID: 'o1', sendID: 'alice' }] },
      { type: 'typing', conversationID: 'si_alice_bob', userID: 'alice', typing: true },
      { type: 'typing', conversationID: 'si_alice_bob', userID: 'alice', typing: false },
    ]);
    expect(fake.listenerCount()).toBe(0);
  });
});
