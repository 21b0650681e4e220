import type { VersionDiff } from './versions';

/**
 * The common body of every `get_incremental_*` answer: the version head, the `full` flag and the
 * changed elements, with inserts and updates rendered fresh by `load` (missing rows are skipped).
 */
export interface IncrementalAnswer<T> {
  version: number;
  versionID: string;
  full: boolean;
  delete: string[];
  insert: T[];
  update: T[];
  sortVersion: number;
}

export function incrementalAnswer<T>(d: VersionDiff, load: (ids: string[]) => T[]): IncrementalAnswer<T> {
  return {
    version: d.version,
    versionID: d.versionID,
    full: d.full,
    delete: d.delete,
    insert: d.full ? [] : load(d.insert),
    update: d.full ? [] : load(d.update),
    sortVersion: d.sortVersion,
  };
}
