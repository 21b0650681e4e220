import { z } from 'zod';
import type { AccountRow } from './accounts';
import type { ChatContext } from './context';
import { jsonInt, keywordText } from './validation';

/**
 * chat v1.8's two user searches, `/user/search/full` and `/user/search/public`, with its request and
 * answer shapes (`{keyword, pagination, genders, normal}` → `{total, users}`): OpenIM's own demo client
 * adds friends by ID or phone through `search/full`, and our client falls back to `search/public` on a
 * deployment without `/user/search/fuzzy`.
 *
 * Where real chat matches any substring of id, account, nickname, phone and e-mail and hands out every
 * match's phone and e-mail, this server matches the nickname as a substring but ids, accounts, phones
 * and e-mails only exactly, and shows a phone number or e-mail only to the user themself, to their
 * friends, or to a searcher who typed exactly that number or address (who knows it already).
 */

const paginationSchema = z.object(
  {
    pageNumber: jsonInt.pipe(z.number().int().min(1, 'pageNumber is invalid')),
    showNumber: jsonInt.pipe(z.number().int().min(1, 'showNumber is invalid').max(100)),
  },
  { error: 'pagination is empty' },
);

export const publicSchema = z.object({
  keyword: keywordText.nullish(),
  pagination: paginationSchema,
  genders: jsonInt.pipe(z.number().int().min(0).max(2)).nullish(),
});

export const fullSchema = publicSchema.extend({
  // 0 every user, 1 only users not forbidden; this server forbids nobody, so both list the same.
  normal: jsonInt.pipe(z.number().int().min(0).max(1)).nullish(),
});

/** chat's UserPublicInfo. */
export interface SearchPublicUser {
  userID: string;
  account: string;
  email: string;
  nickname: string;
  faceURL: string;
  gender: number;
  level: number;
}

/** chat's UserFullInfo, without the fields only this server has (allowCreateGroup, pay password). */
export interface SearchFullUser extends SearchPublicUser {
  password: string;
  phoneNumber: string;
  areaCode: string;
  birth: number;
  allowAddFriend: number;
  allowBeep: number;
  allowVibration: number;
  globalRecvMsgOpt: number;
  registerType: number;
}

interface Page<T> {
  total: number;
  users: T[];
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export class UserSearch {
  constructor(private readonly ctx: ChatContext) {}

  searchPublic(callerID: string, input: z.output<typeof publicSchema>): Page<SearchPublicUser> {
    const { total, rows } = this.find(input.keyword ?? '', input.genders ?? 0, input.pagination);
    const keyword = (input.keyword ?? '').toLowerCase();
    return {
      total,
      users: rows.map((row) => {
        const full = this.toFull(row, callerID, keyword);
        return {
          userID: full.userID,
          account: full.account,
          email: full.email,
          nickname: full.nickname,
          faceURL: full.faceURL,
          gender: full.gender,
          level: full.level,
        };
      }),
    };
  }

  searchFull(callerID: string, input: z.output<typeof fullSchema>): Page<SearchFullUser> {
    const { total, rows } = this.find(input.keyword ?? '', input.genders ?? 0, input.pagination);
    const keyword = (input.keyword ?? '').toLowerCase();
    return { total, users: rows.map((row) => this.toFull(row, callerID, keyword)) };
  }

  private find(
    keyword: string,
    gender: number,
    pagination: { pageNumber: number; showNumber: number },
  ): { total: number; rows: AccountRow[] } {
    const clauses: string[] = [];
    const params: (string | number)[] = [];
    if (keyword !== '') {
      const digits = keyword.replace(/[\s-]/g, '');
      clauses.push(
        `(nickname LIKE ? ESCAPE '\\' COLLATE NOCASE OR user_id = ? OR (account <> '' AND account = ?)` +
          ` OR (phone_number <> '' AND (phone_number = ? OR area_code || phone_number = ?))` +
          ` OR (email <> '' AND email = ? COLLATE NOCASE))`,
      );
      params.push(`%${escapeLike(keyword)}%`, keyword, keyword, digits, digits, keyword);
    }
    if (gender !== 0) {
      clauses.push('gender = ?');
      params.push(gender);
    }
    const where = clauses.length === 0 ? '' : `WHERE ${clauses.join(' AND ')}`;
    const total =
      this.ctx.db
        .prepare<(string | number)[], { n: number }>(`SELECT COUNT(*) AS n FROM chat_accounts ${where}`)
        .get(...params)?.n ?? 0;
    const rows = this.ctx.db
      .prepare<(string | number)[], AccountRow>(
        `SELECT * FROM chat_accounts ${where} ORDER BY created_at, user_id LIMIT ? OFFSET ?`,
      )
      .all(...params, pagination.showNumber, (pagination.pageNumber - 1) * pagination.showNumber);
    return { total, rows };
  }

  /** Contact details only where the searcher may see them (see the module comment). */
  private toFull(row: AccountRow, callerID: string, keyword: string): SearchFullUser {
    const close = row.user_id === callerID || this.ctx.im.areFriends(callerID, row.user_id);
    const digits = keyword.replace(/[\s-]/g, '');
    const phoneTyped =
      row.phone_number !== '' &&
      (digits === row.phone_number || digits === `${row.area_code}${row.phone_number}`);
    const emailTyped = row.email !== '' && keyword === row.email.toLowerCase();
    const showPhone = close || phoneTyped;
    return {
      userID: row.user_id,
      password: '',
      account: close ? row.account : '',
      phoneNumber: showPhone ? row.phone_number : '',
      areaCode: showPhone ? row.area_code : '',
      email: close || emailTyped ? row.email : '',
      nickname: row.nickname,
      faceURL: row.face_url,
      gender: row.gender,
      level: row.level,
      birth: close ? row.birth_ms : 0,
      allowAddFriend: row.allow_add_friend,
      allowBeep: row.allow_beep,
      allowVibration: row.allow_vibration,
      globalRecvMsgOpt: row.global_recv_msg_opt,
      registerType: row.register_type,
    };
  }
}
