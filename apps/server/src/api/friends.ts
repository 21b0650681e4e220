import { z } from 'zod';

import type { CoreContext } from '../im/context';

import * as blacks from '../im/blacklist';
import * as rel from '../im/relations';

import {
  type Route,
  emptyList,
  idList,
  nonNegative,
  optInt,
  pagination,
  text,
  userID,
  version,
  versionID,
  wrapped,
} from './schemas';

/**
 * `/api/friend/*`: requests, friends, blocks, the incremental friend sync. `realLists`: empty lists
 * answer `null` as open-im-server's do (see {@link emptyList}).
 */
export function registerFriendRoutes(route: Route, ctx: CoreContext, realLists = false): void {
  // ---- friend ----
  route({
    path: '/friend/add_friend',
    auth: 'user',
    schema: z.object({ fromUserID: userID, toUserID: userID, reqMsg: text(1024), ex: text(4096) }),
    handler: (b, c) => {
      rel.addFriend(ctx, c.caller, b);
      return {};
    },
  });
  route({
    path: '/friend/add_friend_response',
    auth: 'user',
    schema: z.object({
      fromUserID: userID,
      toUserID: userID,
      handleResult: z.number().int(),
      handleMsg: text(1024),
    }),
    handler: (b, c) => {
      rel.respondFriendApply(ctx, c.caller, b);
      return {};
    },
  });
  route({
    path: '/friend/import_friend',
    auth: 'admin',
    schema: z.object({ ownerUserID: userID, friendUserIDs: z.array(userID).min(1).max(1000) }),
    handler: (b) => {
      rel.importFriends(ctx, b.ownerUserID, b.friendUserIDs);
      return {};
    },
  });
  route({
    path: '/friend/delete_friend',
    auth: 'user',
    schema: z.object({ ownerUserID: userID, friendUserID: userID }),
    handler: (b, c) => {
      rel.deleteFriend(ctx, c.caller, b);
      return {};
    },
  });
  route({
    path: '/friend/update_friends',
    auth: 'user',
    schema: z.object({
      ownerUserID: userID,
      friendUserIDs: z.array(userID).min(1).max(1000),
      isPinned: wrapped(z.boolean()),
      remark: wrapped(z.string().max(256)),
      ex: wrapped(z.string().max(4096)),
    }),
    handler: (b, c) => {
      rel.updateFriends(ctx, c.caller, b);
      return {};
    },
  });
  route({
    path: '/friend/set_friend_remark',
    auth: 'user',
    schema: z.object({ ownerUserID: userID, friendUserID: userID, remark: z.string().max(256) }),
    handler: (b, c) => {
      rel.updateFriends(ctx, c.caller, {
        ownerUserID: b.ownerUserID,
        friendUserIDs: [b.friendUserID],
        remark: b.remark,
      });
      return {};
    },
  });
  route({
    path: '/friend/get_friend_list',
    auth: 'user',
    schema: z.object({ userID, pagination }),
    handler: (b, c) => {
      const page = rel.getFriendList(ctx, c.caller, b.userID, b.pagination);
      return { ...page, friendsInfo: emptyList(page.friendsInfo, realLists) };
    },
  });
  route({
    path: '/friend/get_designated_friends',
    auth: 'user',
    schema: z.object({ ownerUserID: userID, friendUserIDs: idList() }),
    handler: (b, c) => ({
      friendsInfo: rel.getDesignatedFriends(ctx, c.caller, b.ownerUserID, b.friendUserIDs),
    }),
  });
  route({
    path: '/friend/get_full_friend_user_ids',
    auth: 'user',
    schema: z.object({ userID, idHash: optInt }),
    handler: (b, c) => rel.getFullFriendIDs(ctx, c.caller, b.userID),
  });
  route({
    path: '/friend/get_incremental_friends',
    auth: 'user',
    schema: z.object({ userID, versionID, version }),
    handler: (b, c) => rel.getIncrementalFriends(ctx, c.caller, b),
  });
  const applyList = z.object({
    userID,
    pagination,
    handleResults: z.array(z.number().int()).max(3).nullish(),
  });
  route({
    path: '/friend/get_friend_apply_list',
    auth: 'user',
    schema: applyList,
    handler: (b, c) => {
      const r = rel.getFriendApplyList(ctx, c.caller, 'to', b);
      // The capital F is what the SDK reads for this endpoint (openim-protocol.md 4.2).
      return { FriendRequests: r.requests, total: r.total };
    },
  });
  route({
    path: '/friend/get_self_friend_apply_list',
    auth: 'user',
    schema: applyList,
    handler: (b, c) => {
      const r = rel.getFriendApplyList(ctx, c.caller, 'from', b);
      return { friendRequests: r.requests, total: r.total };
    },
  });
  route({
    path: '/friend/get_self_unhandled_apply_count',
    auth: 'user',
    schema: z.object({ userID, time: nonNegative }),
    handler: (b, c) => ({
      count: rel.unhandledApplyCount(ctx, c.caller, b.userID, b.time),
    }),
  });
  route({
    path: '/friend/add_black',
    auth: 'user',
    schema: z.object({ ownerUserID: userID, blackUserID: userID, ex: text(4096) }),
    handler: (b, c) => {
      blacks.addBlack(ctx, c.caller, b);
      return {};
    },
  });
  route({
    path: '/friend/remove_black',
    auth: 'user',
    schema: z.object({ ownerUserID: userID, blackUserID: userID }),
    handler: (b, c) => {
      blacks.removeBlack(ctx, c.caller, b);
      return {};
    },
  });
  route({
    path: '/friend/get_black_list',
    auth: 'user',
    schema: z.object({ userID, pagination }),
    handler: (b, c) => blacks.getBlackList(ctx, c.caller, b.userID, b.pagination),
  });
  route({
    path: '/friend/is_friend',
    auth: 'user',
    schema: z.object({ userID1: userID, userID2: userID }),
    handler: (b) => ({
      inUser1Friends: rel.isFriend(ctx, b.userID1, b.userID2),
      inUser2Friends: rel.isFriend(ctx, b.userID2, b.userID1),
    }),
  });
}
