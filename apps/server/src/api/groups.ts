import { z } from 'zod';

import type { CoreContext } from '../im/context';

import * as groups from '../im/groups';
import * as groupAccess from '../im/group-access';
import * as applications from '../im/group-applications';
import * as membership from '../im/group-membership';
import * as groupQueries from '../im/group-queries';
import * as groupRoles from '../im/group-roles';

import {
  type Route,
  emptyList,
  idList,
  nonNegative,
  optInt,
  optionalID,
  pagination,
  text,
  userID,
  version,
  versionID,
  wrapped,
} from './schemas';

/** `/api/group/*` (rules in docs/server.md, "Groups"). */
export function registerGroupRoutes(route: Route, ctx: CoreContext, realLists = false): void {
  // ---- group ----
  const groupID = userID;
  const listFilter = {
    pagination,
    groupIDs: idList(),
    handleResults: z
      .array(z.number().int())
      .max(3)
      .nullish()
      .transform((v) => v ?? []),
  };
  const flag = z.number().int().min(0).max(2);
  route({
    path: '/group/create_group',
    auth: 'user',
    schema: z.object({
      memberUserIDs: idList(),
      adminUserIDs: idList(),
      ownerUserID: optionalID,
      groupInfo: z.object({
        groupID: optionalID,
        groupName: z
          .string()
          .max(256)
          .nullish()
          .transform((v) => v ?? ''),
        notification: text(4096),
        introduction: text(1024),
        faceURL: text(1024),
        ex: text(4096),
        groupType: z.number().int(),
        needVerification: flag.nullish().transform((v) => v ?? 0),
        lookMemberInfo: z
          .number()
          .int()
          .nullish()
          .transform((v) => v ?? 0),
        applyMemberFriend: z
          .number()
          .int()
          .nullish()
          .transform((v) => v ?? 0),
      }),
      sendMessage: z.boolean().nullish(),
    }),
    handler: (b, c) => groups.createGroup(ctx, c.caller, b),
  });
  route({
    path: '/group/get_groups_info',
    auth: 'user',
    schema: z.object({ groupIDs: idList() }),
    handler: (b) => ({
      groupInfos: emptyList(groupQueries.getGroupsInfo(ctx, b.groupIDs), realLists),
    }),
  });
  route({
    path: '/group/set_group_info_ex',
    auth: 'user',
    schema: z.object({
      groupID,
      groupName: wrapped(z.string().max(256)),
      notification: wrapped(z.string().max(4096)),
      introduction: wrapped(z.string().max(1024)),
      faceURL: wrapped(z.string().max(1024)),
      ex: wrapped(z.string().max(4096)),
      needVerification: wrapped(flag),
      lookMemberInfo: wrapped(z.number().int()),
      applyMemberFriend: wrapped(z.number().int()),
    }),
    handler: (b, c) => {
      groups.setGroupInfo(ctx, c.caller, b);
      return {};
    },
  });
  route({
    path: '/group/invite_user_to_group',
    auth: 'user',
    schema: z.object({
      groupID,
      reason: text(1024),
      invitedUserIDs: idList(),
      sendMessage: z.boolean().nullish(),
    }),
    handler: (b, c) => {
      membership.inviteUsers(ctx, c.caller, b);
      return {};
    },
  });
  route({
    path: '/group/kick_group',
    auth: 'user',
    schema: z.object({
      groupID,
      kickedUserIDs: idList(),
      reason: text(1024),
      sendMessage: z.boolean().nullish(),
    }),
    handler: (b, c) => {
      membership.kickMembers(ctx, c.caller, b);
      return {};
    },
  });
  route({
    path: '/group/quit_group',
    auth: 'user',
    schema: z.object({ groupID, userID: optionalID }),
    handler: (b, c) => {
      membership.quitGroup(ctx, c.caller, b);
      return {};
    },
  });
  route({
    path: '/group/dismiss_group',
    auth: 'user',
    schema: z.object({ groupID, deleteMember: z.boolean().nullish(), sendMessage: z.boolean().nullish() }),
    handler: (b, c) => {
      groups.dismissGroup(ctx, c.caller, b);
      return {};
    },
  });
  route({
    path: '/group/transfer_group',
    auth: 'user',
    schema: z.object({ groupID, oldOwnerUserID: optionalID, newOwnerUserID: userID }),
    handler: (b, c) => {
      groups.transferGroup(ctx, c.caller, b);
      return {};
    },
  });
  route({
    path: '/group/mute_group_member',
    auth: 'user',
    schema: z.object({
      groupID,
      userID,
      mutedSeconds: z
        .number()
        .int()
        .min(0)
        .max(10 * 365 * 86_400),
    }),
    handler: (b, c) => {
      groupRoles.muteMember(ctx, c.caller, b);
      return {};
    },
  });
  route({
    path: '/group/cancel_mute_group_member',
    auth: 'user',
    schema: z.object({ groupID, userID }),
    handler: (b, c) => {
      groupRoles.muteMember(ctx, c.caller, { ...b, mutedSeconds: 0 });
      return {};
    },
  });
  route({
    path: '/group/mute_group',
    auth: 'user',
    schema: z.object({ groupID }),
    handler: (b, c) => {
      groupRoles.muteGroup(ctx, c.caller, { groupID: b.groupID, mute: true });
      return {};
    },
  });
  route({
    path: '/group/cancel_mute_group',
    auth: 'user',
    schema: z.object({ groupID }),
    handler: (b, c) => {
      groupRoles.muteGroup(ctx, c.caller, { groupID: b.groupID, mute: false });
      return {};
    },
  });
  route({
    path: '/group/set_group_member_info',
    auth: 'user',
    schema: z.object({
      members: z
        .array(
          z.object({
            groupID,
            userID,
            nickname: wrapped(z.string().max(256)),
            faceURL: wrapped(z.string().max(1024)),
            roleLevel: wrapped(z.number().int()),
            ex: wrapped(z.string().max(4096)),
          }),
        )
        .min(1)
        .max(100),
    }),
    handler: (b, c) => {
      groupRoles.setGroupMemberInfo(ctx, c.caller, b.members);
      return {};
    },
  });
  route({
    path: '/group/get_group_member_list',
    auth: 'user',
    schema: z.object({
      groupID,
      pagination,
      filter: optInt,
      keyword: text(256),
    }),
    handler: (b, c) => groupQueries.getGroupMemberList(ctx, c.caller, b),
  });
  route({
    path: '/group/get_group_members_info',
    auth: 'user',
    schema: z.object({ groupID, userIDs: idList() }),
    handler: (b, c) => {
      groupAccess.requireMemberListAccess(ctx, c.caller, b.groupID);
      return { members: groupQueries.getMembersInfo(ctx, b.groupID, b.userIDs) };
    },
  });
  route({
    path: '/group/get_incremental_join_groups',
    auth: 'user',
    schema: z.object({ userID, versionID, version }),
    handler: (b, c) => groupQueries.getIncrementalJoinGroups(ctx, c.caller, b),
  });
  route({
    path: '/group/get_full_join_group_ids',
    auth: 'user',
    schema: z.object({ userID, idHash: optInt }),
    handler: (b, c) => groupQueries.getFullJoinGroupIDs(ctx, c.caller, b.userID),
  });
  route({
    path: '/group/get_joined_group_list',
    auth: 'user',
    schema: z.object({ fromUserID: userID, pagination }),
    handler: (b, c) => {
      const page = groupQueries.getJoinedGroupList(ctx, c.caller, b.fromUserID, b.pagination);
      return { ...page, groups: emptyList(page.groups, realLists) };
    },
  });
  route({
    path: '/group/get_incremental_group_members',
    auth: 'user',
    schema: z.object({ groupID, versionID, version }),
    handler: (b, c) => groupQueries.getIncrementalGroupMembers(ctx, c.caller, b),
  });
  route({
    path: '/group/get_incremental_group_members_batch',
    auth: 'user',
    schema: z.object({
      userID,
      reqList: z.array(z.object({ groupID, versionID, version })).max(1000),
    }),
    handler: (b, c) => groupQueries.getIncrementalGroupMembersBatch(ctx, c.caller, b),
  });
  route({
    path: '/group/get_full_group_member_user_ids',
    auth: 'user',
    schema: z.object({ groupID, idHash: optInt }),
    handler: (b, c) => groupQueries.getFullGroupMemberUserIDs(ctx, c.caller, b.groupID),
  });
  route({
    path: '/group/join_group',
    auth: 'user',
    schema: z.object({
      groupID,
      reqMessage: text(1024),
      joinSource: optInt,
      inviterUserID: optionalID,
      ex: text(4096),
    }),
    handler: (b, c) => {
      applications.joinGroup(ctx, c.caller, b);
      return {};
    },
  });
  route({
    path: '/group/group_application_response',
    auth: 'user',
    schema: z.object({ groupID, fromUserID: userID, handledMsg: text(1024), handleResult: z.number().int() }),
    handler: (b, c) => {
      applications.respondApplication(ctx, c.caller, b);
      return {};
    },
  });
  route({
    path: '/group/get_recv_group_applicationList',
    auth: 'user',
    schema: z.object({ fromUserID: userID, ...listFilter }),
    handler: (b, c) => applications.receivedApplications(ctx, c.caller, b),
  });
  route({
    path: '/group/get_user_req_group_applicationList',
    auth: 'user',
    schema: z.object({ userID, ...listFilter }),
    handler: (b, c) => applications.sentApplications(ctx, c.caller, b),
  });
  route({
    path: '/group/get_group_application_unhandled_count',
    auth: 'user',
    schema: z.object({ userID, time: nonNegative }),
    handler: (b, c) => ({
      count: applications.unhandledApplicationCount(ctx, c.caller, b.userID, b.time),
    }),
  });
  route({
    path: '/group/get_users_in_group',
    auth: 'user',
    schema: z.object({ groupID, userIDs: idList() }),
    handler: (b) => ({
      userIDs: b.userIDs.filter((u) => groupQueries.isGroupMember(ctx, b.groupID, u)),
    }),
  });
}
