import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database';

const caches = new WeakMap<Db, Map<string, Statement<unknown[]>>>();

/**
 * The statement for `sql`, prepared once per database. Preparing costs more than running the small
 * queries of the send path (profiled by the server benchmark). Only for fixed SQL texts, and never
 * switch a cached statement's mode (pluck, raw, expand): the mode would stick for every caller.
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
