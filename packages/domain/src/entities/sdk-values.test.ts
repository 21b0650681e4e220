import { describe, expect, it } from 'vitest';
import { ApplicationHandleResult } from './application';
import { RecvMsgOpt } from './conversation';
import { CustomType } from './custom-message';
import { GroupAllowType, GroupMemberRole, GroupStatus, GroupType } from './group';
import {
  ContentType,
  MessageStatus,
  NOTIFICATION_CONTENT_TYPES,
  NotificationType,
  SessionType,
} from './message';
import { DEFAULT_APP_SETTINGS, DEFAULT_PLATFORM_ID, isLocale, isUserPlatformID } from './settings';
import { BusinessAllowType, Gender } from './user';

// These values are a wire contract with @openim/wasm-client-sdk 3.8.3 (docs/spec-deviations.md);
// a change here breaks interoperability with real OpenIM servers and clients.
describe('§3 entity values follow the OpenIM SDK', () => {
  it('content types: text 101, picture 102, voice 103, video 104, file 105, at-text 106, custom 110, quote 114', () => {
    expect([
      ContentType.Text,
      ContentType.Picture,
      ContentType.Voice,
      ContentType.Video,
      ContentType.File,
    ]).toEqual([101, 102, 103, 104, 105]);
    expect([
      ContentType.AtText,
      ContentType.Custom,
      ContentType.Typing,
      ContentType.Quote,
      ContentType.Revoke,
    ]).toEqual([106, 110, 113, 114, 2101]);
  });

  it('session types single 1, group 3 (working group 3), notification 4', () => {
    expect([
      SessionType.Single,
      SessionType.Group,
      SessionType.WorkingGroup,
      SessionType.Notification,
    ]).toEqual([1, 3, 3, 4]);
  });

  it('roles owner 100, admin 60, member 20; receive options 0/1/2', () => {
    expect([GroupMemberRole.Owner, GroupMemberRole.Admin, GroupMemberRole.Normal]).toEqual([100, 60, 20]);
    expect([RecvMsgOpt.Normal, RecvMsgOpt.NotReceive, RecvMsgOpt.NotNotify]).toEqual([0, 1, 2]);
  });

  it('§3 statuses, application results, group flags, gender and call signal types', () => {
    expect([MessageStatus.Sending, MessageStatus.Succeeded, MessageStatus.Failed]).toEqual([1, 2, 3]);
    expect([
      ApplicationHandleResult.Unprocessed,
      ApplicationHandleResult.Agree,
      ApplicationHandleResult.Reject,
    ]).toEqual([0, 1, -1]);
    expect(GroupType.Group).toBe(2);
    expect(GroupStatus.Muted).toBe(3);
    expect([GroupAllowType.Allowed, GroupAllowType.NotAllowed]).toEqual([0, 1]);
    expect([BusinessAllowType.Allow, BusinessAllowType.NotAllow]).toEqual([1, 2]);
    expect([Gender.Unknown, Gender.Man, Gender.Female]).toEqual([0, 1, 2]);
    expect([CustomType.CallingInvite, CustomType.CallingHungup]).toEqual([200, 204]);
  });

  it('users sign in only on the platforms every OpenIM 3.8 + chat 1.8 deployment accepts: 1-9', () => {
    for (const id of [1, 2, 3, 4, 5, 6, 7, 8, 9]) expect(isUserPlatformID(id)).toBe(true);
    // OpenIM refuses a user token on the admin platform, 10 (1002); chat 1.8.4's login refuses 11 (1001).
    for (const id of [0, 10, 11, 12, 2.5, '5', undefined]) expect(isUserPlatformID(id)).toBe(false);
    expect(isUserPlatformID(DEFAULT_PLATFORM_ID)).toBe(true);
  });

  it('§3/§9 app settings default to zh-CN and minimize; platform defaults to 5 (web)', () => {
    expect(DEFAULT_APP_SETTINGS).toEqual({ locale: 'zh-CN', closeAction: 'miniSize' });
    expect(DEFAULT_PLATFORM_ID).toBe(5);
    expect(isLocale('en-US')).toBe(true);
    expect(isLocale('en')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });

  it('§3 every notification content type shown in chats is one the server sends', () => {
    const sent = new Set<number>(Object.values(NotificationType));
    for (const type of NOTIFICATION_CONTENT_TYPES) expect(sent.has(type), String(type)).toBe(true);
    expect(sent.has(ContentType.Revoke)).toBe(true);
    expect(NotificationType.JoinGroupApplication).toBe(1503);
    expect(NotificationType.HasReadReceipt).toBe(2200);
  });
});
