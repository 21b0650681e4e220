import { afterEach, describe, expect, it } from 'vitest';
import { ContentType, SessionType } from '../entities/message';
import { EN_US } from '../i18n/locales/en-US';
import { provideLocaleMessages } from '../i18n/translate';
import { message } from '../testing/builders';
import { formatNameList, notificationText } from './notification-text';

const en = { locale: 'en-US' as const, selfUserID: 'me' };
const zh = { locale: 'zh-CN' as const, selfUserID: 'me' };
const tip = (contentType: number, detail: unknown) =>
  message({
    contentType,
    sessionType: SessionType.Group,
    groupID: 'g1',
    notificationElem: { detail: typeof detail === 'string' ? detail : JSON.stringify(detail) },
  });
const user = (userID: string, nickname: string) => ({ userID, nickname, roleLevel: 20 });
const plainUser = (userID: string, nickname: string) => ({ userID, nickname });
const olga = plainUser('o', 'Olga');
const me = plainUser('me', 'Me');

describe('§5 Notification lists', () => {
  it("§5 show at most the first 3 names, then an 'and N people' suffix", () => {
    expect(formatNameList(['A', 'B'], 'en-US')).toBe('A, B');
    expect(formatNameList(['A', 'B', 'C'], 'zh-CN')).toBe('A、B、C');
    expect(formatNameList(['A', 'B', 'C', 'D', 'E'], 'en-US')).toBe('A, B, C and 5 people');
    expect(formatNameList(['A', 'B', 'C', 'D', 'E'], 'zh-CN')).toBe('A、B、C等5人');
  });

  it('§5 kick in the rich version uses an ellipsis', () => {
    expect(formatNameList(['A', 'B', 'C', 'D'], 'en-US', 'ellipsis')).toBe('A, B, C...');
    const kicked = tip(ContentType.MemberKicked, {
      opUser: user('o', 'Owner'),
      kickedUserList: ['a', 'b', 'c', 'd'].map((id) => user(id, id.toUpperCase())),
    });
    expect(notificationText(kicked, en, { kickOverflow: 'ellipsis' })).toBe(
      'Owner removed A, B, C... from the group',
    );
    expect(notificationText(kicked, zh)).toBe('A、B、C等4人被Owner移出了群聊');
  });

  it('an invitation of more than 3 members ends with "and N people" (N is the total)', () => {
    const invite = (count: number) =>
      tip(ContentType.MemberInvited, {
        opUser: olga,
        invitedUserList: ['A', 'B', 'C', 'D', 'E'].slice(0, count).map((n) => plainUser(n.toLowerCase(), n)),
      });
    expect(notificationText(invite(3), en)).toBe('Olga invited A, B, C to the group');
    expect(notificationText(invite(4), en)).toBe('Olga invited A, B, C and 4 people to the group');
    expect(notificationText(invite(5), en)).toBe('Olga invited A, B, C and 5 people to the group');
  });
});

