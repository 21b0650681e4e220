import { describe, expect, it } from 'vitest';
import { MISSING_ROUTE_CODE, RemoteError } from '@teamim/application';
import { parseLatestMessage } from '@teamim/domain';
import { OpenImConversations } from './conversations';
import { OpenImGroups } from './groups';
import { OpenImDirectory } from './im-api';
import type { OpenImSdk } from './sdk';
import { fakeFetch, signedIn } from './testing/fake-fetch';

const group = (groupID: string, groupName: string) => ({ groupID, groupName, memberCount: 3 });

describe('OpenImDirectory', () => {
  it('posts the group ids with the IM token and a fresh operationID, and returns the infos', async () => {
    const { fetch, sent } = fakeFetch(() => ({
      json: { errCode: 0, errMsg: '', data: { groupInfos: [group('g1', 'Team'), { groupID: '' }, 'junk'] } },
    }));
    const directory = new OpenImDirectory('http://h/api/', signedIn(), fetch);
    expect(await directory.groupsInfo(['g1', 'g2'])).toEqual([group('g1', 'Team')]);
    await directory.groupsInfo(['g1']);
    expect(sent[0]).toMatchObject({
      url: 'http://h/api/group/get_groups_info',
      body: { groupIDs: ['g1', 'g2'] },
    });
    expect(sent[0]?.headers['token']).toBe('tok');
    expect(sent[0]?.headers['operationID']).not.toBe(sent[1]?.headers['operationID']);
  });

  it("rejects with the server's errCode, on HTTP errors and on malformed answers", async () => {
    const cases: { status?: number; json: unknown; code: number }[] = [
      { json: { errCode: 1501, errMsg: 'token expired' }, code: 1501 },
      { status: 502, json: {}, code: -1 },
      { json: 'not an envelope', code: -1 },
      { json: { errCode: 0, data: { groupInfos: 'nope' } }, code: -1 },
    ];
    for (const c of cases) {
      const { fetch } = fakeFetch(() => c);
      const failure = await new OpenImDirectory('http://h/api', signedIn(), fetch)
        .groupsInfo(['g1'])
        .catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(RemoteError);
      expect((failure as RemoteError).code).toBe(c.code);
    }
  });

  it("lists the server's friend ids for the user, and refuses a malformed list", async () => {
    const { fetch, sent } = fakeFetch(() => ({
      json: { errCode: 0, data: { version: 3, userIDs: ['u2', '', 'u3'] } },
    }));
    expect(await new OpenImDirectory('http://h/api', signedIn(), fetch).fullFriendUserIDs('u1')).toEqual([
      'u2',
      'u3',
    ]);
    expect(sent[0]).toMatchObject({
      url: 'http://h/api/friend/get_full_friend_user_ids',
      body: { userID: 'u1', idHash: 0 },
    });
    const none = fakeFetch(() => ({ json: { errCode: 0, data: { userIDs: null } } }));
    expect(await new OpenImDirectory('http://h/api', signedIn(), none.fetch).fullFriendUserIDs('u1')).toEqual(
      [],
    );
    const bad = fakeFetch(() => ({ json: { errCode: 0, data: { userIDs: ['u2', 7] } } }));
    await expect(
      new OpenImDirectory('http://h/api', signedIn(), bad.fetch).fullFriendUserIDs('u1'),
    ).rejects.toThrow(/malformed/);
  });

  it("lists the server's joined group ids for the signed-in user, and refuses a malformed list", async () => {
    const context = signedIn();
    context.tokenUserID = 'u1';
    const { fetch, sent } = fakeFetch(() => ({
      json: { errCode: 0, data: { version: 2, groupIDs: ['g1', '', 'g2'] } },
    }));
    const directory = new OpenImDirectory('http://h/api', context, fetch);
    const sdk = { on: () => undefined, off: () => undefined } as unknown as OpenImSdk;
    expect(await new OpenImGroups(sdk, directory).getServerJoinedGroupIDs()).toEqual(['g1', 'g2']);
    expect(sent[0]).toMatchObject({
      url: 'http://h/api/group/get_full_join_group_ids',
      body: { userID: 'u1', idHash: 0 },
    });
    const bad = fakeFetch(() => ({ json: { errCode: 0, data: { groupIDs: 'g1' } } }));
    await expect(
      new OpenImDirectory('http://h/api', context, bad.fetch).fullJoinedGroupIDs('u1'),
    ).rejects.toThrow(/get_full_join_group_ids: malformed/);
  });

  it('refuses to call without a session token and asks nothing for no ids', async () => {
    const { fetch, sent } = fakeFetch(() => ({ json: { errCode: 0, data: {} } }));
    await expect(new OpenImDirectory('http://h/api', signedIn(''), fetch).groupsInfo(['g1'])).rejects.toThrow(
      /not logged in/,
    );
    expect(await new OpenImDirectory('http://h/api', signedIn(), fetch).groupsInfo([])).toEqual([]);
    expect(sent).toEqual([]);
  });
});

