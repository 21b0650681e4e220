import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import type { ImMsg, PushSink } from './types';

export interface CoreLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface CoreOptions {
  /** Require friendship for 1:1 messages (error 1303). */
  friendVerification: boolean;
  /** Upper bound for a message's content, in bytes. */
  maxContentBytes: number;
  /** Store a copy of 1201 "friend accepted" in the chat conversation, as the reference server does. */
  friendAcceptedChatCopy: boolean;
  /** New group members can read the history from before they joined (the reference's enableHistoryForNewMembers). Default true. */
  groupHistoryForNewMembers?: boolean;
}

interface PendingPush {
  userID: string;
  conversationID: string;
  msg: ImMsg;
  exceptConnID?: string;
  exceptPlatformID?: number;
}

/** Side effects collected inside a transaction and run only after it committed. */
export class Effects {
  readonly pushes: PendingPush[] = [];
  readonly after: (() => void)[] = [];
  push(userIDs: Iterable<string>, conversationID: string, msg: ImMsg, exceptConnID?: string): void {
    const seen = new Set<string>();
    for (const userID of userIDs) {
      if (seen.has(userID)) continue;
      seen.add(userID);
      this.pushes.push(
        exceptConnID === undefined
          ? { userID, conversationID, msg }
          : { userID, conversationID, msg, exceptConnID },
      );
    }
  }

  /** Pushes to every connection of `userID` except the one on `platformID`. */
  pushExceptPlatform(userID: string, conversationID: string, msg: ImMsg, platformID: number): void {
    this.pushes.push({ userID, conversationID, msg, exceptPlatformID: platformID });
  }
}

export class CoreContext {
  readonly db: Db;
  readonly now: () => number;
  readonly log: CoreLogger;
  readonly options: CoreOptions;
  private sink: PushSink | undefined;

  constructor(db: Db, now: () => number, log: CoreLogger, options: CoreOptions) {
    this.db = db;
    this.now = now;
    this.log = log;
    this.options = options;
  }

  setPushSink(sink: PushSink | undefined): void {
    this.sink = sink;
  }

  /**
   * Runs `fn` in one SQLite transaction; pushes and other effects it registered run after the
   * commit, so a receiving SDK that immediately calls back always sees the new state.
   */
  tx<T>(fn: (fx: Effects) => T): T {
    const fx = new Effects();
    const result = this.db.transaction(() => fn(fx))();
    this.flush(fx.pushes);
    for (const a of fx.after) {
      try {
        a();
      } catch (err) {
        this.log.error({ err }, 'after-commit effect failed');
      }
    }
    return result;
  }

  /**
   * Hands the pushes to the sink in order. Consecutive pushes of the same message to several users (a
   * group fan-out) go out as one `pushToUsers` call when the sink has it, so the frame is encoded once.
   */
  private flush(pushes: readonly PendingPush[]): void {
    const sink = this.sink;
    if (!sink) return;
    for (let i = 0; i < pushes.length;) {
      const p = pushes[i] as PendingPush;
      let j = i + 1;
      if (sink.pushToUsers && p.exceptPlatformID === undefined) {
        while (j < pushes.length) {
          const q = pushes[j] as PendingPush;
          const same =
            q.msg === p.msg &&
            q.conversationID === p.conversationID &&
            q.exceptConnID === p.exceptConnID &&
            q.exceptPlatformID === undefined;
          if (!same) break;
          j++;
        }
      }
      const batch = pushes.slice(i, j);
      try {
        if (batch.length > 1 && sink.pushToUsers) {
          sink.pushToUsers(
            batch.map((b) => b.userID),
            p.conversationID,
            p.msg,
            p.exceptConnID,
          );
        } else {
          sink.push(p.userID, p.conversationID, p.msg, p.exceptConnID, p.exceptPlatformID);
        }
      } catch (err) {
        this.log.error({ err, userID: p.userID, users: batch.length }, 'push failed');
      }
      i = j;
    }
  }
}

export const randomHex = (bytes: number): string => randomBytes(bytes).toString('hex');

/** A unique server message ID (32 hex), like the reference's MD5 of time, sender and randomness. */
export function newServerMsgID(sendID: string, now: number): string {
  return createHash('md5')
    .update(`${now}-${sendID}-${randomHex(8)}`)
    .digest('hex');
}

/** Go's sort.Strings order: byte-wise comparison of UTF-8. */
export function byteCompare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

export function singleConversationID(a: string, b: string): string {
  const [x, y] = byteCompare(a, b) <= 0 ? [a, b] : [b, a];
  return `si_${x}_${y}`;
}

export function groupConversationID(groupID: string): string {
  return `sg_${groupID}`;
}

/** The notification stream twin of a chat conversation: the prefix becomes `n`. */
export function notificationTwin(conversationID: string): string {
  const i = conversationID.indexOf('_');
  return `n${conversationID.slice(i)}`;
}

export function notificationConversationID(
  sessionType: number,
  sendID: string,
  recvID: string,
  groupID: string,
): string {
  if (sessionType === 3) return `n_${groupID}`;
  const [x, y] = byteCompare(sendID, recvID) <= 0 ? [sendID, recvID] : [recvID, sendID];
  return `n_${x}_${y}`;
}

export const isNotificationConversation = (id: string): boolean => id.startsWith('n_');

export interface Pagination {
  pageNumber: number;
  showNumber: number;
}

/** LIMIT/OFFSET for OpenIM's 1-based pagination; no pagination means everything. */
export function pageLimits(
  p: Pagination | null | undefined,
  maxShow = 1000,
): { limit: number; offset: number } {
  if (!p || p.showNumber <= 0) return { limit: -1, offset: 0 };
  const show = Math.min(p.showNumber, maxShow);
  const page = Math.max(1, p.pageNumber);
  return { limit: show, offset: (page - 1) * show };
}
