import { describe, expect, it } from 'vitest';
import { firstValueFrom, take, toArray } from 'rxjs';
import {
  buildCallSignalData,
  CallMediaType,
  ContentType,
  MessageStatus,
  RecvMsgOpt,
  SessionType,
  type Message,
  parseCustomData,
} from '@teamim/domain';
import { TestWorld, type TestClient } from '../testing';
import {
  NOTICE_CONVERSATION_INTERVAL_MS,
  NOTICE_WINDOW_MAX,
  NOTICE_WINDOW_MS,
  isNoticeable,
} from './message-notifications.service';

/** Alice (nickname Alice) and bob are friends; bob has switched notices on and his page is hidden. */
async function world(): Promise<{ world: TestWorld; alice: TestClient; bob: TestClient }> {
  const w = new TestWorld().users(
    { userID: 'alice', nickname: 'Alice' },
    { userID: 'bob', nickname: 'Bob' },
    { userID: 'carol', nickname: 'Carol' },
  );
  w.backend.makeFriends('alice', 'bob');
  w.backend.makeFriends('carol', 'bob');
  const alice = await w.signIn('alice');
  const bob = await w.signIn('bob');
  expect(await bob.notifications.setEnabled(true)).toEqual({ ok: true });
  bob.ports.pageVisibility.hidden = true;
  await alice.conversations.open('bob', SessionType.Single);
  return { world: w, alice, bob };
}

const texts = (client: TestClient) => client.ports.messageNotices.shown.map((n) => `${n.title} | ${n.body}`);

