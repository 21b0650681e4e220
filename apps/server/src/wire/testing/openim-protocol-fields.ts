/**
 * Field numbers of the WebSocket payloads in openimsdk/protocol's definitions (the protocol of
 * OpenIM 3.8.3: branch pre-release-v3.8.3-fix, commit 798045ce6c6e2562c40d43ad8bc0c3480e5901b2;
 * sdkws/sdkws.proto, msg/msg.proto, push/push.proto). Facts to compare against, read from the .proto
 * files: message name -> field name -> number. Only what wire/messages.ts defines is listed.
 */
export const OPENIM_PROTOCOL_FIELDS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  OfflinePushInfo: { title: 1, desc: 2, ex: 3, iOSPushSound: 4, iOSBadgeCount: 5, signalInfo: 6 },
  MsgData: {
    sendID: 1,
    recvID: 2,
    groupID: 3,
    clientMsgID: 4,
    serverMsgID: 5,
    senderPlatformID: 6,
    senderNickname: 7,
    senderFaceURL: 8,
    sessionType: 9,
    msgFrom: 10,
    contentType: 11,
    content: 12,
    seq: 14,
    sendTime: 15,
    createTime: 16,
    status: 17,
    isRead: 18,
    options: 19,
    offlinePushInfo: 20,
    atUserIDList: 21,
    attachedInfo: 22,
    ex: 23,
  },
  PullMsgs: { Msgs: 1, isEnd: 2, endSeq: 3 },
  GetMaxSeqReq: { userID: 1 },
  GetMaxSeqResp: { maxSeqs: 1, minSeqs: 2 },
  SeqRange: { conversationID: 1, begin: 2, end: 3, num: 4 },
  PullMessageBySeqsReq: { userID: 1, seqRanges: 2, order: 3 },
  PullMessageBySeqsResp: { msgs: 1, notificationMsgs: 2 },
  UserSendMsgResp: { serverMsgID: 1, clientMsgID: 2, sendTime: 3 },
  PushMessages: { msgs: 1, notificationMsgs: 2 },
  SetAppBackgroundStatusReq: { userID: 1, isBackground: 2 },
  SubUserOnlineStatus: { subscribeUserID: 1, unsubscribeUserID: 2 },
  SubUserOnlineStatusElem: { userID: 1, onlinePlatformIDs: 2 },
  SubUserOnlineStatusTips: { subscribers: 1 },
  // msg/msg.proto
  ConversationSeqs: { conversationID: 2, seqs: 3 },
  GetSeqMessageReq: { userID: 1, conversations: 2, order: 3 },
  GetSeqMessageResp: { msgs: 1, notificationMsgs: 2 },
  Seqs: { maxSeq: 1, hasReadSeq: 2, maxSeqTime: 3 },
  // The pinned fields came later (protocol commit 07f82f0, April 2025, on main at 91e8d26); the later
  // 3.8 SDK patches use them. Everything else is the same on both.
  GetConversationsHasReadAndMaxSeqReq: { userID: 1, conversationIDs: 2, returnPinned: 3 },
  GetConversationsHasReadAndMaxSeqResp: { seqs: 1, pinnedConversationIDs: 2 },
  GetLastMessageReq: { userID: 1, conversationIDs: 2 },
  GetLastMessageResp: { msgs: 1 },
  // push/push.proto
  DelUserPushTokenReq: { userID: 1, platformID: 2 },
};