describe('§6 Notification texts say "you" for the current user', () => {
  it('§6 invited members, with you as the operator', () => {
    const invited = tip(ContentType.MemberInvited, {
      opUser: user('me', 'Me'),
      invitedUserList: [user('b', 'Bob'), user('c', 'Carol')],
    });
    expect(notificationText(invited, en)).toBe('You invited Bob, Carol to the group');
    expect(notificationText(invited, zh)).toBe('你邀请Bob、Carol加入了群聊');
  });

  it('§6 "you" is lower-case inside an English sentence and capitalised only at its start', () => {
    const muted = tip(ContentType.GroupMemberMuted, {
      opUser: user('o', 'Olga'),
      mutedUser: user('me', 'Me'),
      mutedSeconds: 600,
    });
    expect(notificationText(muted, en)).toBe('Olga muted you for 10 minutes');
    expect(notificationText(muted, zh)).toBe('你被Olga禁言10分钟');
    const invited = tip(ContentType.MemberInvited, {
      opUser: user('o', 'Olga'),
      invitedUserList: [user('me', 'Me'), user('b', 'Bob')],
    });
    expect(notificationText(invited, en)).toBe('Olga invited you, Bob to the group');
    const kicked = tip(ContentType.MemberKicked, {
      opUser: user('me', 'Me'),
      kickedUserList: [user('b', 'Bob')],
    });
    expect(notificationText(kicked, en)).toBe('You removed Bob from the group');
    const unmuted = tip(ContentType.GroupMemberCancelMuted, {
      opUser: user('o', 'Olga'),
      mutedUser: user('me', 'Me'),
    });
    expect(notificationText(unmuted, en)).toBe('Olga unmuted you');
    const transferred = tip(ContentType.GroupOwnerTransferred, {
      opUser: user('o', 'Olga'),
      newGroupOwner: user('me', 'Me'),
    });
    expect(notificationText(transferred, en)).toBe('Olga transferred the group to you');
    // A nickname that merely starts with "you" is not the self word.
    const quit = tip(ContentType.MemberQuit, { quitUser: user('y', 'youssef') });
    expect(notificationText(quit, en)).toBe('youssef left the group');
  });

  it('§4 every group event has a text', () => {
    const op = { opUser: user('o', 'Olga') };
    const cases: [number, unknown, string][] = [
      [ContentType.GroupCreated, op, 'Olga created the group'],
      [ContentType.GroupInfoUpdated, op, 'Olga updated the group info'],
      [ContentType.GroupAnnouncementUpdated, op, 'Olga updated the group announcement'],
      [ContentType.GroupDismissed, op, 'Olga disbanded the group'],
      [ContentType.GroupMuted, op, 'Olga muted everyone'],
      [ContentType.GroupCancelMuted, op, 'Olga turned off mute for everyone'],
      [
        ContentType.GroupNameUpdated,
        { ...op, group: { groupName: 'Team' } },
        'Olga changed the group name to Team',
      ],
      [ContentType.MemberQuit, { quitUser: user('b', 'Bob') }, 'Bob left the group'],
      [ContentType.MemberEnter, { entrantUser: user('me', 'Me') }, 'You joined the group'],
      [
        ContentType.GroupOwnerTransferred,
        { ...op, newGroupOwner: user('b', 'Bob') },
        'Olga transferred the group to Bob',
      ],
      [
        ContentType.GroupMemberMuted,
        { ...op, mutedUser: user('b', 'Bob'), mutedSeconds: 600 },
        'Olga muted Bob for 10 minutes',
      ],
      [ContentType.GroupMemberCancelMuted, { ...op, mutedUser: user('b', 'Bob') }, 'Olga unmuted Bob'],
      // Admin set and unset
      [ContentType.GroupMemberSetToAdmin, { ...op, changedUser: user('b', 'Bob') }, 'Olga made Bob an admin'],
      [
        ContentType.GroupMemberSetToOrdinary,
        { ...op, changedUser: user('me', 'Me') },
        'Olga removed you as admin',
      ],
      [ContentType.Revoke, { revokerID: 'b', revokerNickname: 'Bob' }, 'Bob revoked a message'],
      [ContentType.Revoke, { revokerID: 'me' }, 'You revoked a message'],
      [ContentType.Revoke, { revokerID: 'x' }, 'x revoked a message'],
    ];
    for (const [contentType, detail, text] of cases) {
      expect(notificationText(tip(contentType, detail), en)).toBe(text);
    }
    expect(
      notificationText(
        tip(ContentType.GroupMemberMuted, { ...op, mutedUser: user('b', 'Bob'), mutedSeconds: 86_400 }),
        zh,
      ),
    ).toBe('Bob被Olga禁言1天');
    expect(
      notificationText(tip(ContentType.GroupMemberSetToAdmin, { ...op, changedUser: user('b', 'Bob') }), zh),
    ).toBe('Olga将Bob设为管理员');
  });

  it('§4 friend added and burn-after-reading tips need no detail', () => {
    expect(notificationText(message({ contentType: ContentType.FriendAdded }), en)).toBe(
      'You are now friends, start chatting',
    );
    expect(notificationText(message({ contentType: ContentType.BurnMessageChange }), zh)).toBe(
      '阅后即焚设置已更改',
    );
  });

  it('§8 a malformed or incomplete detail gives no text instead of throwing', () => {
    expect(notificationText(tip(ContentType.GroupCreated, 'not json'), en)).toBeUndefined();
    expect(notificationText(tip(ContentType.GroupCreated, '[1]'), en)).toBeUndefined();
    expect(notificationText(tip(ContentType.GroupCreated, {}), en)).toBeUndefined();
    expect(notificationText(tip(ContentType.GroupCreated, { opUser: 'x' }), en)).toBeUndefined();
    expect(
      notificationText(tip(ContentType.GroupCreated, { opUser: { nickname: 'no id' } }), en),
    ).toBeUndefined();
    expect(
      notificationText(tip(ContentType.MemberInvited, { opUser: user('o', 'O'), invitedUserList: 'x' }), en),
    ).toBeUndefined();
    expect(
      notificationText(tip(ContentType.MemberKicked, { opUser: user('o', 'O'), kickedUserList: [] }), en),
    ).toBeUndefined();
    expect(
      notificationText(tip(ContentType.GroupNameUpdated, { opUser: user('o', 'O') }), en),
    ).toBeUndefined();
    expect(
      notificationText(tip(ContentType.GroupNameUpdated, { opUser: user('o', 'O'), group: null }), en),
    ).toBeUndefined();
    expect(notificationText(tip(ContentType.MemberQuit, {}), en)).toBeUndefined();
    expect(notificationText(tip(ContentType.MemberEnter, {}), en)).toBeUndefined();
    expect(
      notificationText(tip(ContentType.GroupOwnerTransferred, { opUser: user('o', 'O') }), en),
    ).toBeUndefined();
    expect(
      notificationText(
        tip(ContentType.GroupMemberMuted, { opUser: user('o', 'O'), mutedUser: user('b', 'B') }),
        en,
      ),
    ).toBeUndefined();
    expect(
      notificationText(tip(ContentType.GroupMemberCancelMuted, { opUser: user('o', 'O') }), en),
    ).toBeUndefined();
    expect(notificationText(tip(ContentType.Revoke, { revokerID: 5 }), en)).toBeUndefined();
    expect(notificationText(message({ contentType: ContentType.GroupCreated }), en)).toBeUndefined();
    expect(notificationText(tip(ContentType.Text, { opUser: user('o', 'O') }), en)).toBeUndefined();
  });

  it('§8 nicknames stay plain text (no markup is produced or interpreted)', () => {
    const evil = tip(ContentType.MemberQuit, { quitUser: user('x', '<img src=x onerror=alert(1)>') });
    expect(notificationText(evil, en)).toBe('<img src=x onerror=alert(1)> left the group');
  });
});

