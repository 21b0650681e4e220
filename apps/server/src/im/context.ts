import { randomBytes } from 'node:crypto';
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
  /**
   * Whether a user takes friend requests (refused with 20013 otherwise). The setting belongs to the chat
   * module's accounts; the composition root injects it, so the core never reads chat's tables. Default: all do.
   */
  acceptsFriendRequests?: (userID: string) => boolean;
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
  /** Inside `batch`: the effects of the transactions that committed inside it, run after its commit. */
  private deferred: Effects[] | undefined;
  /**
   * One transaction wrapper for every `tx`: better-sqlite3 builds four wrapped functions per
   * `db.transaction(...)` call, which cost about as much as a message insert on the send path.
   */
  private readonly inTransaction: (run: () => unknown) => unknown;

  constructor(db: Db, now: () => number, log: CoreLogger, options: CoreOptions) {
    this.db = db;
    this.now = now;
    this.log = log;
    this.options = options;
    this.inTransaction = db.transaction((run: () => unknown) => run());
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
    const result = this.inTransaction(() => fn(fx)) as T;
    if (this.deferred) this.deferred.push(fx);
    else this.runEffects(fx);
    return result;
  }

  /**
   * Runs `fn`, which may call `tx` several times, in one SQLite transaction (each `tx` inside becomes
   * a savepoint, so one failing `tx` rolls back alone). The effects of the `tx` calls that succeeded run
   * in order after the one commit; if `fn` throws or the commit fails, none of them run. One commit for
   * many messages instead of one each (the WS send path batches the sends of an event-loop turn).
   */
  batch<T>(fn: () => T): T {
    if (this.deferred) return fn();
    const deferred: Effects[] = [];
    this.deferred = deferred;
    let result: T;
    try {
      result = this.inTransaction(fn) as T;
    } finally {
      this.deferred = undefined;
    }
    for (const fx of deferred) this.runEffects(fx);
    return result;
  }

  private runEffects(fx: Effects): void {
    this.flush(fx.pushes);
    for (const a of fx.after) {
      try {
        a();
      } catch (err) {
        this.log.error({ err }, 'after-commit effect failed');
      }
    }
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

/** Random per process, so that IDs from a counter restarting with the process never repeat. */
const msgIdSalt = randomHex(8);
let msgIdCounter = 0;

/**
 * A unique server message ID (32 hex, the shape of the reference's MD5 of time, sender and
 * randomness): a random per-process salt and a counter. Nothing derives meaning from it or needs it
 * unguessable; hashing every send was a visible share of the send path's CPU (bench/server-load).
 */
export function newServerMsgID(_sendID: string, _now: number): string {
  msgIdCounter = (msgIdCounter + 1) % Number.MAX_SAFE_INTEGER;
  return msgIdSalt + msgIdCounter.toString(16).padStart(16, '0');
}

/** Go's sort.Strings order: byte-wise comparison of UTF-8 (-1, 0 or 1). */
export function byteCompare(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Below the surrogates, UTF-16 code unit order is UTF-8 byte order; past them it is not
    // (U+E000..U+FFFF encode below a surrogate pair's 4 bytes), so compare the encodings.
    if (x < 0xd800 && y < 0xd800) return x < y ? -1 : 1;
    return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
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
