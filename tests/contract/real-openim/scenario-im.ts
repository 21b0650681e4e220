import type { Deployment } from './deployment';
import { dataOf, PAGE, WEB, type Recorder, type Sender } from './scenario-steps';

/** How long a sent message may take to reach the store (Kafka, then msgtransfer, on a real server). */
const SETTLE_MS = 20_000;

/**
 * The OpenIM half of the scenario: the conversation list empty and then with a one-to-one conversation,
 * the newest messages of it (with the placeholder of seq 0), and group info; a friendship, a text and a
 * group are set up through calls the SDK or a server-side tool makes.
 */
export async function imRoutes(
  record: Recorder,
  send: Sender,
  deployment: Deployment,
  vars: Map<string, string>,
  tokens: Map<string, string>,
): Promise<void> {
  const alice = vars.get('alice.userID') ?? '';
  const bob = vars.get('bob.userID') ?? '';
  const sorted = (token: string, userID: string) => ({
    api: 'im' as const,
    path: '/conversation/get_sorted_conversation_list',
    token,
    body: { userID, conversationIDs: [], pagination: PAGE },
  });
  await record(
    'im-sorted-conversations-empty',
    'the conversation list of a user without any (1004)',
    sorted('alice.im', alice),
  );
  await record('im-unknown-path', 'a path OpenIM has no route for', {
    api: 'im',
    path: '/no/such/route',
    token: 'alice.im',
    body: {},
  });

  dataOf(
    await send('im', 'POST', '/friend/add_friend', 'alice.im', {
      fromUserID: alice,
      toUserID: bob,
      reqMsg: 'hi',
      ex: '',
    }),
    'alice asks bob',
  );
  dataOf(
    await send('im', 'POST', '/friend/add_friend_response', 'bob.im', {
      fromUserID: alice,
      toUserID: bob,
      handleResult: 1,
      handleMsg: 'ok',
    }),
    'bob accepts',
  );
  tokens.set('admin.im', await deployment.adminImToken());
  dataOf(
    await send('im', 'POST', '/msg/send_msg', 'admin.im', {
      sendID: alice,
      recvID: bob,
      senderPlatformID: WEB,
      content: { content: 'hello from the recording' },
      contentType: 101,
      sessionType: 1,
    }),
    'a text from alice to bob',
  );
  const conversation = `si_${[alice, bob].sort().join('_')}`;
  vars.set('conversation', conversation);
  const pull = (userID: string, conversationID: string) => ({
    api: 'im' as const,
    path: '/msg/pull_msg_by_seq',
    token: 'alice.im',
    body: {
      userID,
      seqRanges: [{ conversationID, begin: 0, end: Number.MAX_SAFE_INTEGER, num: 20 }],
      order: 0,
    },
  });
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const p = pull(alice, conversation);
    const answer = await send('im', 'POST', p.path, p.token, p.body);
    const text = JSON.stringify(answer.body);
    if (text.includes(Buffer.from('{"content":"hello from the recording"}').toString('base64'))) break;
    if (text.includes('hello from the recording')) break;
    if (Date.now() > deadline) throw new Error(`the text never reached the store: ${text.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await record(
    'im-sorted-conversations',
    'the conversation list with the one-to-one conversation',
    sorted('alice.im', alice),
  );
  await record(
    'im-pull-msg-by-seq',
    'the newest 20 messages of the conversation: seq 0 comes back as a placeholder (status 4)',
    pull(alice, conversation),
  );
  await record(
    'im-pull-msg-by-seq-not-member',
    'a conversation the user is not in: absent from the answer',
    pull(alice, `si_${bob}_nobody-${vars.get('tag') ?? ''}`),
  );

  const created = dataOf<{ groupInfo?: { groupID?: string } }>(
    await send('im', 'POST', '/group/create_group', 'alice.im', {
      memberUserIDs: [bob],
      adminUserIDs: [],
      ownerUserID: alice,
      groupInfo: { groupName: `group-${vars.get('tag') ?? ''}`, groupType: 2 },
    }),
    'alice creates a group',
  );
  const groupID = created.groupInfo?.groupID ?? '';
  vars.set('group', groupID);
  await record('im-groups-info', 'a known group and an unknown one', {
    api: 'im',
    path: '/group/get_groups_info',
    token: 'bob.im',
    body: { groupIDs: [groupID, 'no-such-group'] },
  });
  await record('im-groups-info-unknown', 'only an unknown group', {
    api: 'im',
    path: '/group/get_groups_info',
    token: 'bob.im',
    body: { groupIDs: ['no-such-group'] },
  });
}
