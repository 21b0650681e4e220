import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Exchange } from './scenario';

/** Where the answers of the real deployment are kept, one JSON file per exchange plus `index.json`. */
export const RECORDINGS_DIR = join(import.meta.dirname, 'recordings', 'openim-3.8');

/** What was recorded, against what, and when. */
export interface RecordingIndex {
  readonly server: string;
  readonly chat: string;
  /** YYYY-MM-DD */
  readonly recordedOn: string;
  /** The exchanges in the order the scenario made them. */
  readonly exchanges: readonly string[];
}

export function recordingIndex(dir = RECORDINGS_DIR): RecordingIndex {
  return JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as RecordingIndex;
}

export function recording(name: string, dir = RECORDINGS_DIR): Exchange {
  return JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as Exchange;
}
