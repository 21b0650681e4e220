/**
 * Protobuf codecs for every WebSocket payload, written from the field numbers of
 * openimsdk/protocol v0.0.73-alpha.12 (sdkws, msg and push packages) as listed in
 * shared/reference/openim-protocol.md §3. Every codec is exported, the nested ones too (marked `@public`,
 * since only the test uses them from outside): protocol-fields.test.ts reads every exported codec and
 * checks its field numbers against the protocol.
 */
import type {
  ConversationSeqs,
  DelUserPushTokenReq,
  GetConversationsHasReadAndMaxSeqReq,
  GetConversationsHasReadAndMaxSeqResp,
  GetLastMessageReq,
  GetLastMessageResp,
  GetMaxSeqReq,
  GetMaxSeqResp,
  GetSeqMessageReq,
  GetSeqMessageResp,
  MsgData,
  OfflinePushInfo,
  PullMessageBySeqsReq,
  PullMessageBySeqsResp,
  PullMsgs,
  PushMessages,
  SeqRange,
  Seqs,
  SetAppBackgroundStatusReq,
  SubUserOnlineStatus,
  SubUserOnlineStatusElem,
  SubUserOnlineStatusTips,
  UserSendMsgResp,
  EmptyResp,
} from './contract';
import { defineMessage, type MessageCodec } from './proto';

// Nested codecs are stored as MessageCodec<unknown> inside field specs (method parameters are
// bivariant, so the widening needs no cast).
const nested = <T>(codec: MessageCodec<T>): MessageCodec<unknown> => codec;

/**
 * sdkws.OfflinePushInfo
 * @public (see the top of the file)
 */
export const OfflinePushInfoCodec = defineMessage<OfflinePushInfo>('OfflinePushInfo', [
  { no: 1, name: 'title', kind: 'string' },
  { no: 2, name: 'desc', kind: 'string' },
  { no: 3, name: 'ex', kind: 'string' },
  { no: 4, name: 'iOSPushSound', kind: 'string' },
  { no: 5, name: 'iOSBadgeCount', kind: 'bool' },
  { no: 6, name: 'signalInfo', kind: 'string' },
]);

/** sdkws.MsgData (field 13 does not exist in this protocol version). */
export const MsgDataCodec = defineMessage<MsgData>('MsgData', [
  { no: 1, name: 'sendID', kind: 'string' },
  { no: 2, name: 'recvID', kind: 'string' },
  { no: 3, name: 'groupID', kind: 'string' },
  { no: 4, name: 'clientMsgID', kind: 'string' },
  { no: 5, name: 'serverMsgID', kind: 'string' },
  { no: 6, name: 'senderPlatformID', kind: 'int32' },
  { no: 7, name: 'senderNickname', kind: 'string' },
  { no: 8, name: 'senderFaceURL', kind: 'string' },
  { no: 9, name: 'sessionType', kind: 'int32' },
  { no: 10, name: 'msgFrom', kind: 'int32' },
  { no: 11, name: 'contentType', kind: 'int32' },
  { no: 12, name: 'content', kind: 'bytes' },
  { no: 14, name: 'seq', kind: 'int64' },
  { no: 15, name: 'sendTime', kind: 'int64' },
  { no: 16, name: 'createTime', kind: 'int64' },
  { no: 17, name: 'status', kind: 'int32' },
  { no: 18, name: 'isRead', kind: 'bool' },
  { no: 19, name: 'options', kind: 'map', value: 'bool' },
  { no: 20, name: 'offlinePushInfo', kind: 'message', codec: nested(OfflinePushInfoCodec) },
  { no: 21, name: 'atUserIDList', kind: 'repeated', of: 'string' },
  { no: 22, name: 'attachedInfo', kind: 'string' },
  { no: 23, name: 'ex', kind: 'string' },
]);

