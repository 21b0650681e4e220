/**
 * Summarizes a heap snapshot written by `bench:web --heap-snapshot DIR`: what the page still holds, by
 * node type and by constructor (self sizes; a snapshot's own nodes excluded), with the largest strings.
 *
 *   npx tsx bench/web/heap-snapshot-summary.ts DIR/after-first-sync.heapsnapshot [--top 30]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '30' } },
});
const file = positionals[0];
if (file === undefined) throw new Error('usage: heap-snapshot-summary.ts FILE.heapsnapshot [--top N]');
const TOP = Number(args.top);
const { snapshot, nodes, strings } = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
const fields = snapshot.meta.node_fields;
const types = snapshot.meta.node_types[0];
const width = fields.length;
const at = (name: string) => fields.indexOf(name);
const [TYPE, NAME, SIZE] = [at('type'), at('name'), at('self_size')];

const byType = new Map<string, number>();
const byName = new Map<string, { bytes: number; count: number }>();
const bigStrings: { bytes: number; text: string }[] = [];
let total = 0;
for (let i = 0; i < nodes.length; i += width) {
  const type = types[nodes[i + TYPE] ?? 0] ?? '?';
  const name = strings[nodes[i + NAME] ?? 0] ?? '';
  const bytes = nodes[i + SIZE] ?? 0;
  if (type === 'synthetic') continue;
  total += bytes;
  byType.set(type, (byType.get(type) ?? 0) + bytes);
  // Strings and code are named by their content; group those by type, objects by constructor.
  const key =
    type === 'object' || type === 'closure' || type === 'native'
      ? `${type} ${name}`
      : type === 'hidden' || type === 'array'
        ? `${type} ${name.slice(0, 60)}`
        : type;
  const entry = byName.get(key) ?? { bytes: 0, count: 0 };
  entry.bytes += bytes;
  entry.count += 1;
  byName.set(key, entry);
  if ((type === 'string' || type === 'concatenated string') && bytes > 64 * 1024)
    bigStrings.push({ bytes, text: name.slice(0, 100).replace(/\s+/g, ' ') });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0).padStart(7)} KiB`;
console.log(`${file}: ${(total / 2 ** 20).toFixed(1)} MiB in nodes`);
console.log('\nBy node type:');
for (const [type, bytes] of [...byType].sort((a, b) => b[1] - a[1])) console.log(`${kb(bytes)}  ${type}`);
console.log(`\nBy constructor (top ${TOP}):`);
for (const [key, { bytes, count }] of [...byName].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, TOP))
  console.log(`${kb(bytes)}  ${String(count).padStart(7)}x  ${key}`);
console.log('\nStrings over 64 KiB:');
for (const { bytes, text } of bigStrings.sort((a, b) => b.bytes - a.bytes).slice(0, TOP))
  console.log(`${kb(bytes)}  ${text}`);
