/**
 * The compiled code a heap snapshot of `bench:web --heap-snapshot DIR` holds, by script: each function's
 * `SharedFunctionInfo` with what hangs from it (bytecode, baseline and optimized machine code, feedback,
 * scope infos) and its closures, counted for the script the function comes from. Scripts without an
 * address are the ones the browser or the benchmark put in the page (Playwright's injected script among
 * them); "(no script)" is V8's and the browser's own functions.
 *
 *   npx tsx bench/web/heap-code-summary.ts DIR/ten-seconds-later.heapsnapshot [--top 30]
 */
import { parseArgs } from 'node:util';
import { readSnapshot } from './heap-snapshot-file';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' } },
});
const file = positionals[0];
if (file === undefined) throw new Error('usage: heap-code-summary.ts FILE.heapsnapshot [--top N]');

const raw = readSnapshot(file);
const { meta } = raw.snapshot;
const width = meta.node_fields.length;
const edgeWidth = meta.edge_fields.length;
const [TYPE, NAME, SIZE, EDGES] = ['type', 'name', 'self_size', 'edge_count'].map((f) =>
  meta.node_fields.indexOf(f),
) as [number, number, number, number];
const [ETYPE, ENAME, ETO] = ['type', 'name_or_index', 'to_node'].map((f) => meta.edge_fields.indexOf(f)) as [
  number,
  number,
  number,
];
const count = raw.nodes.length / width;
const type = (n: number) => meta.node_types[0][raw.nodes[n * width + TYPE] ?? 0] ?? '?';
const name = (n: number) => raw.strings[raw.nodes[n * width + NAME] ?? 0] ?? '';
const size = (n: number) => raw.nodes[n * width + SIZE] ?? 0;
const firstEdge = new Uint32Array(count + 1);
for (let n = 0, e = 0; n < count; n++) {
  firstEdge[n] = e;
  e += (raw.nodes[n * width + EDGES] ?? 0) * edgeWidth;
}
firstEdge[count] = raw.edges.length;

/** The node's edges: [edge type, edge name (empty for indices), target node]. */
function* edges(n: number): Generator<[string, string, number]> {
  for (let e = firstEdge[n] ?? 0; e < (firstEdge[n + 1] ?? 0); e += edgeWidth) {
    const edgeType = meta.edge_types[0][raw.edges[e + ETYPE] ?? 0] ?? '';
    const indexed = edgeType === 'element' || edgeType === 'hidden';
    const edgeName = indexed ? '' : (raw.strings[raw.edges[e + ENAME] ?? 0] ?? '');
    yield [edgeType, edgeName, (raw.edges[e + ETO] ?? 0) / width];
  }
}

const isSfi = (n: number) => type(n) === 'code' && name(n).startsWith('system / SharedFunctionInfo');
const isScript = (n: number) => name(n).startsWith('system / Script');
// The parts of a function are code (and the arrays, maps and hidden nodes of it); objects, closures,
// contexts and other functions have owners of their own.
const stopsAt = (n: number) =>
  isScript(n) || isSfi(n) || ['closure', 'object', 'native'].includes(type(n)) || !isPart(n);
const isPart = (n: number) => ['code', 'hidden', 'array', 'object shape'].includes(type(n));

const labels: string[] = [];
const labelIds = new Map<string, number>();
const label = new Int32Array(count).fill(-1);
const labelOf = (text: string) => {
  if (!labelIds.has(text)) labelIds.set(text, labels.push(text) - 1);
  return labelIds.get(text) ?? -1;
};
const queue: number[] = [];
for (let n = 0; n < count; n++) {
  if (!isSfi(n)) continue;
  let script = '(no script)';
  for (const [, edgeName, to] of edges(n))
    if (edgeName === 'script' && isScript(to))
      script =
        name(to)
          .slice('system / Script / '.length)
          .replace(/^https?:\/\/[^/]+/, '') || '(no address)';
  label[n] = labelOf(script);
  queue.push(n);
}
for (let n = 0; n < count; n++) {
  if (type(n) !== 'closure') continue;
  for (const [, edgeName, to] of edges(n))
    if (edgeName === 'shared' && (label[to] ?? -1) >= 0) {
      label[n] = label[to] ?? -1;
      queue.push(n);
    }
}
// Breadth first from every function at once: a part shared by two goes to the nearer.
for (let head = 0; head < queue.length; head++) {
  const n = queue[head] ?? 0;
  for (const [edgeType, , to] of edges(n)) {
    if (edgeType === 'weak' || (label[to] ?? -1) >= 0 || stopsAt(to)) continue;
    label[to] = label[n] ?? -1;
    queue.push(to);
  }
}

const byScript = new Map<string, number>();
let total = 0;
for (let n = 0; n < count; n++) {
  if (type(n) !== 'code' && type(n) !== 'closure') continue;
  const key = (label[n] ?? -1) >= 0 ? (labels[label[n] ?? 0] ?? '?') : '(not reached from a function)';
  byScript.set(key, (byScript.get(key) ?? 0) + size(n));
  total += size(n);
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0).padStart(7)} KiB`;
console.log(`${file}: code and closures ${kb(total).trim()}, by script (top ${args.top}):`);
for (const [script, bytes] of [...byScript].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top)))
  console.log(`${kb(bytes)}  ${script}`);
