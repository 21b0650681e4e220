/** Group notifications (tips 1501-1520): their content, with the member-log version after the change. */
import type { CoreContext, Effects } from './context';
import { type GroupInfo, groupInfo, memberIDs, memberInfo, operatorInfo, requireGroup } from './group-models';
import { storeAndPushGroup } from './messages';
import { baseMsg, notify } from './notifications';
import { SessionType } from './types';
import type { VersionHead } from './versions';
import { requireMember } from './group-access';
import { getMembersInfo } from './group-queries';

/** Group notification content types (openim-protocol.md 6.4). */
export const GroupTip = {
  Created: 1501,
  InfoSet: 1502,
  JoinApplication: 1503,
  MemberQuit: 1504,
  ApplicationAccepted: 1505,
  ApplicationRejected: 1506,
  OwnerTransferred: 1507,
  MemberKicked: 1508,
  MemberInvited: 1509,
  MemberEnter: 1510,
  Dismissed: 1511,
  MemberMuted: 1512,
  MemberCancelMuted: 1513,
  Muted: 1514,
  CancelMuted: 1515,
  MemberInfoSet: 1516,
  SetToAdmin: 1517,
  SetToOrdinary: 1518,
  AnnouncementSet: 1519,
  NameSet: 1520,
} as const;

export const info = (ctx: CoreContext, groupID: string): GroupInfo =>
  groupInfo(ctx.db, requireGroup(ctx.db, groupID));

export const versionFields = (v: VersionHead) => ({
  groupMemberVersion: v.version,
  groupMemberVersionID: v.versionID,
});

/**
 * Emits a group tip: the notification in `n_<groupID>` to every member (and `alsoTo`, the users who
 * are leaving with it) and, when `chatCopy`, the visible copy in `sg_<groupID>`, like the reference's
 * isSendMsg notifications.
 */
export function groupTip(
  ctx: CoreContext,
  fx: Effects,
  t: {
    contentType: number;
    opUserID: string;
    groupID: string;
    tips: unknown;
    chatCopy: boolean;
    alsoTo?: readonly string[];
  },
): void {
  const alsoTo = t.alsoTo ?? [];
  const spec = {
    contentType: t.contentType,
    sendID: t.opUserID,
    recvID: t.groupID,
    groupID: t.groupID,
    sessionType: SessionType.Group,
    tips: t.tips,
    stored: false,
    to: [...memberIDs(ctx.db, t.groupID), ...alsoTo],
  };
  notify(ctx, fx, spec);
  if (!t.chatCopy) return;
  const copy = baseMsg(ctx, spec, ctx.now());
  // Shown in the chat and counted as unread, like the reference's notification.yml defaults.
  copy.options = { offlinePush: false };
  storeAndPushGroup(ctx, fx, copy, alsoTo);
}

/** 1509 for users added by invitation, directly or through an approved invitation request. */
export function memberJoinedTip(
  ctx: CoreContext,
  fx: Effects,
  groupID: string,
  opUserID: string,
  userIDs: readonly string[],
  v: VersionHead,
  chatCopy: boolean,
): void {
  groupTip(ctx, fx, {
    contentType: GroupTip.MemberInvited,
    opUserID,
    groupID,
    chatCopy,
    tips: {
      group: info(ctx, groupID),
      opUser: operatorInfo(ctx.db, groupID, opUserID),
      invitedUserList: getMembersInfo(ctx, groupID, userIDs),
      operationTime: ctx.now(),
      inviterUser: operatorInfo(ctx.db, groupID, opUserID),
      ...versionFields(v),
    },
  });
}

/** 1510: someone entered on their own (a direct join, or an application nobody invited them to). */
export function memberEnterTip(
  ctx: CoreContext,
  fx: Effects,
  groupID: string,
  opUserID: string,
  entrant: string,
  v: VersionHead,
): void {
  groupTip(ctx, fx, {
    contentType: GroupTip.MemberEnter,
    opUserID,
    groupID,
    chatCopy: true,
    tips: {
      group: info(ctx, groupID),
      entrantUser: memberInfo(ctx.db, requireMember(ctx, groupID, entrant)),
      operationTime: ctx.now(),
      ...versionFields(v),
    },
  });
}
