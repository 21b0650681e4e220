import { afterEach, describe, expect, it } from 'vitest';
import { ContentType, SessionType } from '../entities/message';
import { EN_US } from '../i18n/locales/en-US';
import { provideLocaleMessages } from '../i18n/translate';
import { message } from '../testing/builders';
import { notificationText } from './notification-text';

const en = { locale: 'en-US' as const, selfUserID: 'me' };
const tip = (contentType: number, detail: unknown) =>
  message({
    contentType,
    sessionType: SessionType.Group,
    groupID: 'g1',
    notificationElem: { detail: JSON.stringify(detail) },
  });
const user = (userID: string, nickname: string) => ({ userID, nickname });
const olga = user('o', 'Olga');
const me = user('me', 'Me');

describe('§5 notification name lists: details', () => {
  it('an invitation of more than 3 members ends with "and N people" (N is the total)', () => {
    const invite = (count: number) =>
      tip(ContentType.MemberInvited, {
        opUser: olga,
        invitedUserList: ['A', 'B', 'C', 'D', 'E'].slice(0, count).map((n) => user(n.toLowerCase(), n)),
      });
    expect(notificationText(invite(3), en)).toBe('Olga invited A, B, C to the group');
    expect(notificationText(invite(4), en)).toBe('Olga invited A, B, C and 4 people to the group');
    expect(notificationText(invite(5), en)).toBe('Olga invited A, B, C and 5 people to the group');
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
    expect(notificationText(kicked([me, user('b', 'Bob')]), en)).toBe('You, Bob were removed by Olga');
    expect(notificationText(kicked([user('b', 'Bob'), me]), en)).toBe('Bob, you were removed by Olga');
    expect(notificationText(kicked([me]), en)).toBe('You were removed by Olga');
    expect(notificationText(kicked([user('y', 'youth'), user('b', 'Bob')]), en)).toBe(
      'youth, Bob were removed by Olga',
    );
  });
});
