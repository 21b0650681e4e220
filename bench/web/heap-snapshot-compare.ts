/**
 * Compares two heap snapshots of `bench:web --heap-snapshot DIR` (e.g. at the interactive list and after
 * the first sync): what grew, by node type and by constructor (self sizes, V8's own heap only: wasm
 * memory, compiled wasm and external strings are left out, as the benchmark's heap figure leaves them
 * out), and, with `--retainers TEXT`, who holds the nodes of the second snapshot of the group TEXT (or
 * objects whose constructor contains it): their shortest paths from the GC roots, grouped by the nearest named holders.
 *
 *   npx tsx bench/web/heap-snapshot-compare.ts DIR/at-interactive.heapsnapshot \
 *     DIR/after-first-sync.heapsnapshot [--top 30] [--retainers 'object Object'] [--depth 6]
 */
import { parseArgs } from 'node:util';
import { readSnapshot } from './heap-snapshot-file';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '30' },
    retainers: { type: 'string' },
    depth: { type: 'string', default: '6' },
  },
});
const [fileA, fileB] = positionals;
if (fileA === undefined || fileB === undefined)
  throw new Error('usage: heap-snapshot-compare.ts BEFORE.heapsnapshot AFTER.heapsnapshot [--top N]');
const TOP = Number(args.top);

/** The V8 heap's own node types; `native` nodes (DOM, wasm, external data) live outside it. */
const V8_TYPES = new Set([
  'hidden',
  'array',
  'string',
  'object',
  'code',
  'closure',
  'regexp',
  'number',
  'concatenated string',
  'sliced string',
  'symbol',
  'bigint',
  'object shape',
]);

/** `native` nodes that V8 names `system / …` but keeps outside its heap (backing stores, wasm code). */
const OUTSIDE_V8 = /JSArrayBufferData|CppGCManaged|ExternalStringData|WasmDispatchTable/;

function load(file: string) {
  const raw = readSnapshot(file);
  const { meta } = raw.snapshot;
  const width = meta.node_fields.length;
  const nf = (name: string) => meta.node_fields.indexOf(name);
  const [TYPE, NAME, SIZE, EDGES] = [nf('type'), nf('name'), nf('self_size'), nf('edge_count')];
  const count = raw.nodes.length / width;
  const type = (n: number) => meta.node_types[0][raw.nodes[n * width + TYPE] ?? 0] ?? '?';
  const name = (n: number) => raw.strings[raw.nodes[n * width + NAME] ?? 0] ?? '';
  const size = (n: number) => raw.nodes[n * width + SIZE] ?? 0;
  /** The group a node is counted in: objects by constructor, strings and code by type. */
  const key = (n: number): string => {
    const t = type(n);
    if (t === 'object' || t === 'closure' || t === 'native') return `${t} ${name(n).replace(/ @\d+$/, '')}`;
    if (t === 'hidden' || t === 'array') return `${t} ${name(n).slice(0, 60)}`;
    return t;
  };
  const inV8 = (n: number) =>
    V8_TYPES.has(type(n)) || (name(n).startsWith('system / ') && !OUTSIDE_V8.test(name(n)));
  const edgeWidth = meta.edge_fields.length;
  const ef = (field: string) => meta.edge_fields.indexOf(field);
  const [ETYPE, ENAME, ETO] = [ef('type'), ef('name_or_index'), ef('to_node')];
  const edgeTypes = meta.edge_types[0];
  const firstEdge = new Uint32Array(count + 1);
  for (let n = 0, e = 0; n < count; n++) {
    firstEdge[n] = e;
    e += (raw.nodes[n * width + EDGES] ?? 0) * edgeWidth;
  }
  firstEdge[count] = raw.edges.length;
  return {
    raw,
    count,
    type,
    name,
    size,
    key,
    inV8,
    firstEdge,
    edgeWidth,
    ETYPE,
    ENAME,
    ETO,
    edgeTypes,
    width,
  };
}
type Loaded = ReturnType<typeof load>;

