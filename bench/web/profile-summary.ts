/**
 * Summarizes a V8 CPU profile written by `bench:web --cpu-profile DIR`: the functions with the most self
 * time and the most total (inclusive) time, with positions mapped back to the sources through the
 * build's source maps (apps/web/dist/assets/*.js.map), so minified names become file:line.
 *
 *   npx tsx bench/web/profile-summary.ts DIR/long-history-scroll.cpuprofile [--top 25] [--tasks 40]
 *
 * `--tasks MS` also lists each stretch of samples between idle ones that lasts MS or more (roughly the
 * main-thread tasks the longtask observer reports), with the functions that took most of it.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { label, type CallFrame } from './source-labels';

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, tasks: { type: 'string' } },
});
const file = positionals[0];
if (file === undefined) throw new Error('usage: profile-summary.ts FILE.cpuprofile [--top N]');
const TOP = Number(args.top);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const selfMs = new Map<number, number>();
profile.samples.forEach((id, i) => {
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
});
const totalMs = (profile.endTime - profile.startTime) / 1000;
const idle = [...selfMs].filter(([id]) =>
  /\((idle|program)\)/.test(byId.get(id)?.callFrame.functionName ?? ''),
);
const idleMs = idle.reduce((n, [, ms]) => n + ms, 0);

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const node = byId.get(id);
  if (node === undefined) continue;
  const own = label(node.callFrame);
  self.set(own, (self.get(own) ?? 0) + ms);
  // Count each function once per sample however deep it recurses.
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const frame = byId.get(at)?.callFrame;
    if (frame === undefined) continue;
    const key = label(frame);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
  }
}

const busy = totalMs - idleMs;

/** Which part of the page a function belongs to, for the self-time split by origin. */
function origin(key: string): string {
  if (/openIM\.wasm|wasm_exec|@openim\/|wasm-to-js|js-to-wasm|runtime\./.test(key))
    return 'OpenIM SDK (wasm)';
  if (/react-dom|scheduler\//.test(key)) return 'React';
  if (/@fluentui|@griffel|tabster|@floating-ui/.test(key)) return 'Fluent UI, Griffel, Tabster';
  if (/@tanstack\/virtual/.test(key)) return 'virtualizer (incl. forced layout on scroll reads)';
  if (/packages\/|apps\/web/.test(key)) return 'our packages';
  if (/garbage collector/.test(key)) return 'garbage collector';
  if (/^\((idle|program)\)/.test(key)) return 'idle';
  return 'other (DOM, layout, libraries)';
}
const byOrigin = new Map<string, number>();
for (const [key, ms] of self) byOrigin.set(origin(key), (byOrigin.get(origin(key)) ?? 0) + ms);
const row = ([key, ms]: [string, number]): string =>
  `${ms.toFixed(0).padStart(8)} ms ${((ms / busy) * 100).toFixed(1).padStart(5)}%  ${key}`;
const top = (m: Map<string, number>, filter: (k: string) => boolean = () => true): string[] =>
  [...m]
    .filter(([k]) => filter(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(row);

console.log(`${file}: ${totalMs.toFixed(0)} ms profiled, ${busy.toFixed(0)} ms busy (idle/program excluded)`);
console.log(`\nSelf time by origin (share of busy time):\n${top(byOrigin, (k) => k !== 'idle').join('\n')}`);
console.log(
  `\nSelf time (share of busy time):\n${top(self, (k) => !/^\((idle|program)\)/.test(k)).join('\n')}`,
);
console.log(
  `\nTotal time, our packages (share of busy time):\n${top(inclusive, (k) => /packages\/|apps\/web/.test(k)).join('\n')}`,
);
console.log(
  `\nTotal time, all (share of busy time):\n${top(inclusive, (k) => !/^\((root|idle|program)\)/.test(k)).join('\n')}`,
);

if (args.tasks !== undefined) {
  const atLeast = Number(args.tasks);
  const isIdle = (id: number): boolean => /^\(idle\)$/.test(byId.get(id)?.callFrame.functionName ?? '');
  let start = -1;
  let at = 0;
  const stretches: { atMs: number; ms: number; samples: number[] }[] = [];
  profile.samples.forEach((id, i) => {
    at += (profile.timeDeltas[i] ?? 0) / 1000;
    if (!isIdle(id) && start < 0) start = i;
    if ((isIdle(id) || i === profile.samples.length - 1) && start >= 0) {
      const samples = profile.samples.slice(start, i);
      const ms = profile.timeDeltas.slice(start + 1, i + 1).reduce((n, d) => n + d / 1000, 0);
      if (ms >= atLeast) stretches.push({ atMs: at - ms, ms, samples });
      start = -1;
    }
  });
  console.log(`\nStretches of ${atLeast} ms or more without an idle sample: ${stretches.length}`);
  for (const { atMs, ms, samples } of stretches) {
    const within = new Map<string, number>();
    for (const id of samples) {
      const seen = new Set<string>();
      for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
        const frame = byId.get(node)?.callFrame;
        if (frame === undefined) continue;
        const key = label(frame);
        if (seen.has(key) || /^\((root|program)\)/.test(key)) continue;
        seen.add(key);
        within.set(key, (within.get(key) ?? 0) + 1);
      }
    }
    const lines = [...within]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([key, n]) => `      ${String(Math.round((n / samples.length) * 100)).padStart(3)}%  ${key}`);
    console.log(
      `  at ${atMs.toFixed(0)} ms: ${ms.toFixed(0)} ms, ${samples.length} samples\n${lines.join('\n')}`,
    );
  }
}
