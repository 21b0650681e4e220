import { randomBytes } from 'node:crypto';
import { prep } from './statements';
import type { Db } from '../db/database';

/**
 * Per-entity change logs behind OpenIM's incremental sync (openim-protocol.md section 5). One log per
 * (collection, dId); each element keeps only its latest state and the version that wrote it.
 */
export const Collection = {
  Friends: 'friends',
  Conversations: 'conversations',
  JoinGroups: 'join_groups',
  GroupMembers: 'group_members',
} as const;
export type CollectionName = (typeof Collection)[keyof typeof Collection];

export const EntryState = { Insert: 1, Update: 2, Delete: 3 } as const;
export type EntryStateValue = (typeof EntryState)[keyof typeof EntryState];

/** Element ID that marks "ordering changed" (friend pin, member role). */
export const SORT_ID = '____S_O_R_T_I_D____';
/**
 * Element ID that marks "a field was cleared": the SDK's web build writes a changed row without its empty
 * fields (its local-store structs omit them), so a cleared value only reaches a device's table through a
 * full sync, which rewrites the table.
 */
export const CLEARED_ID = '____C_L_E_A_R_E_D____';
/** Member-log element ID meaning "the group itself changed". */
export const GROUP_INFO_ID = '';
/** More changes than this since the client's version make the answer `full`. */
const MAX_INCREMENTAL_ENTRIES = 200;

export interface VersionHead {
  versionID: string;
  version: number;
}

export interface VersionDiff extends VersionHead {
  full: boolean;
  insert: string[];
  update: string[];
  delete: string[];
  sortVersion: number;
  /** True when the GROUP_INFO_ID entry is among the changes. */
  groupChanged: boolean;
}

const newVersionID = (): string => randomBytes(12).toString('hex');

/** The current head, creating the log at version 1 so that an empty log is "in sync" after one full sync. */
export function head(db: Db, collection: CollectionName, dId: string): VersionHead {
  const row = prep<[string, string], { version_id: string; version: number }>(
    db,
    'SELECT version_id, version FROM version_logs WHERE collection = ? AND d_id = ?',
  ).get(collection, dId);
  if (row) return { versionID: row.version_id, version: row.version };
  const created = { versionID: newVersionID(), version: 1 };
  prep(db, 'INSERT INTO version_logs (collection, d_id, version_id, version) VALUES (?, ?, ?, ?)').run(
    collection,
    dId,
    created.versionID,
    created.version,
  );
  return created;
}

/** Records changes of several elements as one new version; call inside the mutation's transaction. */
export function bump(
  db: Db,
  collection: CollectionName,
  dId: string,
  changes: readonly { eId: string; state: EntryStateValue }[],
): VersionHead {
  const h = head(db, collection, dId);
  const version = h.version + 1;
  prep(db, 'UPDATE version_logs SET version = ? WHERE collection = ? AND d_id = ?').run(
    version,
    collection,
    dId,
  );
  const upsert = prep(
    db,
    `INSERT INTO version_entries (collection, d_id, e_id, state, version) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (collection, d_id, e_id) DO UPDATE SET state = excluded.state, version = excluded.version`,
  );
  for (const c of changes) upsert.run(collection, dId, c.eId, c.state, version);
  return { versionID: h.versionID, version };
}

/** The answer to a `get_incremental_*` request. */
export function diff(
  db: Db,
  collection: CollectionName,
  dId: string,
  clientVersionID: string,
  clientVersion: number,
): VersionDiff {
  const h = head(db, collection, dId);
  const base: VersionDiff = {
    ...h,
    full: false,
    insert: [],
    update: [],
    delete: [],
    sortVersion: 0,
    groupChanged: false,
  };
  if (clientVersionID !== h.versionID || clientVersion <= 0 || clientVersion > h.version) {
    return { ...base, full: true };
  }
  if (clientVersion === h.version) return base;
  const rows = prep<[string, string, number, number], { e_id: string; state: number; version: number }>(
    db,
    `SELECT e_id, state, version FROM version_entries WHERE collection = (SELECT ?) AND d_id = (SELECT ?) AND version > ?
       ORDER BY version, rowid LIMIT (SELECT ?)`,
  ).all(collection, dId, clientVersion, MAX_INCREMENTAL_ENTRIES + 1);
  if (rows.length > MAX_INCREMENTAL_ENTRIES) return { ...base, full: true };
  if (rows.some((r) => r.e_id === CLEARED_ID)) return { ...base, full: true };
  for (const r of rows) {
    if (r.e_id === SORT_ID) base.sortVersion = r.version;
    else if (r.e_id === GROUP_INFO_ID) base.groupChanged = true;
    else if (r.state === EntryState.Insert) base.insert.push(r.e_id);
    else if (r.state === EntryState.Update) base.update.push(r.e_id);
    else base.delete.push(r.e_id);
  }
  return base;
}

/** The version that last changed one element of a log, 0 when it never changed. */
export function entryVersion(db: Db, collection: CollectionName, dId: string, eId: string): number {
  return (
    prep<[string, string, string], { version: number }>(
      db,
      'SELECT version FROM version_entries WHERE collection = ? AND d_id = ? AND e_id = ?',
    ).get(collection, dId, eId)?.version ?? 0
  );
}
