import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TokenService } from '../auth/tokens';
import type { ServerConfig } from '../config';
import {
  type Authenticate,
  conversationID,
  apiMount,
  idList,
  optInt,
  optionalID,
  pagination,
  text,
  userID,
  version,
  versionID,
  wrapped,
} from '../http/api';
import { FailureWindow } from '../http/failure-window';
import { type RouteContext, defineRoute } from '../http/route';
import type { Operator } from '../im/messages';
import type { CoreContext } from '../im/context';
import * as convs from '../im/conversations';
import * as groups from '../im/groups';
import { ErrCode, ImError, noPermission } from '../im/errors';
import * as msgs from '../im/messages';
import { getUser } from '../im/models';
import { notify } from '../im/notifications';
import * as rel from '../im/relations';
import type { ImMsg } from '../im/types';
import * as users from '../im/users';

export interface ApiDeps {
  ctx: CoreContext;
  tokens: TokenService;
  config: ServerConfig;
  authenticate: Authenticate;
  /** Disconnects live sessions after tokens were revoked or kicked. */
  onTokensInvalidated(userID: string, platformID: number | undefined, reason: 'kicked' | 'revoked'): void;
}

/** Chat's "operation too frequent" (spec section 8), also used by the IM API's own limits. */
const TOO_FREQUENT = 20005;

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const platformID = z.number().int().min(1).max(20);
/** An optional list of conversation IDs; absent or null means "all of them". */
const conversationIDList = z
  .array(conversationID)
  .max(1000)
  .nullish()
  .transform((v) => v ?? []);
const seq = z
  .number()
  .int()
  .min(0)
  .max(2 ** 53);
const nonNegative = seq.nullish().transform((v) => v ?? 0);
const seqList = (max: number) =>
  z
    .array(seq)
    .max(max)
    .nullish()
    .transform((v) => v ?? []);

