import type Database from 'better-sqlite3';
import { AccessToken } from 'livekit-server-sdk';
import type { z } from 'zod';
import type { AccountRow, AccountService } from './accounts';
import { type Identifier, normaliseAreaCode, normaliseEmail, normalisePhone } from './identifiers';
import type { ChatContext } from './context';
import { ChatError, ErrCode, argsError } from './errors';
import {
  SEARCH_FIELDS,
  type findFullSchema,
  type friendAddSchema,
  type rtcSchema,
  type searchSchema,
  type updateSchema,
} from './user-schemas';

/** The UserFullInfo shape of chat's `/user/find/full`, plus the spec client's extra self fields. */
export interface UserFullInfo {
  userID: string;
  password: string;
  account: string;
  phoneNumber: string;
  areaCode: string;
  email: string;
  nickname: string;
  faceURL: string;
  gender: number;
  level: number;
  birth: number;
  allowAddFriend: number;
  allowBeep: number;
  allowVibration: number;
  globalRecvMsgOpt: number;
  registerType: number;
  allowCreateGroup: number;
  /** Only on the caller's own entry: the wallet state of other users is private. */
  hasPayPassword?: boolean;
  /** Only on the caller's own entry. */
  invitationCode?: string;
}

export interface PublicUser {
  userID: string;
  nickname: string;
  faceURL: string;
  gender: number;
  allowAddFriend: number;
}

/**
 * Whether `userID` accepts friend requests (allowAddFriend == 1). Users without a chat account
 * (created through the admin API only) accept them. Exported for the IM core, so the SDK's own
 * add_friend path honours the same setting as `/chat/friend/add`.
 */
export function userAllowsFriendRequests(db: Database.Database, userID: string): boolean {
  const row = db
    .prepare<[string], { allow_add_friend: number }>(
      'SELECT allow_add_friend FROM chat_accounts WHERE user_id = ?',
    )
    .get(userID);
  return row === undefined || row.allow_add_friend === 1;
}

/** chat v1.8's UserFullInfo has none of this server's own fields. */
function withoutLocalFields(user: UserFullInfo): Omit<UserFullInfo, 'allowCreateGroup'> {
  const { allowCreateGroup: _group, hasPayPassword: _pay, invitationCode: _code, ...real } = user;
  return real;
}

export class UserService {
  constructor(
    private readonly ctx: ChatContext,
    private readonly accounts: AccountService,
  ) {}

  private toFull(row: AccountRow): UserFullInfo {
    return {
      userID: row.user_id,
      password: '',
      account: row.account,
      phoneNumber: row.phone_number,
      areaCode: row.area_code,
      email: row.email,
      nickname: row.nickname,
      faceURL: row.face_url,
      gender: row.gender,
      level: row.level,
      birth: row.birth_ms,
      allowAddFriend: row.allow_add_friend,
      allowBeep: row.allow_beep,
      allowVibration: row.allow_vibration,
      globalRecvMsgOpt: row.global_recv_msg_opt,
      registerType: row.register_type,
      allowCreateGroup: row.allow_create_group,
    };
  }

  hasPayPassword(userID: string): boolean {
    return (
      this.ctx.db.prepare('SELECT 1 FROM wallet_pay_passwords WHERE user_id = ?').get(userID) !== undefined
    );
  }

  findFull(
    callerID: string,
    { userIDs }: z.output<typeof findFullSchema>,
  ): { users: Omit<UserFullInfo, 'allowCreateGroup'>[] } {
    const users: UserFullInfo[] = [];
    for (const userID of new Set(userIDs)) {
      const row = this.accounts.getAccount(userID);
      if (row) {
        const full = this.toFull(row);
        if (userID === callerID) {
          full.hasPayPassword = this.hasPayPassword(userID);
          full.invitationCode = row.invite_code;
        }
        users.push(full);
        continue;
      }
      // IM-only users (created through the admin API) still get a card, without contact details.
      const im = this.ctx.im.getUser(userID);
      if (im) {
        users.push({
          userID,
          password: '',
          account: '',
          phoneNumber: '',
          areaCode: '',
          email: '',
          nickname: im.nickname,
          faceURL: im.faceURL,
          gender: 0,
          level: 1,
          birth: 0,
          allowAddFriend: 1,
          allowBeep: 1,
          allowVibration: 1,
          globalRecvMsgOpt: 0,
          registerType: 0,
          allowCreateGroup: 1,
        });
      }
    }
    if (this.ctx.config.realChatAnswers) return { users: users.map(withoutLocalFields) };
    return { users };
  }

