/**
 * What the chat module (accounts, business users, wallet) needs from the IM core.
 *
 * The CHAT helper declares it; the CORE implements it in `src/im/facade.ts` on the same
 * better-sqlite3 database. Methods that only read are synchronous on purpose: the wallet
 * checks group membership inside its money transaction, and better-sqlite3 transactions
 * cannot span an `await`. `registerUser` is synchronous for the same reason: registration
 * writes the chat account and the IM user in one transaction.
 *
 * Methods that may push notifications to connected clients are async and are called only
 * after the chat module's own transaction committed.
 */

/** The IM-side view of a user (what the SDK's getUsersInfo would show). */
export interface ImUser {
  userID: string;
  nickname: string;
  faceURL: string;
}

/** A failure the IM core reports with an OpenIM error code (e.g. 1301, 1302, 1304). */
interface ImError {
  errCode: number;
  errMsg: string;
}

/** Result of an IM operation that can be refused for a business reason. */
export type ImResult = { ok: true } | ({ ok: false } & ImError);

export interface ImFacade {
  /**
   * Creates the IM user. Synchronous and transaction-safe: it is called inside the chat
   * module's `db.transaction()` so the chat account and the IM user are created together.
   * Throws if the userID already exists in the IM store.
   */
  registerUser(user: ImUser): void;

  /** The IM user, or undefined when no such IM user exists. */
  getUser(userID: string): ImUser | undefined;

  /** Mints an IM token for (userID, platformID), exactly like `/api/auth/get_user_token`. */
  issueImToken(userID: string, platformID: number): Promise<string>;

  /**
   * Checks an IM token (the `/app/*` wallet calls may carry the IM token instead of the
   * chat token). Returns the token's userID when valid and not revoked, else undefined.
   */
  verifyImToken(token: string): Promise<string | undefined>;

  /** Revokes every IM token of the user and kicks their sessions (after a password reset). */
  forceLogout(userID: string): Promise<void>;

  /**
   * Pushes a profile change to the IM user (and the usual user-info notifications).
   * Only the given fields change.
   */
  updateUserProfile(userID: string, patch: { nickname?: string; faceURL?: string }): Promise<void>;

  areFriends(userA: string, userB: string): boolean;

  /** True when `ownerUserID` has `targetUserID` on their blacklist. */
  isBlocked(ownerUserID: string, targetUserID: string): boolean;

  /**
   * Sends a friend application from `fromUserID` to `toUserID` the way the SDK's addFriend
   * does (application row, version log, notifications). Returns the IM error (1301 self,
   * 1302 blocked, 1304 already friends, ...) instead of throwing for business refusals.
   */
  applyFriend(req: { fromUserID: string; toUserID: string; reqMsg: string }): Promise<ImResult>;

  /** Makes the two users friends directly (seeding, admin import), with notifications. */
  addFriendPair(userA: string, userB: string): Promise<void>;

  /** Whether the group exists. */
  groupExists(groupID: string): boolean;

  /** Whether the user is currently a member of the group. */
  isGroupMember(groupID: string, userID: string): boolean;

  /** Creates a group owned by `ownerUserID` (the demo seed). Returns the groupID. */
  createGroup(req: {
    ownerUserID: string;
    groupName: string;
    adminUserIDs: string[];
    memberUserIDs: string[];
  }): Promise<string>;

  /**
   * Optional: stores and delivers a text message as if the user had sent it from a client.
   * Used by the demo seed for a little history. `recvID` for one-to-one, `groupID` for groups.
   */
  sendTextAsUser?(req: { sendID: string; recvID?: string; groupID?: string; text: string }): Promise<void>;
}