describe('OpenImGroups.getGroups', () => {
  function sdkWith(joined: unknown[] | Error): { sdk: OpenImSdk; calls: string[] } {
    const calls: string[] = [];
    const sdk = {
      getJoinedGroupList: () => {
        calls.push('getJoinedGroupList');
        return joined instanceof Error
          ? Promise.reject(joined)
          : Promise.resolve({ errCode: 0, errMsg: '', data: joined });
      },
      getSpecifiedGroupsInfo: () => {
        calls.push('getSpecifiedGroupsInfo');
        return Promise.resolve({ errCode: 0, errMsg: '', data: [] });
      },
      on: () => undefined,
      off: () => undefined,
    } as unknown as OpenImSdk;
    return { sdk, calls };
  }

  it('answers joined groups from the SDK and the others from the server, never through getSpecifiedGroupsInfo', async () => {
    const { fetch, sent } = fakeFetch(() => ({
      json: { errCode: 0, data: { groupInfos: [group('g2', 'Other')] } },
    }));
    const { sdk, calls } = sdkWith([group('g1', 'Mine'), group('g9', 'Unasked')]);
    const groups = new OpenImGroups(sdk, new OpenImDirectory('http://h/api', signedIn(), fetch));
    const found = await groups.getGroups(['g2', 'g1', 'g2', 'gone']);
    expect(found.map((g) => [g.groupID, g.groupName])).toEqual([
      ['g2', 'Other'],
      ['g1', 'Mine'],
    ]);
    expect(sent.map((s) => s.body)).toEqual([{ groupIDs: ['g2', 'gone'] }]);
    expect(calls).not.toContain('getSpecifiedGroupsInfo');
  });

  it('asks the server for every id while the SDK cannot answer (10004 during its start)', async () => {
    const { fetch, sent } = fakeFetch(() => ({
      json: { errCode: 0, data: { groupInfos: [group('g1', 'Mine')] } },
    }));
    const { sdk } = sdkWith(Object.assign(new Error('init'), { errCode: 10004 }));
    const groups = new OpenImGroups(sdk, new OpenImDirectory('http://h/api', signedIn(), fetch));
    expect((await groups.getGroups(['g1'])).map((g) => g.groupName)).toEqual(['Mine']);
    expect(sent).toHaveLength(1);
  });
});

describe('OpenImGroups.getJoinedGroupsPage', () => {
  it("pages over the SDK's stored groups, never through its paged read that stores missing groups", async () => {
    const calls: string[] = [];
    const stored = ['g1', 'g2', 'g3'].map((id) => group(id, id.toUpperCase()));
    const sdk = {
      getJoinedGroupList: () => {
        calls.push('getJoinedGroupList');
        return Promise.resolve({ errCode: 0, errMsg: '', data: stored });
      },
      getJoinedGroupListPage: () => {
        calls.push('getJoinedGroupListPage');
        return Promise.resolve({ errCode: 0, errMsg: '', data: stored });
      },
      on: () => undefined,
      off: () => undefined,
    } as unknown as OpenImSdk;
    const groups = new OpenImGroups(sdk);
    expect((await groups.getJoinedGroupsPage(0, 2)).map((g) => g.groupID)).toEqual(['g1', 'g2']);
    // Without the server's directory the device's own list is all the check can be given.
    expect(await groups.getServerJoinedGroupIDs()).toEqual(['g1', 'g2', 'g3']);
    expect((await groups.getJoinedGroupsPage(2, 2)).map((g) => g.groupID)).toEqual(['g3']);
    expect(await groups.getJoinedGroupsPage(4, 2)).toEqual([]);
    expect(calls).not.toContain('getJoinedGroupListPage');
  });
});

