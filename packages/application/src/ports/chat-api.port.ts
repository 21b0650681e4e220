import type { CallAccessData, SearchedUser, SelfInfo } from '@teamim/domain';

/** What the chat API tells of any user: the card's contact details (phone, e-mail) among them. */
export type UserDetails = Pick<
  SelfInfo,
  'userID' | 'nickname' | 'faceURL' | 'email' | 'gender' | 'birth' | 'phoneNumber' | 'areaCode'
>;

export type BusinessInfoChanges = Partial<
  Pick<SelfInfo, 'nickname' | 'faceURL' | 'email' | 'gender' | 'birth'>
>;

/** The chat (business) HTTP API. Methods reject with RemoteError carrying the body's errCode/errMsg. */
export abstract class ChatApi {
  abstract updateUser(userID: string, changes: BusinessInfoChanges): Promise<void>;
  /** Users' business info (`/user/find/full`); unknown ids are left out. */
  abstract findUsers(userIDs: readonly string[]): Promise<readonly UserDetails[]>;
  /** Fuzzy user search, page 1 of 20, self excluded. */
  abstract searchUsers(keyword: string): Promise<readonly SearchedUser[]>;
  /** Room access for a call room (`/user/rtc/get_token`). */
  abstract getRoomAccess(roomID: string, userID: string): Promise<CallAccessData>;
}
