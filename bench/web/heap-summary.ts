/**
 * Summarizes a sampling heap profile written by `bench:web --heap-profile DIR`: where the scroll's
 * allocations come from (collected ones included, so this is the churn the garbage collector has to
 * clear), by allocating function and by the nearest function of our packages on the stack.
 *
 *   npx tsx bench/web/heap-summary.ts DIR/long-history-scroll.heapprofile [--top 25]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { label, type CallFrame } from './source-labels';

interface HeapNode {
  callFrame: CallFrame;
  selfSize: number;
  children: HeapNode[];
}

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' } },
});
const file = positionals[0];
if (file === undefined) throw new Error('usage: heap-summary.ts FILE.heapprofile [--top N]');
const TOP = Number(args.top);
const { head } = JSON.parse(readFileSync(file, 'utf8')) as { head: HeapNode };

const ours = (key: string) => /packages\/|apps\/web/.test(key);
const self = new Map<string, number>();
const byOurs = new Map<string, number>();
let total = 0;
function walk(node: HeapNode, nearestOurs: string): void {
  const key = label(node.callFrame);
  const owner = ours(key) ? key : nearestOurs;
  if (node.selfSize > 0) {
    total += node.selfSize;
    self.set(key, (self.get(key) ?? 0) + node.selfSize);
    byOurs.set(owner, (byOurs.get(owner) ?? 0) + node.selfSize);
  }
  for (const child of node.children) walk(child, owner);
}
walk(head, '(no function of ours on the stack)');

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const top = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(
      ([key, bytes]) =>
        `${mb(bytes).padStart(8)} MiB ${((bytes / total) * 100).toFixed(1).padStart(5)}%  ${key}`,
    )
    .join('\n');
console.log(`${file}: ${mb(total)} MiB allocated (sampled)`);
console.log(`\nBy allocating function:\n${top(self)}`);
console.log(`\nBy the nearest function of our packages on the stack:\n${top(byOurs)}`);
