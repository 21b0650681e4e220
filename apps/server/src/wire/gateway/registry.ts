import type { SubUserOnlineStatusTips } from '../contract';

/** What the registry needs of a connection. */
export interface Registered {
  readonly id: string;
  readonly userID: string;
  readonly platformID: number;
  online: boolean;
  closing: boolean;
  readonly subscriptions: Set<string>;
}

/**
 * Called when the platforms a user is online on changed, with the connections subscribed to that user
 * (2005) to tell.
 */
export type StatusChange<C> = (userID: string, platformIDs: number[], subscribers: ReadonlySet<C>) => void;

const NONE: ReadonlySet<never> = new Set();

/** At most this many users per connection's online-status subscriptions. */
export const MAX_SUBSCRIPTIONS = 10_000;

/**
 * The live connections by user and platform, who is online, and who subscribed to whose online status.
 * A connection counts as online from `add` until it starts closing (`setOffline`) and is forgotten on `remove`.
 */
export class ConnectionRegistry<C extends Registered> {
  /** userID -> connID -> connection */
  private readonly byUser = new Map<string, Map<string, C>>();
  /** subscribed userID -> subscriber connections (2005) */
  private readonly subscribers = new Map<string, Set<C>>();
  private count = 0;

  constructor(private readonly onStatusChange: StatusChange<C>) {}

  /** Connections registered and not yet removed. */
  get size(): number {
    return this.count;
  }

  add(conn: C): void {
    const before = this.platformsOf(conn.userID);
    let conns = this.byUser.get(conn.userID);
    if (!conns) {
      conns = new Map();
      this.byUser.set(conn.userID, conns);
    }
    conns.set(conn.id, conn);
    this.count++;
    conn.online = true;
    this.notifyStatus(conn.userID, before);
  }

  /** The connection no longer counts as online (it is closing); its status change is announced now. */
  setOffline(conn: C): void {
    if (!conn.online) return;
    const before = this.platformsOf(conn.userID);
    conn.online = false;
    this.notifyStatus(conn.userID, before);
  }

  /** Forgets a closed connection and its subscriptions. */
  remove(conn: C): void {
    const conns = this.byUser.get(conn.userID);
    if (!conns?.has(conn.id)) return;
    this.count--;
    conn.closing = true;
    this.setOffline(conn);
    conns.delete(conn.id);
    if (conns.size === 0) this.byUser.delete(conn.userID);
    this.unsubscribe(conn, [...conn.subscriptions]);
  }

  /** The user's connections (closing ones included). */
  connectionsOf(userID: string): Iterable<C> {
    return this.byUser.get(userID)?.values() ?? [];
  }

  *all(): Iterable<C> {
    for (const conns of this.byUser.values()) yield* conns.values();
  }

  /** The platforms the user is online on, ascending. */
  platformsOf(userID: string): number[] {
    const conns = this.byUser.get(userID);
    if (!conns) return [];
    const set = new Set<number>();
    for (const c of conns.values()) if (c.online) set.add(c.platformID);
    return [...set].sort((a, b) => a - b);
  }

  /** 2005: (un)subscribes the connection; the answer carries the current platforms of each newly subscribed user. */
  subscribe(conn: C, subscribe: readonly string[], unsubscribe: readonly string[]): SubUserOnlineStatusTips {
    this.unsubscribe(conn, unsubscribe);
    const tips: SubUserOnlineStatusTips = { subscribers: [] };
    for (const userID of new Set(subscribe)) {
      if (userID === '') continue;
      if (conn.subscriptions.size >= MAX_SUBSCRIPTIONS) break;
      conn.subscriptions.add(userID);
      let set = this.subscribers.get(userID);
      if (!set) {
        set = new Set();
        this.subscribers.set(userID, set);
      }
      set.add(conn);
      tips.subscribers.push({ userID, onlinePlatformIDs: this.platformsOf(userID) });
    }
    return tips;
  }

  private unsubscribe(conn: C, userIDs: Iterable<string>): void {
    for (const userID of userIDs) {
      conn.subscriptions.delete(userID);
      const set = this.subscribers.get(userID);
      set?.delete(conn);
      if (set?.size === 0) this.subscribers.delete(userID);
    }
  }

  private notifyStatus(userID: string, before: number[]): void {
    const after = this.platformsOf(userID);
    if (before.length === after.length && before.every((p, i) => p === after[i])) return;
    this.onStatusChange(userID, after, this.subscribers.get(userID) ?? NONE);
  }
}
