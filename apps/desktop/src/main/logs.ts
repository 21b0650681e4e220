import { MAX_LOG_LINES } from '../shared/ipc-contract';
import type { FileSystemLike } from './shell-ports';

/** electron-log rotates `main.log` to `main.old.log` at this size; two files bound the disk use. */
export const LOG_FILE_MAX_BYTES = 5 * 1024 * 1024;

/** The file electron-log moves a full log to (its default archiveLogFn naming). */
export function archivedLogPath(path: string): string {
  return path.replace(/(\.[^./\\]*)?$/, (ext) => `.old${ext || ''}`);
}

function lines(text: string | undefined): string[] {
  if (text === undefined || text === '') return [];
  const all = text.split(/\r?\n/);
  if (all.at(-1) === '') all.pop();
  return all;
}

/**
 * The last `count` lines of the log, reading into the rotated file when the current one is shorter.
 * Used by About's log upload (spec §5): the renderer never reads files itself.
 */
export function readLogTail(
  fs: FileSystemLike,
  logPath: string,
  count: number,
): { text: string; lines: number } {
  const wanted = Math.min(Math.max(Math.trunc(count), 0), MAX_LOG_LINES);
  let tail = lines(fs.readText(logPath)).slice(-wanted);
  if (tail.length < wanted) {
    const older = lines(fs.readText(archivedLogPath(logPath)));
    tail = [...older.slice(-(wanted - tail.length)), ...tail];
  }
  return { text: tail.length > 0 ? `${tail.join('\n')}\n` : '', lines: tail.length };
}

/**
 * One renderer message as one log line: line breaks would let page content forge lines that look like
 * the main process's own.
 */
export function rendererLogLine(message: string): string {
  return message.replace(/[\r\n\u2028\u2029]+/g, ' \u23ce ');
}