/** sdkws.PullMsgs */
export const PullMsgsCodec = defineMessage<PullMsgs>('PullMsgs', [
  { no: 1, name: 'Msgs', kind: 'repeatedMessage', codec: nested(MsgDataCodec) },
  { no: 2, name: 'isEnd', kind: 'bool' },
  { no: 3, name: 'endSeq', kind: 'int64' },
]);

/** 1001 sdkws.GetMaxSeqReq */
export const GetMaxSeqReqCodec = defineMessage<GetMaxSeqReq>('GetMaxSeqReq', [
  { no: 1, name: 'userID', kind: 'string' },
]);

/** 1001 sdkws.GetMaxSeqResp */
export const GetMaxSeqRespCodec = defineMessage<GetMaxSeqResp>('GetMaxSeqResp', [
  { no: 1, name: 'maxSeqs', kind: 'map', value: 'int64' },
  { no: 2, name: 'minSeqs', kind: 'map', value: 'int64' },
]);

/**
 * sdkws.SeqRange
 * @public (see the top of the file)
 */
export const SeqRangeCodec = defineMessage<SeqRange>('SeqRange', [
  { no: 1, name: 'conversationID', kind: 'string' },
  { no: 2, name: 'begin', kind: 'int64' },
  { no: 3, name: 'end', kind: 'int64' },
  { no: 4, name: 'num', kind: 'int64' },
]);

/** 1002 sdkws.PullMessageBySeqsReq */
export const PullMessageBySeqsReqCodec = defineMessage<PullMessageBySeqsReq>('PullMessageBySeqsReq', [
  { no: 1, name: 'userID', kind: 'string' },
  { no: 2, name: 'seqRanges', kind: 'repeatedMessage', codec: nested(SeqRangeCodec) },
  { no: 3, name: 'order', kind: 'int32' },
]);

const msgMapsFields = [
  { no: 1, name: 'msgs', kind: 'mapMessage', codec: nested(PullMsgsCodec) },
  { no: 2, name: 'notificationMsgs', kind: 'mapMessage', codec: nested(PullMsgsCodec) },
] as const;

/** 1002 sdkws.PullMessageBySeqsResp */
export const PullMessageBySeqsRespCodec = defineMessage<PullMessageBySeqsResp>(
  'PullMessageBySeqsResp',
  msgMapsFields,
);

/** 1003 request is MsgData; response sdkws.UserSendMsgResp */
export const UserSendMsgRespCodec = defineMessage<UserSendMsgResp>('UserSendMsgResp', [
  { no: 1, name: 'serverMsgID', kind: 'string' },
  { no: 2, name: 'clientMsgID', kind: 'string' },
  { no: 3, name: 'sendTime', kind: 'int64' },
]);

/**
 * msg.ConversationSeqs (numbers start at 2 in the .proto)
 * @public (see the top of the file)
 */
export const ConversationSeqsCodec = defineMessage<ConversationSeqs>('ConversationSeqs', [
  { no: 2, name: 'conversationID', kind: 'string' },
  { no: 3, name: 'seqs', kind: 'repeated', of: 'int64' },
]);

/** 1005 msg.GetSeqMessageReq */
export const GetSeqMessageReqCodec = defineMessage<GetSeqMessageReq>('GetSeqMessageReq', [
  { no: 1, name: 'userID', kind: 'string' },
  { no: 2, name: 'conversations', kind: 'repeatedMessage', codec: nested(ConversationSeqsCodec) },
  { no: 3, name: 'order', kind: 'int32' },
]);

/** 1005 msg.GetSeqMessageResp */
export const GetSeqMessageRespCodec = defineMessage<GetSeqMessageResp>('GetSeqMessageResp', msgMapsFields);