describe('OpenImConversations.getServerFirstPage', () => {
  const noSdk = { on: () => undefined, off: () => undefined } as unknown as OpenImSdk;
  const info = (overrides: Record<string, unknown>) => ({
    serverMsgID: 's1',
    clientMsgID: 'c1',
    sessionType: 1,
    sendID: 'u2',
    recvID: 'u1',
    senderName: 'Bob',
    faceURL: 'https://x/bob.png',
    groupID: '',
    groupName: '',
    groupFaceURL: '',
    groupType: 0,
    groupMemberCount: 0,
    LatestMsgRecvTime: 3000,
    msgFrom: 100,
    contentType: 101,
    content: '{"content":"hi there"}',
    ex: '',
    ...overrides,
  });

  it('asks the server for the first page and maps it to the SDK list shape, previews included', async () => {
    const { fetch, sent } = fakeFetch(() => ({
      json: {
        errCode: 0,
        data: {
          conversationTotal: 5,
          unreadTotal: 3,
          conversationElems: [
            { conversationID: 'si_u1_u2', recvMsgOpt: 2, unreadCount: 2, IsPinned: true, msgInfo: info({}) },
            {
              conversationID: 'si_u1_u3',
              recvMsgOpt: 0,
              unreadCount: 0,
              IsPinned: false,
              msgInfo: info({ sendID: 'u1', recvID: 'u3', senderName: 'Carol', LatestMsgRecvTime: 2000 }),
            },
            {
              conversationID: 'sg_g1',
              recvMsgOpt: 0,
              unreadCount: 1,
              IsPinned: false,
              msgInfo: info({
                sessionType: 3,
                sendID: 'u4',
                recvID: '',
                senderName: 'Dave',
                faceURL: '',
                groupID: 'g1',
                groupName: 'Team',
                groupFaceURL: 'https://x/team.png',
                contentType: 1501,
                content: '{"detail":"{\\"group\\":{}}"}',
                LatestMsgRecvTime: 1000,
              }),
            },
            {
              conversationID: 'si_u0_u1',
              unreadCount: 0,
              IsPinned: false,
              msgInfo: info({
                clientMsgID: '',
                sendID: '',
                recvID: '',
                senderName: 'Zed',
                LatestMsgRecvTime: 0,
              }),
            },
            { conversationID: '' },
            'junk',
          ],
        },
      },
    }));
    const conversations = new OpenImConversations(
      noSdk,
      new OpenImDirectory('http://h/api', signedIn(), fetch),
    );

    const page = await conversations.getServerFirstPage('u1', 100);

    expect(sent).toEqual([
      {
        url: 'http://h/api/conversation/get_sorted_conversation_list',
        headers: expect.objectContaining({ token: 'tok' }) as unknown,
        body: { userID: 'u1', conversationIDs: [], pagination: { pageNumber: 1, showNumber: 100 } },
      },
    ]);
    expect(
      page.map((c) => [c.conversationID, c.conversationType, c.userID, c.groupID, c.showName, c.faceURL]),
    ).toEqual([
      ['si_u1_u2', 1, 'u2', '', 'Bob', 'https://x/bob.png'],
      ['si_u1_u3', 1, 'u3', '', 'Carol', 'https://x/bob.png'],
      ['sg_g1', 3, '', 'g1', 'Team', 'https://x/team.png'],
      ['si_u0_u1', 1, 'u0', '', 'Zed', 'https://x/bob.png'],
    ]);
    expect(page[0]).toMatchObject({ isPinned: true, recvMsgOpt: 2, unreadCount: 2, latestMsgSendTime: 3000 });
    // Of the latest message the list keeps what its preview reads, as it keeps of the SDK's.
    expect(parseLatestMessage(page[0] ?? { latestMsg: '' })).toEqual({
      clientMsgID: 'c1',
      contentType: 101,
      textElem: { content: 'hi there' },
    });
    expect(parseLatestMessage(page[2] ?? { latestMsg: '' })).toEqual({
      clientMsgID: 'c1',
      contentType: 1501,
      notificationElem: { detail: '{"group":{}}' },
    });
    expect(page[3]?.latestMsg).toBe('');
  });

  it("reads open-im-server's 1004 for a user without conversations as an empty first page", async () => {
    const { fetch } = fakeFetch(() => ({ json: { errCode: 1004, errMsg: 'RecordNotFoundError' } }));
    const conversations = new OpenImConversations(
      noSdk,
      new OpenImDirectory('http://h/api', signedIn(), fetch),
    );
    await expect(conversations.getServerFirstPage('u1', 10)).resolves.toEqual([]);
    const other = fakeFetch(() => ({ json: { errCode: 1001, errMsg: 'ArgsError' } }));
    const failing = new OpenImConversations(
      noSdk,
      new OpenImDirectory('http://h/api', signedIn(), other.fetch),
    );
    await expect(failing.getServerFirstPage('u1', 10)).rejects.toMatchObject({ code: 1001 });
  });

  it('rejects a malformed answer and an empty user id with a RemoteError', async () => {
    const { fetch } = fakeFetch(() => ({ json: { errCode: 0, data: { conversationElems: 'x' } } }));
    const conversations = new OpenImConversations(
      noSdk,
      new OpenImDirectory('http://h/api', signedIn(), fetch),
    );
    await expect(conversations.getServerFirstPage('u1', 10)).rejects.toBeInstanceOf(RemoteError);
    await expect(conversations.getServerFirstPage('', 10)).rejects.toBeInstanceOf(RemoteError);
  });
});

