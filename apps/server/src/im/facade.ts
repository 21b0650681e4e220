import type { TokenService } from '../auth/tokens';
import type { ImFacade, ImResult, ImUser } from '../chat/im-facade';
import { textMsgData } from '../wire/contract';
import type { CoreContext } from './context';
import { ImError, ErrCode } from './errors';
import { type Operator, sendMessage } from './messages';
import { WORKING_GROUP } from './group-models';
import { groupExists, isGroupMember } from './group-queries';
import { createGroup } from './groups';
import { getUser } from './models';
import { notify } from './notifications';
import { addFriend, importFriends, isBlocked, isFriend } from './relations';
import { USER_ID_PATTERN, updateUserInfo } from './users';

export interface FacadeDeps {
  core: CoreContext;
  tokens: TokenService;
  tokenExpireSeconds: number;
  /** Disconnects a user's live sessions after their tokens were invalidated. */
  kickSessions(userID: string): void;
}

const asUser = (userID: string): Operator => ({ userID, platformID: 0, isAdmin: false });
const SYSTEM: Operator = { userID: '', platformID: 0, isAdmin: true };

/** The IM core as the chat module sees it (apps/server/src/chat/im-facade.ts). */
export function createImFacade(deps: FacadeDeps): ImFacade {
  const { core, tokens } = deps;
  const refusal = (err: unknown): ImResult => {
    if (err instanceof ImError) return { ok: false, errCode: err.code, errMsg: err.message };
    throw err;
  };
  return {
    registerUser(user: ImUser): void {
      if (!USER_ID_PATTERN.test(user.userID))
        throw new ImError(ErrCode.Args, `invalid userID ${JSON.stringify(user.userID)}`);
      // Plain statement instead of core.tx: the caller's transaction is the unit of work.
      core.db
        .prepare('INSERT INTO users (user_id, nickname, face_url, ex, create_time) VALUES (?, ?, ?, ?, ?)')
        .run(user.userID, user.nickname, user.faceURL, '', core.now());
    },
    getUser(userID) {
      const u = getUser(core.db, userID);
      return u ? { userID: u.userID, nickname: u.nickname, faceURL: u.faceURL } : undefined;
    },
    async issueImToken(userID, platformID) {
      if (!getUser(core.db, userID)) throw new ImError(ErrCode.UserIDNotFound, `user ${userID} not found`);
      return (await tokens.issue(userID, platformID, deps.tokenExpireSeconds)).token;
    },
    async verifyImToken(token) {
      try {
        return (await tokens.verify(token)).userID;
      } catch {
        return undefined;
      }
    },
    forceLogout(userID) {
      tokens.setState(userID, undefined, 1);
      deps.kickSessions(userID);
      return Promise.resolve();
    },
    updateUserProfile(userID, patch) {
      updateUserInfo(core, asUser(userID), {
        userID,
        nickname: patch.nickname ?? null,
        faceURL: patch.faceURL ?? null,
      });
      return Promise.resolve();
    },
    areFriends: (a, b) => isFriend(core, a, b) && isFriend(core, b, a),
    isBlocked: (owner, target) => isBlocked(core, owner, target),
    applyFriend(req) {
      try {
        addFriend(core, asUser(req.fromUserID), { ...req, ex: '' });
        return Promise.resolve({ ok: true });
      } catch (err) {
        return Promise.resolve(refusal(err));
      }
    },
    addFriendPair(a, b) {
      importFriends(core, a, [b]);
      return Promise.resolve();
    },
    groupExists: (groupID) => groupExists(core, groupID),
    isGroupMember: (groupID, userID) => isGroupMember(core, groupID, userID),
    createGroup(req) {
      try {
        return Promise.resolve(createGroupAs(core, req));
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
    },
    sendTextAsUser(req) {
      const now = core.now();
      const sender = getUser(core.db, req.sendID);
      try {
        sendMessage(
          core,
          // Group texts obey the group's rules (membership, mutes); seeded 1:1 texts skip the friend check.
          req.groupID ? asUser(req.sendID) : { ...SYSTEM, userID: req.sendID },
          textMsgData({
            sendID: req.sendID,
            ...(req.groupID ? { groupID: req.groupID } : { recvID: req.recvID ?? '' }),
            text: req.text,
            clientMsgID: `${now.toString(16)}${Math.random().toString(16).slice(2)}`
              .padEnd(32, '0')
              .slice(0, 32),
            createTime: now,
            senderPlatformID: 0,
            senderNickname: sender?.nickname ?? '',
            senderFaceURL: sender?.faceURL ?? '',
          }),
          (fx, n) => notify(core, fx, n),
        );
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
      return Promise.resolve();
    },
  };
}

/**
 * Creates a group owned by `ownerUserID` as if the owner's client had called `create_group` (the demo
 * seed and the benchmarks use it). Returns the new groupID; throws an ImError on bad input.
 */
export function createGroupAs(
  core: CoreContext,
  req: {
    ownerUserID: string;
    groupName: string;
    adminUserIDs: string[];
    memberUserIDs: string[];
    faceURL?: string;
  },
): string {
  const { groupInfo } = createGroup(core, asUser(req.ownerUserID), {
    ownerUserID: req.ownerUserID,
    adminUserIDs: req.adminUserIDs,
    memberUserIDs: req.memberUserIDs,
    groupInfo: {
      groupID: '',
      groupName: req.groupName,
      notification: '',
      introduction: '',
      faceURL: req.faceURL ?? '',
      ex: '',
      groupType: WORKING_GROUP,
      needVerification: 0,
      lookMemberInfo: 0,
      applyMemberFriend: 0,
    },
  });
  return groupInfo.groupID;
}