/** Registers every `/api` endpoint; returns their paths (for docs and tests). */
export function registerImRoutes(app: FastifyInstance, deps: ApiDeps): string[] {
  const { ctx, tokens, config, authenticate } = deps;
  const paths: string[] = [];
  const mount = apiMount(authenticate);
  const route = <S extends z.ZodType>(
    path: string,
    schema: S,
    handler: (body: z.output<S>, ctx: RouteContext<Operator>) => unknown,
    auth: 'user' | 'admin' | 'none' = 'user',
  ) => {
    paths.push(path);
    defineRoute(app, mount, { path, schema, auth, handler });
  };
  const notifier: msgs.NotifyFn = (fx, n) => notify(ctx, fx, n);

  // ---- auth ----
  // Guessing the admin secret is a login attempt like any other: limited per address (spec section 8).
  const adminFailures = new FailureWindow({ now: ctx.now }, 15 * 60_000, config.adminMaxFailuresPerIp);
  route(
    '/auth/get_admin_token',
    z.object({ secret: z.string().max(256), userID }),
    (b, c) => {
      const key = `ip:${c.ip}`;
      if (adminFailures.isBlocked(key))
        throw new ImError(TOO_FREQUENT, 'too many wrong admin secrets from this address, try again later');
      if (!safeEqual(b.secret, config.adminSecret)) {
        adminFailures.record(key);
        throw noPermission('wrong admin secret');
      }
      if (!config.adminUserIDs.includes(b.userID)) throw noPermission(`${b.userID} is not an admin user`);
      return tokens.issue(b.userID, 10, config.tokenExpireSeconds);
    },
    'none',
  );
  route(
    '/auth/get_user_token',
    z.object({ platformID, userID }),
    (b) => {
      if (!getUser(ctx.db, b.userID)) throw new ImError(ErrCode.UserIDNotFound, `user ${b.userID} not found`);
      return tokens.issue(b.userID, b.platformID, config.tokenExpireSeconds);
    },
    'admin',
  );
  route(
    '/auth/parse_token',
    z.object({ token: z.string().min(1).max(4096) }),
    async (b) => {
      const c = await tokens.verify(b.token);
      return { userID: c.userID, platformID: c.platformID, expireTimeSeconds: c.exp };
    },
    'none',
  );
  route(
    '/auth/force_logout',
    z.object({ platformID: platformID.nullish(), userID }),
    (b) => {
      tokens.setState(b.userID, b.platformID ?? undefined, 2);
      deps.onTokensInvalidated(b.userID, b.platformID ?? undefined, 'kicked');
      return {};
    },
    'admin',
  );
  route(
    '/auth/revoke_token',
    z.object({ platformID: platformID.nullish(), userID }),
    (b) => {
      tokens.setState(b.userID, b.platformID ?? undefined, 1);
      deps.onTokensInvalidated(b.userID, b.platformID ?? undefined, 'revoked');
      return {};
    },
    'admin',
  );

  // ---- user ----
  const userInfoSchema = z.object({
    userID,
    nickname: text(256),
    faceURL: text(1024),
    ex: text(4096),
  });
  route(
    '/user/user_register',
    z.object({ users: z.array(userInfoSchema).min(1).max(1000) }),
    (b) => {
      users.registerUsers(ctx, b.users);
      return {};
    },
    'admin',
  );
  route('/user/get_users_info', z.object({ userIDs: idList() }), (b) => ({
    usersInfo: users.getUsersInfo(ctx, b.userIDs),
  }));
  route(
    '/user/update_user_info_ex',
    z.object({
      userInfo: z.object({
        userID,
        nickname: wrapped(z.string().max(256)),
        faceURL: wrapped(z.string().max(1024)),
        ex: wrapped(z.string().max(4096)),
        globalRecvMsgOpt: wrapped(z.number().int()),
      }),
    }),
    (b, c) => {
      users.updateUserInfo(ctx, c.caller, b.userInfo);
      return {};
    },
  );
  route(
    '/user/update_user_info',
    z.object({
      userInfo: z.object({
        userID,
        nickname: z.string().max(256).nullish(),
        faceURL: z.string().max(1024).nullish(),
        ex: z.string().max(4096).nullish(),
        globalRecvMsgOpt: z.number().int().nullish(),
      }),
    }),
    (b, c) => {
      // The legacy endpoint treats empty strings as "unchanged".
      const u = b.userInfo;
      users.updateUserInfo(ctx, c.caller, {
        userID: u.userID,
        nickname: u.nickname || null,
        faceURL: u.faceURL || null,
        ex: u.ex || null,
        globalRecvMsgOpt: u.globalRecvMsgOpt ?? null,
      });
      return {};
    },
  );
  route('/user/process_user_command_get_all', z.object({ userID }), () => ({ CommandResp: [] }));

  // ---- friend ----
  route(
    '/friend/add_friend',
    z.object({ fromUserID: userID, toUserID: userID, reqMsg: text(1024), ex: text(4096) }),
    (b, c) => {
      rel.addFriend(ctx, c.caller, b);
      return {};
    },
  );
  route(
    '/friend/add_friend_response',
    z.object({ fromUserID: userID, toUserID: userID, handleResult: z.number().int(), handleMsg: text(1024) }),
    (b, c) => {
      rel.respondFriendApply(ctx, c.caller, b);
      return {};
    },
  );
  route(
    '/friend/import_friend',
    z.object({ ownerUserID: userID, friendUserIDs: z.array(userID).min(1).max(1000) }),
    (b) => {
      rel.importFriends(ctx, b.ownerUserID, b.friendUserIDs);
      return {};
    },
    'admin',
  );
  route('/friend/delete_friend', z.object({ ownerUserID: userID, friendUserID: userID }), (b, c) => {
    rel.deleteFriend(ctx, c.caller, b);
    return {};
  });
  route(
    '/friend/update_friends',
    z.object({
      ownerUserID: userID,
      friendUserIDs: z.array(userID).min(1).max(1000),
      isPinned: wrapped(z.boolean()),
      remark: wrapped(z.string().max(256)),
      ex: wrapped(z.string().max(4096)),
    }),
    (b, c) => {
      rel.updateFriends(ctx, c.caller, b);
      return {};
    },
  );
  route(
    '/friend/set_friend_remark',
    z.object({ ownerUserID: userID, friendUserID: userID, remark: z.string().max(256) }),
    (b, c) => {
      rel.updateFriends(ctx, c.caller, {
        ownerUserID: b.ownerUserID,
        friendUserIDs: [b.friendUserID],
        remark: b.remark,
      });
      return {};
    },
  );
  route('/friend/get_friend_list', z.object({ userID, pagination }), (b, c) =>
    rel.getFriendList(ctx, c.caller, b.userID, b.pagination),
  );
  route(
    '/friend/get_designated_friends',
    z.object({ ownerUserID: userID, friendUserIDs: idList() }),
    (b, c) => ({
      friendsInfo: rel.getDesignatedFriends(ctx, c.caller, b.ownerUserID, b.friendUserIDs),
    }),
  );
  route('/friend/get_full_friend_user_ids', z.object({ userID, idHash: optInt }), (b, c) =>
    rel.getFullFriendIDs(ctx, c.caller, b.userID),
  );
  route('/friend/get_incremental_friends', z.object({ userID, versionID, version }), (b, c) =>
    rel.getIncrementalFriends(ctx, c.caller, b),
  );
  const applyList = z.object({
    userID,
    pagination,
    handleResults: z.array(z.number().int()).max(3).nullish(),
  });
  route('/friend/get_friend_apply_list', applyList, (b, c) => {
    const r = rel.getFriendApplyList(ctx, c.caller, 'to', b);
    // The capital F is what the SDK reads for this endpoint (openim-protocol.md 4.2).
    return { FriendRequests: r.requests, total: r.total };
  });
  route('/friend/get_self_friend_apply_list', applyList, (b, c) => {
    const r = rel.getFriendApplyList(ctx, c.caller, 'from', b);
    return { friendRequests: r.requests, total: r.total };
  });
  route('/friend/get_self_unhandled_apply_count', z.object({ userID, time: nonNegative }), (b, c) => ({
    count: rel.unhandledApplyCount(ctx, c.caller, b.userID, b.time),
  }));
  route(
    '/friend/add_black',
    z.object({ ownerUserID: userID, blackUserID: userID, ex: text(4096) }),
    (b, c) => {
      rel.addBlack(ctx, c.caller, b);
      return {};
    },
  );
  route('/friend/remove_black', z.object({ ownerUserID: userID, blackUserID: userID }), (b, c) => {
    rel.removeBlack(ctx, c.caller, b);
    return {};
  });
  route('/friend/get_black_list', z.object({ userID, pagination }), (b, c) =>
    rel.getBlackList(ctx, c.caller, b.userID, b.pagination),
  );
  route('/friend/is_friend', z.object({ userID1: userID, userID2: userID }), (b) => ({
    inUser1Friends: rel.isFriend(ctx, b.userID1, b.userID2),
    inUser2Friends: rel.isFriend(ctx, b.userID2, b.userID1),
  }));

  // ---- conversation ----
  route('/conversation/get_owner_conversation', z.object({ userID, pagination }), (b, c) =>
    convs.getOwnerConversations(ctx, c.caller, b.userID, b.pagination),
  );
  route('/conversation/get_all_conversations', z.object({ ownerUserID: userID }), (b, c) => ({
    conversations: convs.getOwnerConversations(ctx, c.caller, b.ownerUserID, null).conversations,
  }));
  route(
    '/conversation/get_conversations',
    z.object({
      ownerUserID: userID,
      conversationIDs: conversationIDList,
    }),
    (b, c) => ({ conversations: convs.getConversations(ctx, c.caller, b.ownerUserID, b.conversationIDs) }),
  );
  route(
    '/conversation/get_sorted_conversation_list',
    z.object({
      userID,
      conversationIDs: conversationIDList,
      pagination,
    }),
    (b, c) => {
      const answer = convs.getSortedConversationList(ctx, c.caller, b);
      // open-im-server answers a user without conversations with 1004, not an empty page.
      if (config.compat === 'openim-3.8' && answer.conversationTotal === 0)
        throw new ImError(ErrCode.RecordNotFound, 'RecordNotFoundError');
      return answer;
    },
  );
  route('/conversation/get_full_conversation_ids', z.object({ userID, idHash: optInt }), (b, c) =>
    convs.getFullConversationIDs(ctx, c.caller, b.userID),
  );
  route('/conversation/get_incremental_conversations', z.object({ userID, versionID, version }), (b, c) =>
    convs.getIncrementalConversations(ctx, c.caller, b),
  );
  route(
    '/conversation/set_conversations',
    z.object({
      userIDs: z.array(userID).min(1).max(100),
      conversation: z.object({
        conversationID,
        conversationType: z.number().int(),
        userID: optionalID,
        groupID: optionalID,
        recvMsgOpt: wrapped(z.number().int()),
        isPinned: wrapped(z.boolean()),
        attachedInfo: wrapped(z.string().max(4096)),
        isPrivateChat: wrapped(z.boolean()),
        ex: wrapped(z.string().max(4096)),
        burnDuration: wrapped(z.number().int().min(0)),
        groupAtType: wrapped(z.number().int().min(0).max(4)),
        msgDestructTime: wrapped(z.number().int().min(0)),
        isMsgDestruct: wrapped(z.boolean()),
      }),
    }),
    (b, c) => {
      convs.setConversations(ctx, c.caller, b.userIDs, b.conversation);
      return {};
    },
  );

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
  route(
    '/group/create_group',
    z.object({
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
    (b, c) => groups.createGroup(ctx, c.caller, b),
  );
  route('/group/get_groups_info', z.object({ groupIDs: idList() }), (b) => ({
    groupInfos: groups.getGroupsInfo(ctx, b.groupIDs),
  }));
  route(
    '/group/set_group_info_ex',
    z.object({
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
    (b, c) => {
      groups.setGroupInfo(ctx, c.caller, b);
      return {};
    },
  );
  route(
    '/group/invite_user_to_group',
    z.object({ groupID, reason: text(1024), invitedUserIDs: idList(), sendMessage: z.boolean().nullish() }),
    (b, c) => {
      groups.inviteUsers(ctx, c.caller, b);
      return {};
    },
  );
  route(
    '/group/kick_group',
    z.object({ groupID, kickedUserIDs: idList(), reason: text(1024), sendMessage: z.boolean().nullish() }),
    (b, c) => {
      groups.kickMembers(ctx, c.caller, b);
      return {};
    },
  );
  route('/group/quit_group', z.object({ groupID, userID: optionalID }), (b, c) => {
    groups.quitGroup(ctx, c.caller, b);
    return {};
  });
  route(
    '/group/dismiss_group',
    z.object({ groupID, deleteMember: z.boolean().nullish(), sendMessage: z.boolean().nullish() }),
    (b, c) => {
      groups.dismissGroup(ctx, c.caller, b);
      return {};
    },
  );
  route(
    '/group/transfer_group',
    z.object({ groupID, oldOwnerUserID: optionalID, newOwnerUserID: userID }),
    (b, c) => {
      groups.transferGroup(ctx, c.caller, b);
      return {};
    },
  );
  route(
    '/group/mute_group_member',
    z.object({
      groupID,
      userID,
      mutedSeconds: z
        .number()
        .int()
        .min(0)
        .max(10 * 365 * 86_400),
    }),
    (b, c) => {
      groups.muteMember(ctx, c.caller, b);
      return {};
    },
  );
  route('/group/cancel_mute_group_member', z.object({ groupID, userID }), (b, c) => {
    groups.muteMember(ctx, c.caller, { ...b, mutedSeconds: 0 });
    return {};
  });
  route('/group/mute_group', z.object({ groupID }), (b, c) => {
    groups.muteGroup(ctx, c.caller, { groupID: b.groupID, mute: true });
    return {};
  });
  route('/group/cancel_mute_group', z.object({ groupID }), (b, c) => {
    groups.muteGroup(ctx, c.caller, { groupID: b.groupID, mute: false });
    return {};
  });
  route(
    '/group/set_group_member_info',
    z.object({
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
    (b, c) => {
      groups.setGroupMemberInfo(ctx, c.caller, b.members);
      return {};
    },
  );
  route(
    '/group/get_group_member_list',
    z.object({
      groupID,
      pagination,
      filter: optInt,
      keyword: text(256),
    }),
    (b, c) => groups.getGroupMemberList(ctx, c.caller, b),
  );
  route('/group/get_group_members_info', z.object({ groupID, userIDs: idList() }), (b, c) => {
    groups.requireMemberListAccess(ctx, c.caller, b.groupID);
    return { members: groups.getMembersInfo(ctx, b.groupID, b.userIDs) };
  });
  route('/group/get_incremental_join_groups', z.object({ userID, versionID, version }), (b, c) =>
    groups.getIncrementalJoinGroups(ctx, c.caller, b),
  );
  route('/group/get_full_join_group_ids', z.object({ userID, idHash: optInt }), (b, c) =>
    groups.getFullJoinGroupIDs(ctx, c.caller, b.userID),
  );
  route('/group/get_joined_group_list', z.object({ fromUserID: userID, pagination }), (b, c) =>
    groups.getJoinedGroupList(ctx, c.caller, b.fromUserID, b.pagination),
  );
  route('/group/get_incremental_group_members', z.object({ groupID, versionID, version }), (b) =>
    groups.getIncrementalGroupMembers(ctx, b),
  );
  route(
    '/group/get_incremental_group_members_batch',
    z.object({
      userID,
      reqList: z.array(z.object({ groupID, versionID, version })).max(1000),
    }),
    (b, c) => groups.getIncrementalGroupMembersBatch(ctx, c.caller, b),
  );
  route('/group/get_full_group_member_user_ids', z.object({ groupID, idHash: optInt }), (b, c) =>
    groups.getFullGroupMemberUserIDs(ctx, c.caller, b.groupID),
  );
  route(
    '/group/join_group',
    z.object({
      groupID,
      reqMessage: text(1024),
      joinSource: optInt,
      inviterUserID: optionalID,
      ex: text(4096),
    }),
    (b, c) => {
      groups.joinGroup(ctx, c.caller, b);
      return {};
    },
  );
  route(
    '/group/group_application_response',
    z.object({ groupID, fromUserID: userID, handledMsg: text(1024), handleResult: z.number().int() }),
    (b, c) => {
      groups.respondApplication(ctx, c.caller, b);
      return {};
    },
  );
  route('/group/get_recv_group_applicationList', z.object({ fromUserID: userID, ...listFilter }), (b, c) =>
    groups.receivedApplications(ctx, c.caller, b),
  );
  route('/group/get_user_req_group_applicationList', z.object({ userID, ...listFilter }), (b, c) =>
    groups.sentApplications(ctx, c.caller, b),
  );
  route('/group/get_group_application_unhandled_count', z.object({ userID, time: nonNegative }), (b, c) => ({
    count: groups.unhandledApplicationCount(ctx, c.caller, b.userID, b.time),
  }));
  route('/group/get_users_in_group', z.object({ groupID, userIDs: idList() }), (b) => ({
    userIDs: b.userIDs.filter((u) => groups.isGroupMember(ctx, b.groupID, u)),
  }));

  // ---- msg ----
  route(
    '/msg/mark_conversation_as_read',
    z.object({
      conversationID,
      userID,
      hasReadSeq: seq.nullish().transform((v) => v ?? 0),
      seqs: seqList(10_000),
    }),
    (b, c) => {
      msgs.markConversationAsRead(ctx, notifier, c.caller, b);
      return {};
    },
  );
  route('/msg/mark_msgs_as_read', z.object({ conversationID, userID, seqs: seqList(10_000) }), (b, c) => {
    msgs.markMsgsAsRead(ctx, notifier, c.caller, b);
    return {};
  });
  route(
    '/msg/set_conversation_has_read_seq',
    z.object({
      conversationID,
      userID,
      hasReadSeq: seq,
      noNotification: z
        .boolean()
        .nullish()
        .transform((v) => v ?? false),
    }),
    (b, c) => {
      msgs.setConversationHasReadSeq(ctx, notifier, c.caller, b);
      return {};
    },
  );
  route('/msg/revoke_msg', z.object({ conversationID, seq: z.number().int().min(1), userID }), (b, c) => {
    msgs.revokeMessage(ctx, notifier, c.caller, b);
    return {};
  });
  route(
    '/msg/delete_msgs',
    z.object({ conversationID, seqs: seqList(10_000), userID }).passthrough(),
    (b, c) => {
      msgs.deleteMessages(ctx, c.caller, b);
      return {};
    },
  );
  route(
    '/msg/clear_conversation_msg',
    z.object({ conversationIDs: z.array(conversationID).min(1).max(1000), userID }).passthrough(),
    (b, c) => {
      msgs.clearConversations(ctx, c.caller, b);
      return {};
    },
  );
  route('/msg/user_clear_all_msg', z.object({ userID }).passthrough(), (b, c) => {
    msgs.clearConversations(ctx, c.caller, { userID: b.userID, conversationIDs: [] });
    return {};
  });
  route('/msg/get_server_time', z.object({}).passthrough(), () => ({ serverTime: ctx.now() }));
  route(
    '/msg/get_conversations_has_read_and_max_seq',
    z.object({
      userID,
      conversationIDs: conversationIDList,
    }),
    (b, c) => {
      if (b.userID !== c.caller.userID && !c.caller.isAdmin)
        throw noPermission('userID must be the logged-in user');
      const r = msgs.hasReadAndMaxSeqs(ctx, b.userID, b.conversationIDs, false);
      return { seqs: Object.fromEntries(r.seqs) };
    },
  );
  route(
    '/msg/send_msg',
    z.object({
      sendID: userID,
      recvID: optionalID,
      groupID: optionalID,
      senderPlatformID: optInt,
      senderNickname: text(256),
      senderFaceURL: text(1024),
      content: z.record(z.string(), z.unknown()),
      contentType: z.number().int().min(1),
      sessionType: z.number().int(),
      isOnlineOnly: z.boolean().nullish(),
      notOfflinePush: z.boolean().nullish(),
      sendTime: optInt,
      ex: text(4096),
    }),
    (b) => {
      const now = ctx.now();
      const content = new TextEncoder().encode(JSON.stringify(b.content));
      const msg: ImMsg = {
        sendID: b.sendID,
        recvID: b.recvID,
        groupID: b.groupID,
        clientMsgID: `${now.toString(16)}${Math.random().toString(16).slice(2, 18)}`
          .padEnd(32, '0')
          .slice(0, 32),
        serverMsgID: '',
        senderPlatformID: b.senderPlatformID,
        senderNickname: b.senderNickname || (getUser(ctx.db, b.sendID)?.nickname ?? ''),
        senderFaceURL: b.senderFaceURL || (getUser(ctx.db, b.sendID)?.faceURL ?? ''),
        sessionType: b.sessionType,
        msgFrom: 100,
        contentType: b.contentType,
        content,
        seq: 0,
        sendTime: b.sendTime,
        createTime: now,
        status: 1,
        isRead: false,
        options: b.isOnlineOnly ? { history: false, persistent: false } : {},
        offlinePushInfo: null,
        atUserIDList: [],
        attachedInfo: '',
        ex: b.ex,
      };
      return msgs.sendMessage(ctx, { userID: b.sendID, platformID: 10, isAdmin: true }, msg, notifier);
    },
    'admin',
  );
  return paths;
}
