import {
  type CoreContext,
  type Effects,
  newServerMsgID,
  notificationConversationID,
  randomHex,
} from './context';
import { storeMessage, utf8 } from './message-rows';
import { storeAndPushSingle } from './messages';
import { getUserOrStub } from './models';
import { type ImMsg, MsgFrom, MsgStatus, SessionType } from './types';

export interface NotificationSpec {
  contentType: number;
  sendID: string;
  recvID: string;
  sessionType: number;
  groupID?: string;
  /** The tips object; rendered as proto-JSON inside `{"detail": "..."}`. Must contain no null nested objects the SDK reads. */
  tips: unknown;
  /** Reliable notifications get a seq in the `n_` stream; the others are pushed with seq 0. */
  stored: boolean;
  /** Users whose connections receive it. */
  to: readonly string[];
  /**
   * Skip this user's device on this platform: the device that made the HTTP call and syncs by
   * itself right after it (the SDK's AddBlack sync is not serialized with its notification sync).
   */
  exceptCaller?: { userID: string; platformID: number };
  /** Also store an ordinary chat message with the same content in the 1:1 chat (the reference's "isSendMsg" copy). */
  chatCopy?: boolean;
}

function notificationContent(tips: unknown): Uint8Array {
  return utf8(JSON.stringify({ detail: JSON.stringify(tips) }));
}

/** The MsgData of a notification (or of its chat copy), before options and seq are set. */
export function baseMsg(ctx: CoreContext, n: NotificationSpec, now: number): ImMsg {
  const sender = getUserOrStub(ctx.db, n.sendID);
  return {
    sendID: n.sendID,
    recvID: n.recvID,
    groupID: n.groupID ?? '',
    clientMsgID: randomHex(16),
    serverMsgID: newServerMsgID(n.sendID, now),
    senderPlatformID: 0,
    senderNickname: sender.nickname,
    senderFaceURL: sender.faceURL,
    sessionType: n.sessionType,
    msgFrom: MsgFrom.System,
    contentType: n.contentType,
    content: notificationContent(n.tips),
    seq: 0,
    sendTime: now,
    createTime: now,
    status: MsgStatus.Success,
    isRead: false,
    options: {},
    offlinePushInfo: null,
    atUserIDList: [],
    attachedInfo: '',
    ex: '',
  };
}

/**
 * Emits a notification inside the caller's transaction: stored ones take the next seq of the
 * `n_` stream now, pushes go out after commit.
 */
export function notify(ctx: CoreContext, fx: Effects, n: NotificationSpec): void {
  const now = ctx.now();
  const msg = baseMsg(ctx, n, now);
  msg.options = {
    isNotNotification: false,
    isSendMsg: n.chatCopy === true,
    history: n.stored,
    persistent: n.stored,
    senderSync: true,
    unreadCount: false,
    conversationUpdate: false,
    offlinePush: false,
  };
  const conversationID = notificationConversationID(n.sessionType, n.sendID, n.recvID, n.groupID ?? '');
  if (n.stored) storeMessage(ctx.db, conversationID, msg, now);
  const caller = n.exceptCaller;
  if (caller && caller.platformID > 0 && n.to.includes(caller.userID)) {
    fx.push(
      n.to.filter((u) => u !== caller.userID),
      conversationID,
      msg,
    );
    fx.pushExceptPlatform(caller.userID, conversationID, msg, caller.platformID);
  } else {
    fx.push(n.to, conversationID, msg);
  }
  if (n.chatCopy && n.sessionType === SessionType.Single && n.sendID !== n.recvID) {
    const copy = baseMsg(ctx, n, now);
    copy.clientMsgID = randomHex(16);
    // Like the reference's notification.yml for 1201: shown in the chat, but not counted as unread.
    copy.options = { offlinePush: false, unreadCount: false };
    storeAndPushSingle(ctx, fx, copy);
  }
}
