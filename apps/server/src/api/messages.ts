import { z } from 'zod';

import type { ServerConfig } from '../config';
import type { CoreContext } from '../im/context';
import * as convs from '../im/conversations';

import { ErrCode, ImError, noPermission } from '../im/errors';
import * as msgs from '../im/messages';
import { getMaxSeqs, hasReadAndMaxSeqs, pullByRange } from '../im/pull';
import * as readState from '../im/read-state';
import * as revoke from '../im/revoke';
import { getUser } from '../im/models';

import type { ImMsg } from '../im/types';
import { pullJson } from './pull-json';

import {
  type Route,
  conversationID,
  conversationIDList,
  optInt,
  optionalID,
  pagination,
  seq,
  seqList,
  text,
  userID,
  version,
  versionID,
  wrapped,
} from './schemas';

/** `/api/conversation/*` and `/api/msg/*`. */
export function registerConversationAndMessageRoutes(
  route: Route,
  ctx: CoreContext,
  notifier: msgs.NotifyFn,
  config: ServerConfig,
): void {
  // ---- conversation ----
  route({
    path: '/conversation/get_owner_conversation',
    auth: 'user',
    schema: z.object({ userID, pagination }),
    handler: (b, c) => convs.getOwnerConversations(ctx, c.caller, b.userID, b.pagination),
  });
  route({
    path: '/conversation/get_all_conversations',
    auth: 'user',
    schema: z.object({ ownerUserID: userID }),
    handler: (b, c) => ({
      conversations: convs.getOwnerConversations(ctx, c.caller, b.ownerUserID, null).conversations,
    }),
  });
  route({
    path: '/conversation/get_conversations',
    auth: 'user',
    schema: z.object({
      ownerUserID: userID,
      conversationIDs: conversationIDList,
    }),
    handler: (b, c) => ({
      conversations: convs.getConversations(ctx, c.caller, b.ownerUserID, b.conversationIDs),
    }),
  });
  route({
    path: '/conversation/get_sorted_conversation_list',
    auth: 'user',
    schema: z.object({
      userID,
      conversationIDs: conversationIDList,
      pagination,
    }),
    handler: (b, c) => {
      const answer = convs.getSortedConversationList(ctx, c.caller, b);
      // open-im-server answers a user without conversations with 1004, not an empty page.
      if (config.compat === 'openim-3.8' && answer.conversationTotal === 0)
        throw new ImError(ErrCode.RecordNotFound, 'RecordNotFoundError');
      return answer;
    },
  });
  route({
    path: '/conversation/get_full_conversation_ids',
    auth: 'user',
    schema: z.object({ userID, idHash: optInt }),
    handler: (b, c) => convs.getFullConversationIDs(ctx, c.caller, b.userID),
  });
  route({
    path: '/conversation/get_incremental_conversations',
    auth: 'user',
    schema: z.object({ userID, versionID, version }),
    handler: (b, c) => convs.getIncrementalConversations(ctx, c.caller, b),
  });
  route({
    path: '/conversation/set_conversations',
    auth: 'user',
    schema: z.object({
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
    handler: (b, c) => {
      convs.setConversations(ctx, c.caller, b.userIDs, b.conversation);
      return {};
    },
  });

  // ---- msg ----
  route({
    path: '/msg/mark_conversation_as_read',
    auth: 'user',
    schema: z.object({
      conversationID,
      userID,
      hasReadSeq: seq.nullish().transform((v) => v ?? 0),
      seqs: seqList(10_000),
    }),
    handler: (b, c) => {
      readState.markConversationAsRead(ctx, notifier, c.caller, b);
      return {};
    },
  });
  route({
    path: '/msg/mark_msgs_as_read',
    auth: 'user',
    schema: z.object({ conversationID, userID, seqs: seqList(10_000) }),
    handler: (b, c) => {
      readState.markMsgsAsRead(ctx, notifier, c.caller, b);
      return {};
    },
  });
  route({
    path: '/msg/set_conversation_has_read_seq',
    auth: 'user',
    schema: z.object({
      conversationID,
      userID,
      hasReadSeq: seq,
      noNotification: z
        .boolean()
        .nullish()
        .transform((v) => v ?? false),
    }),
    handler: (b, c) => {
      readState.setConversationHasReadSeq(ctx, notifier, c.caller, b);
      return {};
    },
  });
  route({
    path: '/msg/revoke_msg',
    auth: 'user',
    schema: z.object({ conversationID, seq: z.number().int().min(1), userID }),
    handler: (b, c) => {
      revoke.revokeMessage(ctx, notifier, c.caller, b);
      return {};
    },
  });
  route({
    path: '/msg/delete_msgs',
    auth: 'user',
    schema: z.object({ conversationID, seqs: seqList(10_000), userID }).passthrough(),
    handler: (b, c) => {
      revoke.deleteMessages(ctx, c.caller, b);
      return {};
    },
  });
  route({
    path: '/msg/clear_conversation_msg',
    auth: 'user',
    schema: z.object({ conversationIDs: z.array(conversationID).min(1).max(1000), userID }).passthrough(),
    handler: (b, c) => {
      revoke.clearConversations(ctx, c.caller, b);
      return {};
    },
  });
  route({
    path: '/msg/user_clear_all_msg',
    auth: 'user',
    schema: z.object({ userID }).passthrough(),
    handler: (b, c) => {
      revoke.clearConversations(ctx, c.caller, { userID: b.userID, conversationIDs: [] });
      return {};
    },
  });
  // The HTTP twins of WS 1001 and 1002 (open-im-server has both routes). The client reads a chat's
  // newest messages here while the SDK's first sync after sign-in has not reached that conversation.
  route({
    path: '/msg/newest_seq',
    auth: 'user',
    schema: z.object({ userID }).passthrough(),
    handler: (b, c) => {
      if (b.userID !== c.caller.userID && !c.caller.isAdmin)
        throw noPermission('userID must be the logged-in user');
      const r = getMaxSeqs(ctx, b.userID);
      return { maxSeqs: Object.fromEntries(r.maxSeqs), minSeqs: Object.fromEntries(r.minSeqs) };
    },
  });
  route({
    path: '/msg/pull_msg_by_seq',
    auth: 'user',
    schema: z.object({
      userID,
      seqRanges: z
        .array(
          z.object({
            conversationID,
            begin: seq,
            end: seq,
            num: seq.nullish().transform((v) => v ?? 0),
          }),
        )
        .max(100),
      order: z.number().int().min(0).max(1).nullish(),
    }),
    handler: (b, c) => {
      // As over the WebSocket: a user pulls only her own conversations (others are left out of the answer).
      if (b.userID !== c.caller.userID && !c.caller.isAdmin)
        throw noPermission('userID must be the logged-in user');
      const r = pullByRange(ctx, b.userID, b.seqRanges, b.order ?? 0);
      const real = config.compat === 'openim-3.8';
      return {
        msgs: pullJson(r.msgs, real, b.seqRanges),
        notificationMsgs: pullJson(r.notificationMsgs, real),
      };
    },
  });
  route({
    path: '/msg/get_server_time',
    auth: 'user',
    schema: z.object({}).passthrough(),
    handler: () => ({ serverTime: ctx.now() }),
  });
  route({
    path: '/msg/get_conversations_has_read_and_max_seq',
    auth: 'user',
    schema: z.object({
      userID,
      conversationIDs: conversationIDList,
    }),
    handler: (b, c) => {
      if (b.userID !== c.caller.userID && !c.caller.isAdmin)
        throw noPermission('userID must be the logged-in user');
      const r = hasReadAndMaxSeqs(ctx, b.userID, b.conversationIDs, false);
      return { seqs: Object.fromEntries(r.seqs) };
    },
  });
  route({
    path: '/msg/send_msg',
    auth: 'admin',
    schema: z.object({
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
    handler: (b) => {
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
  });
}
