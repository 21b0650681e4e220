import type { CoreContext } from './context';
import { ErrCode, ImError, argsError, noPermission } from './errors';
import type { Operator } from './messages';
import { type UserInfo, type UserRow, getUser, userInfo } from './models';
import { notify } from './notifications';
import { ContentType, SessionType } from './types';
import { Collection, EntryState, bump } from './versions';

/** Conversation IDs built from user IDs become SQLite table names in the SDK, so keep them to this alphabet. */
export const USER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface RegisterUser {
  userID: string;
  nickname: string;
  faceURL: string;
  ex: string;
}

/** Admin bootstrap: creates users; fails as a whole (1102) if any already exists. */
export function registerUsers(ctx: CoreContext, users: readonly RegisterUser[]): void {
  const ids = new Set<string>();
  for (const u of users) {
    if (!USER_ID_PATTERN.test(u.userID)) throw argsError(`invalid userID ${JSON.stringify(u.userID)}`);
    if (ids.has(u.userID)) throw argsError(`duplicate userID ${u.userID}`);
    ids.add(u.userID);
  }
  ctx.tx(() => {
    const exists = ctx.db.prepare('SELECT 1 FROM users WHERE user_id = ?');
    const ins = ctx.db.prepare(
      'INSERT INTO users (user_id, nickname, face_url, ex, create_time) VALUES (?, ?, ?, ?, ?)',
    );
    for (const u of users) {
      if (exists.get(u.userID))
        throw new ImError(ErrCode.RegisteredAlready, `user ${u.userID} is already registered`);
      ins.run(u.userID, u.nickname, u.faceURL, u.ex, ctx.now());
    }
  });
}

export function getUsersInfo(ctx: CoreContext, userIDs: readonly string[]): UserInfo[] {
  const stmt = ctx.db.prepare<[string], UserRow>('SELECT * FROM users WHERE user_id = ?');
  const out: UserInfo[] = [];
  for (const id of new Set(userIDs)) {
    const r = stmt.get(id);
    if (r) out.push(userInfo(r));
  }
  return out;
}

export interface UserUpdate {
  userID: string;
  nickname?: string | null | undefined;
  faceURL?: string | null | undefined;
  ex?: string | null | undefined;
  globalRecvMsgOpt?: number | null | undefined;
}

/**
 * `update_user_info_ex`: null/absent fields stay unchanged. Bumps every friend log that lists the
 * user and notifies the user (1303) and those owners (1209).
 */
export function updateUserInfo(ctx: CoreContext, op: Operator, u: UserUpdate): void {
  if (u.userID !== op.userID && !op.isAdmin) throw noPermission('you can only update your own profile');
  const cur = getUser(ctx.db, u.userID);
  if (!cur) throw new ImError(ErrCode.UserIDNotFound, 'user not found');
  if (
    u.globalRecvMsgOpt !== null &&
    u.globalRecvMsgOpt !== undefined &&
    ![0, 1, 2].includes(u.globalRecvMsgOpt)
  )
    throw argsError('globalRecvMsgOpt must be 0, 1 or 2');
  ctx.tx((fx) => {
    ctx.db
      .prepare(
        'UPDATE users SET nickname = ?, face_url = ?, ex = ?, global_recv_msg_opt = ? WHERE user_id = ?',
      )
      .run(
        u.nickname ?? cur.nickname,
        u.faceURL ?? cur.faceURL,
        u.ex ?? cur.ex,
        u.globalRecvMsgOpt ?? cur.globalRecvMsgOpt,
        u.userID,
      );
    notify(ctx, fx, {
      contentType: ContentType.UserInfoUpdated,
      sendID: op.userID,
      recvID: u.userID,
      sessionType: SessionType.Single,
      tips: { userID: u.userID },
      stored: false,
      to: [u.userID],
    });
    const owners = ctx.db
      .prepare<[string], { owner_user_id: string }>(
        'SELECT owner_user_id FROM friends WHERE friend_user_id = ?',
      )
      .all(u.userID);
    for (const { owner_user_id: owner } of owners) {
      bump(ctx.db, Collection.Friends, owner, [{ eId: u.userID, state: EntryState.Update }]);
      notify(ctx, fx, {
        contentType: ContentType.FriendInfoUpdated,
        sendID: u.userID,
        recvID: owner,
        sessionType: SessionType.Single,
        tips: { userID: u.userID },
        stored: false,
        to: [owner],
      });
    }
  });
}