describe('MessageNotificationService', () => {
  it('notifies a message from someone else while the page is hidden: sender as title, preview as body', async () => {
    const { world: w, alice, bob } = await world();
    await alice.chat.sendText('lunch at [[at-Bob#bob]]?\nsee   you', ['bob']);
    await w.settle();
    expect(bob.ports.messageNotices.shown).toEqual([
      { conversationID: 'si_alice_bob', title: 'Alice', body: 'lunch at @Bob? see you' },
    ]);
    // The sender's own page shows nothing for her own message, hidden or not.
    alice.ports.pageVisibility.hidden = true;
    await w.advance(NOTICE_CONVERSATION_INTERVAL_MS);
    await alice.chat.sendText('second');
    await w.settle();
    expect(alice.ports.messageNotices.shown).toEqual([]);
  });

  it('stays quiet while the page is visible, while the switch is off, and without permission', async () => {
    const { world: w, alice, bob } = await world();
    bob.ports.pageVisibility.hidden = false;
    await alice.chat.sendText('visible');
    await w.advance(NOTICE_CONVERSATION_INTERVAL_MS);
    bob.ports.pageVisibility.hidden = true;
    await bob.notifications.setEnabled(false);
    await alice.chat.sendText('switched off');
    await w.advance(NOTICE_CONVERSATION_INTERVAL_MS);
    await bob.notifications.setEnabled(true);
    // Blocked later in the site settings: nothing shows although the switch was on.
    bob.ports.messageNotices.current = 'denied';
    await alice.chat.sendText('blocked');
    await w.advance(NOTICE_CONVERSATION_INTERVAL_MS);
    expect(bob.notifications.enabled).toBe(false);
    bob.ports.messageNotices.current = 'granted';
    await alice.chat.sendText('hidden again');
    await w.settle();
    expect(texts(bob)).toEqual(['Alice | hidden again']);
  });

  it('leaves out conversations set to do-not-disturb (receive without notification, or not at all)', async () => {
    const { world: w, alice, bob } = await world();
    await alice.chat.sendText('first');
    await w.settle();
    await bob.conversations.setRecvMsgOpt('si_alice_bob', RecvMsgOpt.NotNotify);
    await w.advance(NOTICE_CONVERSATION_INTERVAL_MS);
    await alice.chat.sendText('muted');
    await w.advance(NOTICE_CONVERSATION_INTERVAL_MS);
    await bob.conversations.setRecvMsgOpt('si_alice_bob', RecvMsgOpt.Normal);
    await alice.chat.sendText('unmuted');
    await w.settle();
    expect(texts(bob)).toEqual(['Alice | first', 'Alice | unmuted']);
  });

  it('"do not receive" never notifies, in a group whose messages still arrive', async () => {
    const { world: w, alice, bob } = await world();
    const group = await alice.ports.groups.createGroup({
      groupName: 'Team',
      faceURL: '',
      memberUserIDs: ['bob'],
    });
    await w.settle();
    await bob.conversations.loadConversations();
    await bob.conversations.setRecvMsgOpt(`sg_${group.groupID}`, RecvMsgOpt.NotReceive);
    await alice.conversations.open(group.groupID, SessionType.Group);
    await alice.chat.sendText('not for bob');
    await w.advance(NOTICE_CONVERSATION_INTERVAL_MS);
    expect(texts(bob)).toEqual([]);
    // A typed token in a notice reads as typed, as in the bubble and the list.
    await alice.conversations.open('bob', SessionType.Single);
    await alice.chat.sendText('[[at-Mallory#m1]] hi');
    await w.settle();
    expect(texts(bob)).toEqual(['Alice | [[at-Mallory#m1]] hi']);
  });

  it('names the group in the title and its sender in the body; media use the list preview', async () => {
    const { world: w, alice, bob } = await world();
    const group = await alice.ports.groups.createGroup({
      groupName: 'Team',
      faceURL: '',
      memberUserIDs: ['bob'],
    });
    await w.settle();
    await alice.conversations.open(group.groupID, SessionType.Group);
    await alice.chat.sendText('<b>standup</b>');
    await w.settle();
    expect(bob.ports.messageNotices.shown.at(-1)).toEqual({
      conversationID: `sg_${group.groupID}`,
      title: 'Team',
      body: 'Alice: <b>standup</b>',
    });
    // The group's creation tip is no notice; only alice's message is.
    expect(bob.ports.messageNotices.shown).toHaveLength(1);
  });

  it('throttles: one notice per conversation per interval, and a few overall', async () => {
    const { world: w, alice, bob } = await world();
    await alice.chat.sendText('one');
    await alice.chat.sendText('two');
    await w.settle();
    expect(texts(bob)).toEqual(['Alice | one']);
    await w.advance(NOTICE_CONVERSATION_INTERVAL_MS);
    await alice.chat.sendText('three');
    await w.settle();
    expect(texts(bob)).toEqual(['Alice | one', 'Alice | three']);

    // A backlog from many conversations at once (a reconnect) gives at most the window's share.
    const backlog: Message[] = Array.from({ length: 6 }, (_, i) => incoming(`u${i}`, `backlog ${i}`));
    await w.advance(NOTICE_WINDOW_MS);
    bob.ports.device.sink.messages.next({ type: 'received', messages: backlog });
    await w.advance(2_000);
    expect(bob.ports.messageNotices.shown).toHaveLength(2 + NOTICE_WINDOW_MAX);
    expect(texts(bob).at(-1)).toBe(`u${NOTICE_WINDOW_MAX - 1} | backlog ${NOTICE_WINDOW_MAX - 1}`);
  });

  it('a click opens the conversation of the notice', async () => {
    const { world: w, alice, bob } = await world();
    const opens = firstValueFrom(bob.notifications.opens$.pipe(take(1), toArray()));
    await alice.chat.sendText('open me');
    await w.settle();
    const [shown] = bob.ports.messageNotices.shown;
    bob.ports.messageNotices.click(shown?.conversationID ?? '');
    expect(await opens).toEqual(['si_alice_bob']);
  });

  it('the switch asks only when turned on; a refusal turns it back off and says why', async () => {
    const w = new TestWorld().users('dave');
    const dave = await w.signIn('dave');
    const notices = dave.ports.messageNotices;
    notices.answer = 'denied';
    const vm = dave.viewModels.notificationSetting();
    expect(vm.state).toMatchObject({ enabled: false, problem: undefined });
    expect(notices.prompts).toBe(0);
    expect(await vm.setEnabled(true)).toBe(false);
    expect(notices.prompts).toBe(1);
    expect(vm.state).toMatchObject({ enabled: false, busy: false, problem: 'denied' });
    expect(dave.settings.snapshot.notifications).toBe(false);

    // Allowed in the site settings afterwards: the switch turns on without a prompt, and is remembered.
    notices.current = 'granted';
    expect(await vm.setEnabled(true)).toBe(true);
    expect(notices.prompts).toBe(1);
    expect(vm.state).toMatchObject({ enabled: true, problem: undefined });
    expect(dave.ports.localStore.get('IM_NOTIFICATIONS')).toBe('on');
    expect(await vm.setEnabled(false)).toBe(true);
    expect(vm.state.enabled).toBe(false);
  });

  it('is on by default where the platform needs no permission (the desktop shell), off on the web', async () => {
    const w = new TestWorld().users('erin');
    const web = await w.signIn('erin');
    expect(web.notifications.enabled).toBe(false);
    const ports = w.ports();
    ports.messageNotices.enabledByDefault = true;
    ports.messageNotices.current = 'granted';
    const { TestClient: Client } = await import('../testing');
    const desktop = new Client(ports);
    desktop.open('erin');
    expect(desktop.notifications.enabled).toBe(true);
    desktop.settings.setNotifications(false);
    expect(desktop.notifications.enabled).toBe(false);
  });

  it('only people’s messages count: not typing, revokes, call signals or group tips', () => {
    expect(isNoticeable(incoming('alice', 'hi'), 'bob')).toBe(true);
    expect(isNoticeable(incoming('bob', 'mine'), 'bob')).toBe(false);
    expect(isNoticeable({ ...incoming('alice', ''), contentType: ContentType.Typing }, 'bob')).toBe(false);
    expect(isNoticeable({ ...incoming('alice', ''), contentType: ContentType.Revoke }, 'bob')).toBe(false);
    expect(isNoticeable({ ...incoming('alice', ''), contentType: ContentType.MemberEnter }, 'bob')).toBe(
      false,
    );
    const signal = {
      ...incoming('alice', ''),
      contentType: ContentType.Custom,
      customElem: {
        data: buildCallSignalData(200, {
          roomID: 'r1',
          inviterUserID: 'alice',
          inviteeUserIDList: ['bob'],
          mediaType: CallMediaType.Audio,
        }),
        description: '',
        extension: '',
        payload: parseCustomData(
          buildCallSignalData(200, {
            roomID: 'r1',
            inviterUserID: 'alice',
            inviteeUserIDList: ['bob'],
            mediaType: CallMediaType.Audio,
          }),
        ),
      },
    };
    expect(isNoticeable(signal, 'bob')).toBe(false);
  });
});

function incoming(sendID: string, text: string): Message {
  return {
    clientMsgID: `m-${sendID}-${text}`,
    sendID,
    recvID: 'bob',
    groupID: '',
    sessionType: SessionType.Single,
    contentType: ContentType.Text,
    sendTime: 1,
    senderNickname: sendID,
    senderFaceUrl: '',
    status: MessageStatus.Succeeded,
    isRead: false,
    textElem: { content: text },
  };
}
