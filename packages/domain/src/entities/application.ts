/** Friend and group applications (spec §3). */

/** SDK `ApplicationHandleResult`: pending, agreed, refused. Refused is -1, not 2. */
export const ApplicationHandleResult = {
  Unprocessed: 0,
  Agree: 1,
  Reject: -1,
} as const;
export type ApplicationHandleResult = (typeof ApplicationHandleResult)[keyof typeof ApplicationHandleResult];

export interface FriendApplication {
  readonly fromUserID: string;
  readonly fromNickname: string;
  readonly fromFaceURL: string;
  readonly toUserID: string;
  readonly toNickname: string;
  readonly toFaceURL: string;
  readonly handleResult: ApplicationHandleResult;
  readonly reqMsg: string;
  readonly handleMsg?: string;
  readonly createTime: number;
}

export interface GroupApplication {
  readonly userID: string;
  readonly nickname: string;
  readonly userFaceURL: string;
  readonly groupID: string;
  readonly groupName: string;
  readonly groupFaceURL: string;
  readonly handleResult: ApplicationHandleResult;
  readonly reqMsg: string;
  readonly reqTime: number;
  readonly joinSource?: number;
}
