import type {
  BlackUserItem,
  ConversationItem,
  FriendApplicationItem,
  FriendUserItem,
  GroupApplicationItem,
  GroupItem,
  GroupMemberItem,
  MessageItem,
  PublicUserItem,
  SelfUserInfo,
} from '@openim/wasm-client-sdk';
import type { PublicUser } from '@teamim/application';
import {
  ApplicationHandleResult,
  BusinessAllowType,
  compactLatestMessage,
  Gender,
  GroupAllowType,
  GroupMemberRole,
  GroupStatus,
  GroupType,
  GroupVerification,
  MessageStatus,
  parseCustomData,
  RecvMsgOpt,
  SessionType,
  type BlacklistEntry,
  type Conversation,
  type Friend,
  type FriendApplication,
  type Group,
  type GroupApplication,
  type GroupMember,
  type Message,
  type SelfInfo,
} from '@teamim/domain';

// The SDK's numeric enums and the domain's constant objects hold the same numbers; these helpers
// narrow an SDK number to the domain union and fall back to a safe value for anything unexpected.
function oneOf<T extends number>(values: Record<string, T>, value: number, fallback: T): T {
  return (Object.values(values) as number[]).includes(value) ? (value as T) : fallback;
}
const text = (value: string | undefined | null): string => value ?? '';
const num = (value: number | undefined | null): number => (typeof value === 'number' ? value : 0);

export function toSessionType(value: number): SessionType {
  // The legacy "super group" value 2 is reported as a group by v3 servers; treat it as one.
  return value === 2 ? SessionType.Group : oneOf(SessionType, value, SessionType.Single);
}

export function toMessage(item: MessageItem): Message {
  const sessionType = toSessionType(item.sessionType);
  const message: Message = {
    clientMsgID: item.clientMsgID,
    serverMsgID: text(item.serverMsgID),
    sendID: text(item.sendID),
    // The SDK fills recvID with the group id for group messages; the domain keeps it empty there.
    recvID: sessionType === SessionType.Single ? text(item.recvID) : '',
    groupID: text(item.groupID),
    sessionType,
    contentType: item.contentType,
    sendTime: num(item.sendTime),
    createTime: num(item.createTime),
    senderNickname: text(item.senderNickname),
    senderFaceUrl: text(item.senderFaceUrl),
    status: oneOf(MessageStatus, item.status, MessageStatus.Sending),
    isRead: item.isRead,
    seq: num(item.seq),
    msgFrom: num(item.msgFrom),
    ...(item.ex ? { ex: item.ex } : {}),
    ...(item.localEx ? { localEx: item.localEx } : {}),
    ...(item.textElem ? { textElem: { content: text(item.textElem.content) } } : {}),
    ...(item.atTextElem
      ? {
          atTextElem: {
            text: text(item.atTextElem.text),
            atUserList: item.atTextElem.atUserList ?? [],
            ...(item.atTextElem.atUsersInfo
              ? {
                  atUsersInfo: item.atTextElem.atUsersInfo.map((u) => ({
                    atUserID: u.atUserID,
                    groupNickname: text(u.groupNickname),
                  })),
                }
              : {}),
            isAtSelf: item.atTextElem.isAtSelf === true,
          },
        }
      : {}),
    ...(item.pictureElem
      ? {
          pictureElem: {
            sourcePath: text(item.pictureElem.sourcePath),
            sourcePicture: { ...item.pictureElem.sourcePicture },
            bigPicture: { ...item.pictureElem.bigPicture },
            snapshotPicture: { ...item.pictureElem.snapshotPicture },
          },
        }
      : {}),
    ...(item.soundElem
      ? {
          soundElem: {
            uuid: item.soundElem.uuid,
            soundPath: text(item.soundElem.soundPath),
            sourceUrl: item.soundElem.sourceUrl,
            dataSize: item.soundElem.dataSize,
            duration: item.soundElem.duration,
          },
        }
      : {}),
    ...(item.videoElem
      ? {
          videoElem: {
            videoPath: text(item.videoElem.videoPath),
            videoUUID: item.videoElem.videoUUID,
            videoUrl: item.videoElem.videoUrl,
            videoType: item.videoElem.videoType,
            videoSize: item.videoElem.videoSize,
            duration: item.videoElem.duration,
            snapshotPath: text(item.videoElem.snapshotPath),
            snapshotUUID: item.videoElem.snapshotUUID,
            snapshotSize: item.videoElem.snapshotSize,
            snapshotUrl: item.videoElem.snapshotUrl,
            snapshotWidth: item.videoElem.snapshotWidth,
            snapshotHeight: item.videoElem.snapshotHeight,
          },
        }
      : {}),
    ...(item.fileElem
      ? {
          fileElem: {
            filePath: text(item.fileElem.filePath),
            uuid: item.fileElem.uuid,
            sourceUrl: item.fileElem.sourceUrl,
            fileName: item.fileElem.fileName,
            fileSize: item.fileElem.fileSize,
          },
        }
      : {}),
    ...(item.customElem
      ? {
          customElem: {
            data: text(item.customElem.data),
            description: text(item.customElem.description),
            extension: text(item.customElem.extension),
            // Read here, once: the chat, the notices, the wallet and the calls all take this.
            payload: parseCustomData(text(item.customElem.data)),
          },
        }
      : {}),
    ...(item.quoteElem
      ? {
          quoteElem: {
            text: text(item.quoteElem.text),
            // A quote whose original the sender's SDK did not attach still shows its reply.
            ...(item.quoteElem.quoteMessage ? { quoteMessage: toMessage(item.quoteElem.quoteMessage) } : {}),
          },
        }
      : {}),
    ...(item.notificationElem ? { notificationElem: { detail: text(item.notificationElem.detail) } } : {}),
    ...(item.cardElem
      ? {
          cardElem: {
            userID: item.cardElem.userID,
            nickname: text(item.cardElem.nickname),
            faceURL: text(item.cardElem.faceURL),
          },
        }
      : {}),
    ...(item.locationElem
      ? {
          locationElem: {
            description: text(item.locationElem.description),
            longitude: item.locationElem.longitude,
            latitude: item.locationElem.latitude,
          },
        }
      : {}),
    ...(item.faceElem ? { faceElem: { index: item.faceElem.index, data: text(item.faceElem.data) } } : {}),
    ...(item.mergeElem
      ? {
          mergeElem: {
            title: text(item.mergeElem.title),
            abstractList: item.mergeElem.abstractList ?? [],
          },
        }
      : {}),
  };
  return message;
}