/** 1006 msg.GetConversationsHasReadAndMaxSeqReq */
export const GetConversationsHasReadAndMaxSeqReqCodec = defineMessage<GetConversationsHasReadAndMaxSeqReq>(
  'GetConversationsHasReadAndMaxSeqReq',
  [
    { no: 1, name: 'userID', kind: 'string' },
    { no: 2, name: 'conversationIDs', kind: 'repeated', of: 'string' },
    { no: 3, name: 'returnPinned', kind: 'bool' },
  ],
);

/**
 * msg.Seqs
 * @public (see the top of the file)
 */
export const SeqsCodec = defineMessage<Seqs>('Seqs', [
  { no: 1, name: 'maxSeq', kind: 'int64' },
  { no: 2, name: 'hasReadSeq', kind: 'int64' },
  { no: 3, name: 'maxSeqTime', kind: 'int64' },
]);

/** 1006 msg.GetConversationsHasReadAndMaxSeqResp */
export const GetConversationsHasReadAndMaxSeqRespCodec = defineMessage<GetConversationsHasReadAndMaxSeqResp>(
  'GetConversationsHasReadAndMaxSeqResp',
  [
    { no: 1, name: 'seqs', kind: 'mapMessage', codec: nested(SeqsCodec) },
    { no: 2, name: 'pinnedConversationIDs', kind: 'repeated', of: 'string' },
  ],
);

/** 1007 msg.GetLastMessageReq */
export const GetLastMessageReqCodec = defineMessage<GetLastMessageReq>('GetLastMessageReq', [
  { no: 1, name: 'userID', kind: 'string' },
  { no: 2, name: 'conversationIDs', kind: 'repeated', of: 'string' },
]);

/** 1007 msg.GetLastMessageResp */
export const GetLastMessageRespCodec = defineMessage<GetLastMessageResp>('GetLastMessageResp', [
  { no: 1, name: 'msgs', kind: 'mapMessage', codec: nested(MsgDataCodec) },
]);

/** 2001 sdkws.PushMessages */
export const PushMessagesCodec = defineMessage<PushMessages>('PushMessages', msgMapsFields);

/** 2003 push.DelUserPushTokenReq */
export const DelUserPushTokenReqCodec = defineMessage<DelUserPushTokenReq>('DelUserPushTokenReq', [
  { no: 1, name: 'userID', kind: 'string' },
  { no: 2, name: 'platformID', kind: 'int32' },
]);

/** 2004 sdkws.SetAppBackgroundStatusReq */
export const SetAppBackgroundStatusReqCodec = defineMessage<SetAppBackgroundStatusReq>(
  'SetAppBackgroundStatusReq',
  [
    { no: 1, name: 'userID', kind: 'string' },
    { no: 2, name: 'isBackground', kind: 'bool' },
  ],
);

/** 2005 sdkws.SubUserOnlineStatus */
export const SubUserOnlineStatusCodec = defineMessage<SubUserOnlineStatus>('SubUserOnlineStatus', [
  { no: 1, name: 'subscribeUserID', kind: 'repeated', of: 'string' },
  { no: 2, name: 'unsubscribeUserID', kind: 'repeated', of: 'string' },
]);

/**
 * sdkws.SubUserOnlineStatusElem
 * @public (see the top of the file)
 */
export const SubUserOnlineStatusElemCodec = defineMessage<SubUserOnlineStatusElem>(
  'SubUserOnlineStatusElem',
  [
    { no: 1, name: 'userID', kind: 'string' },
    { no: 2, name: 'onlinePlatformIDs', kind: 'repeated', of: 'int32' },
  ],
);

/** 2005 sdkws.SubUserOnlineStatusTips */
export const SubUserOnlineStatusTipsCodec = defineMessage<SubUserOnlineStatusTips>(
  'SubUserOnlineStatusTips',
  [
    {
      no: 1,
      name: 'subscribers',
      kind: 'repeatedMessage',
      codec: nested(SubUserOnlineStatusElemCodec),
    },
  ],
);

/** Empty message (2003 and 2004 responses). */
export const EmptyCodec = defineMessage<EmptyResp>('Empty', []);
