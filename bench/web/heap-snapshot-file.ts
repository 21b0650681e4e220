import { readFileSync } from 'node:fs';

/** A V8 heap snapshot as Chromium writes it (`.heapsnapshot`): flat node and edge arrays described by `meta`. */
export interface RawSnapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export function readSnapshot(file: string): RawSnapshot {
  return JSON.parse(readFileSync(file, 'utf8')) as RawSnapshot;
}