  async update(callerID: string, input: z.output<typeof updateSchema>): Promise<void> {
    if (input.userID !== callerID)
      throw new ChatError(ErrCode.NoPermission, 'you can only update your own account');
    if (input.level !== undefined && input.level !== null)
      throw new ChatError(ErrCode.NoPermission, 'level can only be changed by an administrator');
    if (input.RegisterType !== undefined && input.RegisterType !== null) {
      throw new ChatError(ErrCode.NoPermission, 'RegisterType can only be changed by an administrator');
    }
    if (input.account !== undefined && input.account !== null)
      throw argsError('account names cannot be changed');
    const row = this.accounts.getAccount(callerID);
    if (!row) throw new ChatError(ErrCode.AccountNotFound, 'account does not exist');
    if (input.nickname !== undefined && input.nickname !== null && input.nickname === '')
      throw argsError('nickname must not be empty');
    // A day of slack covers clients in time zones ahead of the server.
    if (
      input.birth !== undefined &&
      input.birth !== null &&
      input.birth > this.ctx.clock.now() + 86_400_000
    ) {
      throw argsError('birth must not be in the future');
    }

    let newPhone: Identifier | null | undefined; // undefined: unchanged, null: cleared
    // An area code alone is ignored: the client may send it next to any change.
    if (input.phoneNumber) {
      if (!input.areaCode) throw argsError('areaCode and phoneNumber must be given together');
      const a = normaliseAreaCode(input.areaCode);
      const p = normalisePhone(input.phoneNumber);
      newPhone = { kind: 'phone', value: `${a} ${p}`, areaCode: a, phoneNumber: p };
    }
    let newEmail: string | null | undefined;
    if (input.email !== undefined && input.email !== null)
      newEmail = input.email.trim() === '' ? null : normaliseEmail(input.email);

    const now = this.ctx.clock.now();
    const refused = this.ctx.db.transaction((): ChatError | undefined => {
      const credOwner = (identifier: string) =>
        this.ctx.db
          .prepare<[string], { user_id: string }>('SELECT user_id FROM chat_credentials WHERE identifier = ?')
          .get(identifier)?.user_id;
      const setCred = (kind: 'phone' | 'email', identifier: string | null) => {
        this.ctx.db
          .prepare('DELETE FROM chat_credentials WHERE user_id = ? AND kind = ?')
          .run(callerID, kind);
        if (identifier)
          this.ctx.db
            .prepare('INSERT INTO chat_credentials (identifier, user_id, kind) VALUES (?, ?, ?)')
            .run(identifier, callerID, kind);
      };
      if (newPhone) {
        const owner = credOwner(newPhone.value);
        if (owner && owner !== callerID)
          return new ChatError(ErrCode.PhoneAlreadyRegister, 'phone number already registered');
        setCred('phone', newPhone.value);
      }
      if (newEmail !== undefined) {
        if (newEmail) {
          const owner = credOwner(newEmail);
          if (owner && owner !== callerID)
            return new ChatError(ErrCode.EmailAlreadyRegister, 'e-mail already registered');
        }
        setCred('email', newEmail);
      }
      const left =
        this.ctx.db
          .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM chat_credentials WHERE user_id = ?')
          .get(callerID)?.n ?? 0;
      if (left === 0) return argsError('the last login method (phone or e-mail) cannot be removed');
      const sets: string[] = [];
      const vals: (string | number)[] = [];
      const set = (col: string, v: string | number | null | undefined) => {
        if (v === undefined || v === null) return;
        sets.push(`${col} = ?`);
        vals.push(v);
      };
      set('nickname', input.nickname);
      set('face_url', input.faceURL);
      if (newEmail !== undefined) set('email', newEmail ?? '');
      if (newPhone) {
        set('area_code', newPhone.areaCode);
        set('phone_number', newPhone.phoneNumber);
      }
      set('gender', input.gender);
      set('birth_ms', input.birth);
      set('allow_add_friend', input.allowAddFriend);
      set('allow_beep', input.allowBeep);
      set('allow_vibration', input.allowVibration);
      set('global_recv_msg_opt', input.globalRecvMsgOpt);
      set('updated_at', now);
      this.ctx.db
        .prepare(`UPDATE chat_accounts SET ${sets.join(', ')} WHERE user_id = ?`)
        .run(...vals, callerID);
      return undefined;
    })();
    if (refused) throw refused;
    const patch: { nickname?: string; faceURL?: string } = {};
    if (input.nickname && input.nickname !== row.nickname) patch.nickname = input.nickname;
    if (input.faceURL !== undefined && input.faceURL !== row.face_url) patch.faceURL = input.faceURL;
    if (patch.nickname !== undefined || patch.faceURL !== undefined)
      await this.ctx.im.updateUserProfile(callerID, patch);
  }