describe('OpenImDirectory.newestMessages', () => {
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  const msg = (seq: number, extra: Record<string, unknown> = {}) => ({
    clientMsgID: `c${seq}`,
    serverMsgID: `s${seq}`,
    sendID: 'u2',
    recvID: 'u1',
    groupID: '',
    senderNickname: 'Bo',
    senderFaceURL: '',
    sessionType: 1,
    msgFrom: 100,
    contentType: 101,
    content: b64(JSON.stringify({ content: `héllo ${seq}` })),
    seq,
    sendTime: seq * 1000,
    createTime: seq * 1000,
    status: 2,
    isRead: false,
    ex: '',
    ...extra,
  });

  it('pulls the newest `num` seqs of the conversation and decodes each message, skipping placeholders', async () => {
    const { fetch, sent } = fakeFetch(() => ({
      json: {
        errCode: 0,
        errMsg: '',
        data: { msgs: { si_u1_u2: { Msgs: [msg(1), msg(2, { status: 4, content: '' }), msg(3), 'junk'] } } },
      },
    }));
    const directory = new OpenImDirectory('http://h/api', signedIn(), fetch);
    const got = await directory.newestMessages('u1', 'si_u1_u2', 20);
    expect(sent[0]).toMatchObject({
      url: 'http://h/api/msg/pull_msg_by_seq',
      body: {
        userID: 'u1',
        seqRanges: [{ conversationID: 'si_u1_u2', begin: 0, end: Number.MAX_SAFE_INTEGER, num: 20 }],
        order: 0,
      },
    });
    expect(got.map((m) => [m.seq, m.content])).toEqual([
      [1, '{"content":"héllo 1"}'],
      [3, '{"content":"héllo 3"}'],
    ]);
  });

  it('answers nothing for a conversation absent from the answer, and MISSING_ROUTE_CODE on a 404', async () => {
    const absent = new OpenImDirectory(
      'http://h/api',
      signedIn(),
      fakeFetch(() => ({ json: { errCode: 0, errMsg: '', data: { msgs: {} } } })).fetch,
    );
    expect(await absent.newestMessages('u1', 'si_u1_u2', 20)).toEqual([]);
    const missing = new OpenImDirectory(
      'http://h/api',
      signedIn(),
      fakeFetch(() => ({ status: 404, json: '404 page not found' })).fetch,
    );
    await expect(missing.newestMessages('u1', 'si_u1_u2', 20)).rejects.toMatchObject({
      code: MISSING_ROUTE_CODE,
    });
  });
});
