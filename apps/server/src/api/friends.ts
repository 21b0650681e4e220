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
  route('/friend/get_friend_list', z.object({ userID, pagination }), (b, c) => {
    const page = rel.getFriendList(ctx, c.caller, b.userID, b.pagination);
    return { ...page, friendsInfo: emptyList(page.friendsInfo, realLists) };
  });
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
      blacks.addBlack(ctx, c.caller, b);
      return {};
    },
  );
  route('/friend/remove_black', z.object({ ownerUserID: userID, blackUserID: userID }), (b, c) => {
    blacks.removeBlack(ctx, c.caller, b);
    return {};
  });
  route('/friend/get_black_list', z.object({ userID, pagination }), (b, c) =>
    blacks.getBlackList(ctx, c.caller, b.userID, b.pagination),
  );
  route('/friend/is_friend', z.object({ userID1: userID, userID2: userID }), (b) => ({
    inUser1Friends: rel.isFriend(ctx, b.userID1, b.userID2),
    inUser2Friends: rel.isFriend(ctx, b.userID2, b.userID1),
  }));
}