  searchFuzzy(
    callerID: string,
    input: z.output<typeof searchSchema>,
  ): { total: number; users: PublicUser[] } {
    const fields = new Set(
      (input.searchFields?.length ? input.searchFields : ['nickname', 'phone', 'invitation_code']).filter(
        (f) => (SEARCH_FIELDS as readonly string[]).includes(f),
      ),
    );
    // An exact userID always matches: the client's add-friend search takes a user ID too.
    fields.add('userID');
    const pageNumber = input.pagination?.pageNumber ?? 1;
    const showNumber = input.pagination?.showNumber ?? 20;
    const keyword = input.keyword;
    const clauses: string[] = [];
    const params: (string | number)[] = [];
    if (fields.has('nickname')) {
      // Literal substring: LIKE wildcards in the keyword are escaped.
      clauses.push("nickname LIKE ? ESCAPE '\\' COLLATE NOCASE");
      params.push(`%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    if (fields.has('phone')) {
      // Exact only: a substring match would let anyone enumerate phone numbers.
      const digits = keyword.replace(/[\s-]/g, '');
      if (digits.startsWith('+')) {
        clauses.push('(area_code || phone_number) = ?');
        params.push(digits);
      } else {
        clauses.push('phone_number = ?');
        params.push(digits);
      }
    }
    if (fields.has('invitation_code')) {
      clauses.push('invite_code = ?');
      params.push(keyword.toUpperCase());
    }
    clauses.push('user_id = ?');
    params.push(keyword);
    const exclude = input.excludeSelf ?? true;
    const where = `(${clauses.join(' OR ')})${exclude ? ' AND user_id <> ?' : ''}`;
    if (exclude) params.push(callerID);
    const total =
      this.ctx.db
        .prepare<(string | number)[], { n: number }>(`SELECT COUNT(*) AS n FROM chat_accounts WHERE ${where}`)
        .get(...params)?.n ?? 0;
    const rows = this.ctx.db
      .prepare<(string | number)[], AccountRow>(
        `SELECT * FROM chat_accounts WHERE ${where} ORDER BY nickname COLLATE NOCASE, user_id LIMIT ? OFFSET ?`,
      )
      .all(...params, showNumber, (pageNumber - 1) * showNumber);
    return {
      total,
      users: rows.map((r) => ({
        userID: r.user_id,
        nickname: r.nickname,
        faceURL: r.face_url,
        gender: r.gender,
        allowAddFriend: r.allow_add_friend,
      })),
    };
  }

  async rtcToken(
    callerID: string,
    input: z.output<typeof rtcSchema>,
  ): Promise<{ serverUrl: string; token: string }> {
    if (input.identity !== callerID)
      throw new ChatError(ErrCode.NoPermission, 'identity must be your own userID');
    const { liveKitUrl, liveKitApiKey, liveKitApiSecret, rtcTokenTtlSeconds } = this.ctx.config;
    if (!liveKitUrl) {
      throw new ChatError(
        ErrCode.ServerInternal,
        'no livekit url provided: this server has no LiveKit server configured (--livekit-url)',
        'RTCNotConfigured',
      );
    }
    const nickname =
      this.accounts.getAccount(callerID)?.nickname ?? this.ctx.im.getUser(callerID)?.nickname ?? '';
    const at = new AccessToken(liveKitApiKey, liveKitApiSecret, {
      identity: callerID,
      name: nickname,
      ttl: rtcTokenTtlSeconds,
    });
    at.addGrant({
      roomJoin: true,
      room: input.room,
      canPublish: true,
      canSubscribe: true,
      canPublishData: true,
    });
    return { serverUrl: liveKitUrl, token: await at.toJwt() };
  }

  async friendAdd(callerID: string, input: z.output<typeof friendAddSchema>): Promise<void> {
    if (input.fromUserID && input.fromUserID !== callerID)
      throw new ChatError(ErrCode.NoPermission, 'fromUserID must be your own userID');
    if (input.toUserID === callerID)
      throw new ChatError(1301, 'you cannot add yourself as a friend', 'CanNotAddYourselfError');
    const target = this.accounts.getAccount(input.toUserID);
    if (!target && !this.ctx.im.getUser(input.toUserID))
      throw new ChatError(ErrCode.RecordNotFound, 'user not found');
    if (!userAllowsFriendRequests(this.ctx.db, input.toUserID)) {
      throw new ChatError(ErrCode.RefuseFriend, 'the user does not allow being added as a friend');
    }
    const r = await this.ctx.im.applyFriend({
      fromUserID: callerID,
      toUserID: input.toUserID,
      reqMsg: input.reqMsg ?? '',
    });
    if (!r.ok) throw new ChatError(r.errCode, r.errMsg, r.errMsg);
  }
}