// A translation may word a sentence differently: the sentence-start "You" is only for a placeholder
// that opens the template; "you" anywhere else stays lower-case.
describe('§6 "you" in translations that order the sentence differently', () => {
  const reword = (overrides: Partial<Record<keyof typeof EN_US, string>>) =>
    provideLocaleMessages('en-US', { ...EN_US, ...overrides });
  afterEach(() => provideLocaleMessages('en-US', EN_US));

  it('a template that starts with a word keeps "you" lower-case', () => {
    reword({
      'notification.groupCreated': 'Group created by {{operator}}',
      'message.revoked': 'A message was revoked by {{name}}',
    });
    expect(notificationText(tip(ContentType.GroupCreated, { opUser: me }), en)).toBe('Group created by you');
    expect(notificationText(tip(ContentType.GroupCreated, { opUser: olga }), en)).toBe(
      'Group created by Olga',
    );
    expect(notificationText(tip(ContentType.Revoke, { revokerID: 'me' }), en)).toBe(
      'A message was revoked by you',
    );
  });

  it('an opening placeholder written with spaces still starts the sentence', () => {
    reword({ 'notification.memberQuit': '{{ user }} left the group' });
    expect(notificationText(tip(ContentType.MemberQuit, { quitUser: me }), en)).toBe('You left the group');
  });

  it('a name list that opens the sentence capitalises "you" only as its first name', () => {
    reword({ 'notification.memberKicked': '{{users}} were removed by {{operator}}' });
    const kicked = (users: readonly { userID: string; nickname: string }[]) =>
      tip(ContentType.MemberKicked, { opUser: olga, kickedUserList: users });
    expect(notificationText(kicked([me, plainUser('b', 'Bob')]), en)).toBe('You, Bob were removed by Olga');
    expect(notificationText(kicked([plainUser('b', 'Bob'), me]), en)).toBe('Bob, you were removed by Olga');
    expect(notificationText(kicked([me]), en)).toBe('You were removed by Olga');
    expect(notificationText(kicked([plainUser('y', 'youth'), plainUser('b', 'Bob')]), en)).toBe(
      'youth, Bob were removed by Olga',
    );
  });
});