function byKey(s: Loaded): Map<string, { bytes: number; count: number }> {
  const groups = new Map<string, { bytes: number; count: number }>();
  for (let n = 0; n < s.count; n++) {
    if (!s.inV8(n)) continue;
    const entry = groups.get(s.key(n)) ?? { bytes: 0, count: 0 };
    entry.bytes += s.size(n);
    entry.count += 1;
    groups.set(s.key(n), entry);
  }
  return groups;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0).padStart(7)} KiB`;
const a = load(fileA);
const b = load(fileB);
const ga = byKey(a);
const gb = byKey(b);
const total = (g: Map<string, { bytes: number }>) => [...g.values()].reduce((t, e) => t + e.bytes, 0);
console.log(`V8 heap in nodes: ${kb(total(ga))} → ${kb(total(gb))}`);
const keys = new Set([...ga.keys(), ...gb.keys()]);
const diff = [...keys].map((k) => {
  const before = ga.get(k) ?? { bytes: 0, count: 0 };
  const after = gb.get(k) ?? { bytes: 0, count: 0 };
  return { k, bytes: after.bytes - before.bytes, count: after.count - before.count, after: after.bytes };
});
console.log(`\nGrew most (top ${TOP}):`);
for (const d of diff.sort((x, y) => y.bytes - x.bytes).slice(0, TOP))
  console.log(`${kb(d.bytes)}  ${String(d.count).padStart(7)}x  (now ${kb(d.after).trim()})  ${d.k}`);
console.log(`\nShrank most:`);
for (const d of diff.sort((x, y) => x.bytes - y.bytes).slice(0, 10))
  console.log(`${kb(d.bytes)}  ${String(d.count).padStart(7)}x  ${d.k}`);

if (args.retainers !== undefined) retainers(b, args.retainers, Number(args.depth));

/** Shortest strong paths from the root (node 0), then the matching nodes grouped by their holders. */
function retainers(s: Loaded, text: string, depth: number): void {
  const parent = new Int32Array(s.count).fill(-1);
  const via = new Int32Array(s.count).fill(-1);
  const queue = new Uint32Array(s.count);
  let head = 0;
  let tail = 0;
  queue[tail++] = 0;
  parent[0] = 0;
  while (head < tail) {
    const n = queue[head++] ?? 0;
    for (let e = s.firstEdge[n] ?? 0; e < (s.firstEdge[n + 1] ?? 0); e += s.edgeWidth) {
      const edgeType = s.edgeTypes[s.raw.edges[e + s.ETYPE] ?? 0];
      if (edgeType === 'weak' || edgeType === 'shortcut') continue;
      const to = (s.raw.edges[e + s.ETO] ?? 0) / s.width;
      if (parent[to] !== -1) continue;
      parent[to] = n;
      via[to] = e;
      queue[tail++] = to;
    }
  }
  const edgeName = (e: number) => {
    const value = s.raw.edges[e + s.ENAME] ?? 0;
    const t = s.edgeTypes[s.raw.edges[e + s.ETYPE] ?? 0];
    // Indices are left out, so the elements of one array count as one holder.
    return t === 'element' || t === 'hidden' ? '[]' : (s.raw.strings[value] ?? '?');
  };
  const paths = new Map<string, { bytes: number; count: number }>();
  for (let n = 0; n < s.count; n++) {
    if (!s.inV8(n) || !(s.key(n) === text || (s.key(n) !== s.type(n) && s.name(n).includes(text)))) continue;
    const steps: string[] = [];
    for (let m = n, i = 0; m !== 0 && parent[m] !== -1 && i < depth;) {
      const p = parent[m] ?? 0;
      // A rope's parts say nothing of who holds the rope: skip to its holder.
      if (!s.type(p).endsWith('string')) {
        const holder = s.type(p) === 'object' || s.type(p) === 'closure' ? s.name(p) : s.type(p);
        steps.push(`${holder.replace(/ @\d+$/, '')}.${edgeName(via[m] ?? 0)}`);
        i++;
      }
      m = p;
    }
    const path = parent[n] === -1 ? '(unreachable)' : steps.join(' ← ');
    const entry = paths.get(path) ?? { bytes: 0, count: 0 };
    entry.bytes += s.size(n);
    entry.count += 1;
    paths.set(path, entry);
  }
  console.log(`\nWho holds "${text}" (top ${TOP} paths by self size):`);
  for (const [path, { bytes, count }] of [...paths].sort((x, y) => y[1].bytes - x[1].bytes).slice(0, TOP))
    console.log(`${kb(bytes)}  ${String(count).padStart(6)}x  ${path}`);
}
