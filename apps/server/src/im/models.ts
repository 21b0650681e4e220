import type { Db } from '../db/database';
import { prep } from './statements';

/** Row shapes and their proto-JSON renderings. Every nested object is always present (never null). */
export interface UserRow {
  user_id: string;
  nickname: string;
  face_url: string;
  ex: string;
  app_manger_level: number;
  global_recv_msg_opt: number;
  create_time: number;
}

export interface UserInfo {
  userID: string;
  nickname: string;
  faceURL: string;
  ex: string;
  createTime: number;
  appMangerLevel: number;
  globalRecvMsgOpt: number;
}

export interface PublicUserInfo {
  userID: string;
  nickname: string;
  faceURL: string;
  ex: string;
}

export const userInfo = (r: UserRow): UserInfo => ({
  userID: r.user_id,
  nickname: r.nickname,
  faceURL: r.face_url,
  ex: r.ex,
  createTime: r.create_time,
  appMangerLevel: r.app_manger_level,
  globalRecvMsgOpt: r.global_recv_msg_opt,
});

export const publicUserInfo = (u: UserInfo): PublicUserInfo => ({
  userID: u.userID,
  nickname: u.nickname,
  faceURL: u.faceURL,
  ex: u.ex,
});

/** A stand-in for a user row that vanished, so the SDK never sees a null user object. */
const missingUser = (userID: string): UserInfo => ({
  userID,
  nickname: '',
  faceURL: '',
  ex: '',
  createTime: 0,
  appMangerLevel: 0,
  globalRecvMsgOpt: 0,
});

function getUserRow(db: Db, userID: string): UserRow | undefined {
  return prep<[string], UserRow>(db, 'SELECT * FROM users WHERE user_id = ?').get(userID);
}

export function getUser(db: Db, userID: string): UserInfo | undefined {
  const r = getUserRow(db, userID);
  return r ? userInfo(r) : undefined;
}

export function getUserOrStub(db: Db, userID: string): UserInfo {
  return getUser(db, userID) ?? missingUser(userID);
}

export interface FriendRow {
  owner_user_id: string;
  friend_user_id: string;
  remark: string;
  create_time: number;
  add_source: number;
  operator_user_id: string;
  ex: string;
  is_pinned: number;
  ord: number;
}

export interface FriendInfo {
  ownerUserID: string;
  remark: string;
  createTime: number;
  friendUser: UserInfo;
  addSource: number;
  operatorUserID: string;
  ex: string;
  isPinned: boolean;
}

export const friendInfo = (db: Db, r: FriendRow): FriendInfo => ({
  ownerUserID: r.owner_user_id,
  remark: r.remark,
  createTime: r.create_time,
  friendUser: getUserOrStub(db, r.friend_user_id),
  addSource: r.add_source,
  operatorUserID: r.operator_user_id,
  ex: r.ex,
  isPinned: r.is_pinned === 1,
});

export interface FriendRequestRow {
  from_user_id: string;
  to_user_id: string;
  req_msg: string;
  ex: string;
  handle_result: number;
  handler_user_id: string;
  handle_msg: string;
  handle_time: number;
  create_time: number;
}

export interface FriendRequest {
  fromUserID: string;
  fromNickname: string;
  fromFaceURL: string;
  toUserID: string;
  toNickname: string;
  toFaceURL: string;
  handleResult: number;
  reqMsg: string;
  createTime: number;
  handlerUserID: string;
  handleMsg: string;
  handleTime: number;
  ex: string;
}

export function friendRequest(db: Db, r: FriendRequestRow): FriendRequest {
  const from = getUserOrStub(db, r.from_user_id);
  const to = getUserOrStub(db, r.to_user_id);
  return {
    fromUserID: r.from_user_id,
    fromNickname: from.nickname,
    fromFaceURL: from.faceURL,
    toUserID: r.to_user_id,
    toNickname: to.nickname,
    toFaceURL: to.faceURL,
    handleResult: r.handle_result,
    reqMsg: r.req_msg,
    createTime: r.create_time,
    handlerUserID: r.handler_user_id,
    handleMsg: r.handle_msg,
    handleTime: r.handle_time,
    ex: r.ex,
  };
}

export interface BlackRow {
  owner_user_id: string;
  block_user_id: string;
  create_time: number;
  add_source: number;
  operator_user_id: string;
  ex: string;
}

export const blackInfo = (db: Db, r: BlackRow) => ({
  ownerUserID: r.owner_user_id,
  createTime: r.create_time,
  blackUserInfo: publicUserInfo(getUserOrStub(db, r.block_user_id)),
  addSource: r.add_source,
  operatorUserID: r.operator_user_id,
  ex: r.ex,
});

export interface ConversationRow {
  owner_user_id: string;
  conversation_id: string;
  conversation_type: number;
  user_id: string;
  group_id: string;
  recv_msg_opt: number;
  is_pinned: number;
  attached_info: string;
  is_private_chat: number;
  burn_duration: number;
  group_at_type: number;
  ex: string;
  min_seq: number;
  max_seq: number;
  msg_destruct_time: number;
  latest_msg_destruct_time: number;
  is_msg_destruct: number;
  has_read_seq: number;
  create_time: number;
}

export const conversationInfo = (r: ConversationRow) => ({
  ownerUserID: r.owner_user_id,
  conversationID: r.conversation_id,
  recvMsgOpt: r.recv_msg_opt,
  conversationType: r.conversation_type,
  userID: r.user_id,
  groupID: r.group_id,
  isPinned: r.is_pinned === 1,
  attachedInfo: r.attached_info,
  isPrivateChat: r.is_private_chat === 1,
  groupAtType: r.group_at_type,
  ex: r.ex,
  burnDuration: r.burn_duration,
  minSeq: r.min_seq,
  maxSeq: r.max_seq,
  msgDestructTime: r.msg_destruct_time,
  latestMsgDestructTime: r.latest_msg_destruct_time,
  isMsgDestruct: r.is_msg_destruct === 1,
});
export type ConversationInfo = ReturnType<typeof conversationInfo>;

export function getConversationRow(
  db: Db,
  owner: string,
  conversationID: string,
): ConversationRow | undefined {
  return prep<[string, string], ConversationRow>(
    db,
    'SELECT * FROM conversations WHERE owner_user_id = ? AND conversation_id = ?',
  ).get(owner, conversationID);
}