export function toConversation(item: ConversationItem): Conversation {
  return {
    conversationID: item.conversationID,
    conversationType: toSessionType(item.conversationType),
    userID: text(item.userID),
    groupID: text(item.groupID),
    showName: text(item.showName),
    faceURL: text(item.faceURL),
    unreadCount: num(item.unreadCount),
    // The SDK's JSON of the whole message; the list keeps what its preview reads (a third of it or less).
    latestMsg: compactLatestMessage(text(item.latestMsg)),
    latestMsgSendTime: num(item.latestMsgSendTime),
    ...(item.draftText ? { draftText: item.draftText } : {}),
    draftTextTime: num(item.draftTextTime),
    isPinned: item.isPinned,
    recvMsgOpt: oneOf(RecvMsgOpt, item.recvMsgOpt, RecvMsgOpt.Normal),
    groupAtType: item.groupAtType,
    isNotInGroup: item.isNotInGroup,
  };
}

export function toFriend(item: FriendUserItem): Friend {
  return {
    userID: item.userID,
    nickname: text(item.nickname),
    remark: text(item.remark),
    faceURL: text(item.faceURL),
  };
}

export function toBlacklistEntry(item: BlackUserItem): BlacklistEntry {
  return { userID: item.userID, nickname: text(item.nickname), faceURL: text(item.faceURL) };
}

export function toFriendApplication(item: FriendApplicationItem): FriendApplication {
  return {
    fromUserID: item.fromUserID,
    fromNickname: text(item.fromNickname),
    fromFaceURL: text(item.fromFaceURL),
    toUserID: item.toUserID,
    toNickname: text(item.toNickname),
    toFaceURL: text(item.toFaceURL),
    handleResult: oneOf(ApplicationHandleResult, item.handleResult, ApplicationHandleResult.Unprocessed),
    reqMsg: text(item.reqMsg),
    ...(item.handleMsg ? { handleMsg: item.handleMsg } : {}),
    createTime: num(item.createTime),
  };
}

export function toPublicUser(item: PublicUserItem): PublicUser {
  return { userID: item.userID, nickname: text(item.nickname), faceURL: text(item.faceURL) };
}

/**
 * Self info from the SDK. The SDK knows only id, nickname and avatar; the business fields (e-mail,
 * gender, birth, phone, allow flags) belong to the chat API and get neutral values here, except the
 * two only our local server knows (pay password, create-group flag), which stay unknown.
 */
export function toSelfInfo(item: SelfUserInfo): SelfInfo {
  return {
    userID: item.userID,
    nickname: text(item.nickname),
    faceURL: text(item.faceURL),
    email: '',
    gender: Gender.Unknown,
    birth: 0,
    phoneNumber: '',
    allowAddFriend: BusinessAllowType.Allow,
  };
}

export function toGroup(item: GroupItem): Group {
  return {
    groupID: item.groupID,
    groupName: text(item.groupName),
    faceURL: text(item.faceURL),
    introduction: text(item.introduction),
    memberCount: num(item.memberCount),
    createTime: num(item.createTime),
    groupType: oneOf(GroupType, item.groupType, GroupType.Group),
    lookMemberInfo: oneOf(GroupAllowType, item.lookMemberInfo, GroupAllowType.Allowed),
    applyMemberFriend: oneOf(GroupAllowType, item.applyMemberFriend, GroupAllowType.Allowed),
    ownerUserID: text(item.ownerUserID),
    notification: text(item.notification),
    status: oneOf(GroupStatus, item.status, GroupStatus.Normal),
    needVerification: oneOf(GroupVerification, item.needVerification, GroupVerification.ApplyNeedInviteNot),
  };
}

export function toGroupMember(item: GroupMemberItem): GroupMember {
  return {
    userID: item.userID,
    groupID: item.groupID,
    nickname: text(item.nickname),
    faceURL: text(item.faceURL),
    roleLevel: oneOf(GroupMemberRole, item.roleLevel, GroupMemberRole.Normal),
    muteEndTime: num(item.muteEndTime),
    joinTime: num(item.joinTime),
  };
}

export function toGroupApplication(item: GroupApplicationItem): GroupApplication {
  return {
    userID: item.userID,
    nickname: text(item.nickname),
    userFaceURL: text(item.userFaceURL),
    groupID: item.groupID,
    groupName: text(item.groupName),
    groupFaceURL: text(item.groupFaceURL),
    handleResult: oneOf(ApplicationHandleResult, item.handleResult, ApplicationHandleResult.Unprocessed),
    reqMsg: text(item.reqMsg),
    reqTime: num(item.reqTime),
    joinSource: item.joinSource,
  };
}
