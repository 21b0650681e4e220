import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { root } from './support';

/** A V8 call frame as CPU and heap profiles write it. */
export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

const maps = new Map<string, SourceMapConsumer | undefined>();
function consumer(url: string): SourceMapConsumer | undefined {
  if (!maps.has(url)) {
    const path = join(root, 'apps/web/dist/assets', `${basename(new URL(url).pathname)}.map`);
    maps.set(
      url,
      existsSync(path)
        ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8')) as RawSourceMap)
        : undefined,
    );
  }
  return maps.get(url);
}

/**
 * "name (package/file:line)" of a frame, from the build's source maps (apps/web/dist/assets/*.js.map)
 * when there is one, so minified names become file:line.
 */
export function label(frame: CallFrame): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url.startsWith('http')) return frame.url === '' ? name : `${name} ${frame.url}`;
  const map = consumer(frame.url);
  if (map === undefined) return `${name} ${basename(frame.url)}:${frame.lineNumber + 1}`;
  const at = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (at.source === null) return `${name} ${basename(frame.url)}:${frame.lineNumber + 1}`;
  const source = at.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '');
  return `${at.name ?? name} ${source}:${at.line}`;
}
