import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database';

const caches = new WeakMap<Db, Map<string, Statement<unknown[]>>>();

/**
 * The statement for `sql`, prepared once per database. Preparing costs more than running the small
 * queries of the send path (profiled by the server benchmark). Only for fixed SQL texts, and never
 * switch a cached statement's mode (pluck, raw, expand): the mode would stick for every caller.
 *
 * A statement that sorts (ORDER BY, MIN/MAX) rows picked by `column = ?`, or has `LIMIT ?`/`OFFSET ?`, is
 * re-prepared by SQLite each time it is bound (its planner looked at those parameters' values), and
 * better-sqlite3 then builds its row constructor again: several times the cost of the query. Such a
 * parameter is written `(SELECT ?)`, a value the planner cannot look into (the plan and the rows stay the
 * same); a read that needs no order has none.
 */
export function prep<P extends unknown[] = unknown[], R = unknown>(db: Db, sql: string): Statement<P, R> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let s = cache.get(sql);
  if (!s) {
    s = db.prepare<unknown[]>(sql);
    cache.set(sql, s);
  }
  return s as unknown as Statement<P, R>;
}
