/**
 * The protobuf payloads of the WebSocket requests, answers and pushes as plain objects, and builders of
 * complete payloads. Part of the gateway's contract (contract.ts re-exports all of it; its conventions
 * apply here).
 */

// ---------------------------------------------------------------------------------------------
// Payloads (protobuf messages)
// ---------------------------------------------------------------------------------------------

/** sdkws.OfflinePushInfo */
export interface OfflinePushInfo {
  title: string;
  desc: string;
  ex: string;
  iOSPushSound: string;
  iOSBadgeCount: boolean;
  signalInfo: string;
}

/** sdkws.MsgData (request of 1003, element of every pull/push). */
export interface MsgData {
  sendID: string;
  recvID: string;
  groupID: string;
  clientMsgID: string;
  serverMsgID: string;
  senderPlatformID: number;
  senderNickname: string;
  senderFaceURL: string;
  sessionType: number;
  msgFrom: number;
  contentType: number;
  /** Raw bytes; for user messages UTF-8 JSON, for notifications `{"detail":"..."}`. */
  content: Uint8Array;
  seq: number;
  sendTime: number;
  createTime: number;
  status: number;
  isRead: boolean;
  /** map<string,bool>; a missing key means true. Null-prototype object when decoded. */
  options: Record<string, boolean>;
  offlinePushInfo: OfflinePushInfo | null;
  atUserIDList: string[];
  attachedInfo: string;
  ex: string;
}

/** sdkws.PullMsgs */
export interface PullMsgs {
  Msgs: MsgData[];
  isEnd: boolean;
  endSeq: number;
}

/** 1001 request: sdkws.GetMaxSeqReq */
export interface GetMaxSeqReq {
  userID: string;
}
/** 1001 response: sdkws.GetMaxSeqResp */
export interface GetMaxSeqResp {
  maxSeqs: Record<string, number>;
  minSeqs: Record<string, number>;
}

/** sdkws.PullOrder: 0 ascending, 1 descending. */
type PullOrder = number;

/** sdkws.SeqRange */
export interface SeqRange {
  conversationID: string;
  begin: number;
  end: number;
  num: number;
}
/** 1002 request: sdkws.PullMessageBySeqsReq */
export interface PullMessageBySeqsReq {
  userID: string;
  seqRanges: SeqRange[];
  order: PullOrder;
}
/** 1002 response: sdkws.PullMessageBySeqsResp (chat IDs in msgs, `n_` IDs in notificationMsgs). */
export interface PullMessageBySeqsResp {
  msgs: Record<string, PullMsgs>;
  notificationMsgs: Record<string, PullMsgs>;
}

/** 1003 request is a MsgData; the response: sdkws.UserSendMsgResp (= msg.SendMsgResp 1..3). */
export type SendMsgReq = MsgData;
export interface UserSendMsgResp {
  serverMsgID: string;
  clientMsgID: string;
  sendTime: number;
}
export type SendMsgResp = UserSendMsgResp;

/** msg.ConversationSeqs (field numbers start at 2). */
export interface ConversationSeqs {
  conversationID: string;
  seqs: number[];
}
/** 1005 request: msg.GetSeqMessageReq */
export interface GetSeqMessageReq {
  userID: string;
  conversations: ConversationSeqs[];
  order: PullOrder;
}
/** 1005 response: msg.GetSeqMessageResp */
export interface GetSeqMessageResp {
  msgs: Record<string, PullMsgs>;
  notificationMsgs: Record<string, PullMsgs>;
}

/** 1006 request: msg.GetConversationsHasReadAndMaxSeqReq */
export interface GetConversationsHasReadAndMaxSeqReq {
  userID: string;
  conversationIDs: string[];
  returnPinned: boolean;
}
/** msg.Seqs */
export interface Seqs {
  maxSeq: number;
  hasReadSeq: number;
  maxSeqTime: number;
}
/** 1006 response: msg.GetConversationsHasReadAndMaxSeqResp */
export interface GetConversationsHasReadAndMaxSeqResp {
  seqs: Record<string, Seqs>;
  pinnedConversationIDs: string[];
}

/** 1007 request: msg.GetLastMessageReq */
export interface GetLastMessageReq {
  userID: string;
  conversationIDs: string[];
}
/** 1007 response: msg.GetLastMessageResp */
export interface GetLastMessageResp {
  msgs: Record<string, MsgData>;
}

/** 2001 push payload: sdkws.PushMessages */
export interface PushMessages {
  msgs: Record<string, PullMsgs>;
  notificationMsgs: Record<string, PullMsgs>;
}

/** 2003 request: push.DelUserPushTokenReq (response is empty). */
export interface DelUserPushTokenReq {
  userID: string;
  platformID: number;
}
/** 2004 request: sdkws.SetAppBackgroundStatusReq (response is empty). */
export interface SetAppBackgroundStatusReq {
  userID: string;
  isBackground: boolean;
}
/** 2005 request: sdkws.SubUserOnlineStatus */
export interface SubUserOnlineStatus {
  subscribeUserID: string[];
  unsubscribeUserID: string[];
}
/** sdkws.SubUserOnlineStatusElem */
export interface SubUserOnlineStatusElem {
  userID: string;
  onlinePlatformIDs: number[];
}
/** 2005 response and unsolicited 2005 push: sdkws.SubUserOnlineStatusTips */
export interface SubUserOnlineStatusTips {
  subscribers: SubUserOnlineStatusElem[];
}

/** Empty protobuf message (responses of 2003 and 2004). */
export type EmptyResp = Record<string, never>;
// ---------------------------------------------------------------------------------------------
// Helpers for building complete payloads
// ---------------------------------------------------------------------------------------------

/** A MsgData with every field at its zero value; spread your fields over it. */
export function emptyMsgData(): MsgData {
  return {
    sendID: '',
    recvID: '',
    groupID: '',
    clientMsgID: '',
    serverMsgID: '',
    senderPlatformID: 0,
    senderNickname: '',
    senderFaceURL: '',
    sessionType: 0,
    msgFrom: 0,
    contentType: 0,
    content: new Uint8Array(0),
    seq: 0,
    sendTime: 0,
    createTime: 0,
    status: 0,
    isRead: false,
    options: {},
    offlinePushInfo: null,
    atUserIDList: [],
    attachedInfo: '',
    ex: '',
  };
}

const utf8 = new TextEncoder();

/**
 * A text message (content type 101) as a client builds it before 1003: one-to-one with `recvID`,
 * group with `groupID`. The server's own texts (seeds, the chat facade) and the load generator use it.
 */
export function textMsgData(m: {
  sendID: string;
  recvID?: string;
  groupID?: string;
  text: string;
  clientMsgID: string;
  createTime: number;
  senderPlatformID: number;
  senderNickname?: string;
  senderFaceURL?: string;
}): MsgData {
  return {
    ...emptyMsgData(),
    sendID: m.sendID,
    recvID: m.groupID ? '' : (m.recvID ?? ''),
    groupID: m.groupID ?? '',
    clientMsgID: m.clientMsgID,
    senderPlatformID: m.senderPlatformID,
    senderNickname: m.senderNickname ?? '',
    senderFaceURL: m.senderFaceURL ?? '',
    sessionType: m.groupID ? 3 : 1,
    msgFrom: 100,
    contentType: 101,
    content: utf8.encode(JSON.stringify({ content: m.text })),
    createTime: m.createTime,
    status: 1,
  };
}

/** Is this conversation ID a notification stream (`n_...`)? Such IDs go to `notificationMsgs`. */
export function isNotificationConversationID(conversationID: string): boolean {
  return conversationID.startsWith('n_');
}
