import type { Observable } from 'rxjs';
import type { BlacklistEntry, Friend, FriendApplication } from '@teamim/domain';

/** The public profile of any user (SDK getUsersInfo). */
export interface PublicUser {
  readonly userID: string;
  readonly nickname: string;
  readonly faceURL: string;
}

/** Contact events (SDK OnFriend*, OnBlack*, OnFriendApplication*). */
export type ContactEvent =
  | { readonly type: 'friendAdded'; readonly friend: Friend }
  | { readonly type: 'friendDeleted'; readonly userID: string }
  | { readonly type: 'friendInfoChanged'; readonly friend: Friend }
  | { readonly type: 'blackAdded'; readonly entry: BlacklistEntry }
  | { readonly type: 'blackDeleted'; readonly userID: string }
  | { readonly type: 'friendApplicationAdded'; readonly application: FriendApplication }
  | { readonly type: 'friendApplicationAccepted'; readonly application: FriendApplication }
  | { readonly type: 'friendApplicationRejected'; readonly application: FriendApplication };

/**
 * Friends, blacklist and friend applications. Methods reject with RemoteError.
 */
export abstract class ContactsGateway {
  /** A page of friends, blacklisted users excluded (SDK getFriendListPage with filterBlack). */
  abstract getFriendsPage(offset: number, count: number): Promise<readonly Friend[]>;
  /**
   * The user IDs of every friend the server knows, blacklisted ones included: the server's answer,
   * not the device's copy (which a failed sync can leave short).
   */
  abstract getServerFriendIDs(): Promise<readonly string[]>;
  /**
   * The users this user has blocked, as the server has them, not the device's copy: a new device's first
   * sync stores the blacklist after it reports the sync finished, and reports nothing of it.
   */
  abstract getServerBlacklist(): Promise<readonly BlacklistEntry[]>;
  /**
   * These friends, blacklisted users and non-friends left out. Friends the device's copy lacks are
   * fetched from the server and kept (SDK getSpecifiedFriendsInfo).
   */
  abstract getFriends(userIDs: readonly string[]): Promise<readonly Friend[]>;
  abstract getBlacklist(): Promise<readonly BlacklistEntry[]>;
  abstract getReceivedFriendApplications(): Promise<readonly FriendApplication[]>;
  abstract getSentFriendApplications(): Promise<readonly FriendApplication[]>;
  abstract getUsers(userIDs: readonly string[]): Promise<readonly PublicUser[]>;
  abstract searchFriends(keyword: string): Promise<readonly Friend[]>;
  abstract addFriend(toUserID: string, reqMsg: string): Promise<void>;
  abstract acceptFriendApplication(fromUserID: string, handleMsg: string): Promise<void>;
  abstract refuseFriendApplication(fromUserID: string, handleMsg: string): Promise<void>;
  abstract deleteFriend(userID: string): Promise<void>;
  abstract setFriendRemark(userID: string, remark: string): Promise<void>;
  abstract addToBlacklist(userID: string): Promise<void>;
  abstract removeFromBlacklist(userID: string): Promise<void>;
  /** Hot, no replay, never completes. */
  abstract readonly events$: Observable<ContactEvent>;
}