describe('§8 Notification details that lack what the text needs give no text', () => {
  const op = user('o', 'Owner');
  const target = user('t', 'Tom');
  const cases: [string, number, Record<string, unknown>][] = [
    ['group rename without operator', ContentType.GroupNameUpdated, { group: { groupName: 'New' } }],
    ['group rename without a name', ContentType.GroupNameUpdated, { opUser: op, group: { groupName: 7 } }],
    ['transfer without operator', ContentType.GroupOwnerTransferred, { newGroupOwner: target }],
    ['transfer without new owner', ContentType.GroupOwnerTransferred, { opUser: op }],
    ['invite without operator', ContentType.MemberInvited, { invitedUserList: [target] }],
    ['invite without users', ContentType.MemberInvited, { opUser: op, invitedUserList: [] }],
    ['kick without operator', ContentType.MemberKicked, { kickedUserList: [target] }],
    ['kick without users', ContentType.MemberKicked, { opUser: op, kickedUserList: 'x' }],
    ['mute without operator', ContentType.GroupMemberMuted, { mutedUser: target, mutedSeconds: 60 }],
    ['mute without user', ContentType.GroupMemberMuted, { opUser: op, mutedSeconds: 60 }],
    [
      'mute without duration',
      ContentType.GroupMemberMuted,
      { opUser: op, mutedUser: target, mutedSeconds: '60' },
    ],
    ['unmute without operator', ContentType.GroupMemberCancelMuted, { mutedUser: target }],
    ['unmute without user', ContentType.GroupMemberCancelMuted, { opUser: op }],
    // Admin set and unset
    ['admin set without operator', ContentType.GroupMemberSetToAdmin, { changedUser: target }],
    ['admin unset without user', ContentType.GroupMemberSetToOrdinary, { opUser: op }],
    ['operator that is not a user', ContentType.GroupCreated, { opUser: { nickname: 'x' } }],
    ['operator that is null', ContentType.GroupDismissed, { opUser: null }],
  ];
  it.each(cases)('§8 %s', (_, contentType, detail) => {
    expect(notificationText(tip(contentType, detail), en)).toBeUndefined();
  });

  it('§8 malformed details and entries are skipped, and names fall back to the user id', () => {
    expect(notificationText(tip(ContentType.GroupCreated, '[1]'), en)).toBeUndefined();
    expect(notificationText(tip(ContentType.GroupCreated, 'null'), en)).toBeUndefined();
    expect(notificationText(tip(ContentType.GroupCreated, '{oops'), en)).toBeUndefined();
    expect(
      notificationText(
        tip(ContentType.MemberInvited, {
          opUser: { userID: 'o', nickname: 5 },
          invitedUserList: [null, 'x', { nickname: 'no id' }, target],
        }),
        en,
      ),
    ).toBe(
      notificationText(
        tip(ContentType.MemberInvited, { opUser: { userID: 'o' }, invitedUserList: [target] }),
        en,
      ),
    );
    expect(notificationText(tip(ContentType.Revoke, { revokerID: 'r', revokerNickname: 3 }), en)).toBe(
      notificationText(tip(ContentType.Revoke, { revokerID: 'r' }), en),
    );
    expect(notificationText(tip(ContentType.Revoke, { revokerID: 'r' }), en)).toContain('r');
  });

  it('a user whose nickname is not a string is named by the user id', () => {
    expect(
      notificationText(
        tip(ContentType.MemberInvited, {
          opUser: { userID: 'o', nickname: 5 },
          invitedUserList: [{ userID: 't', nickname: 'Tom' }],
        }),
        en,
      ),
    ).toBe('o invited Tom to the group');
    expect(notificationText(tip(ContentType.Revoke, { revokerID: 'r', revokerNickname: 3 }), en)).toBe(
      'r revoked a message',
    );
  });
});
