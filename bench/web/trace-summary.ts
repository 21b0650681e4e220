/**
 * Summarizes a Chrome trace written by `bench:web --trace DIR`: each main-thread task of the page that
 * lasted `--over` ms or more (the longtask observer's 50 ms by default), when it started, and what took
 * its time: its direct parts by event name (scripts, style, layout, paint) and the garbage collection
 * in it. Run with a lower `--over` to see how close the ordinary tasks come to the limit.
 *
 *   npx tsx bench/web/trace-summary.ts DIR/long-history-scroll.trace.json [--over 50] [--top 6]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string } };
}

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { over: { type: 'string', default: '50' }, top: { type: 'string', default: '6' } },
});
const file = positionals[0];
if (file === undefined) {
  console.error('usage: trace-summary.ts FILE.trace.json [--over 50] [--top 6]');
  process.exit(2);
}
const overMs = Number(args.over);
const top = Number(args.top);
const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(raw) ? raw : raw.traceEvents;

/** A top-level task of the scheduler (its name differs between Chromium versions). */
const isTask = (name: string) => name === 'RunTask' || name === 'ThreadControllerImpl::RunTask';

// The page's main thread: the renderer thread that ran the most tasks (other renderers, such as an
// extension or a worker's, run few).
const mains = events.filter(
  (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
);
const taskCount = (pid: number, tid: number) =>
  events.filter((e) => e.pid === pid && e.tid === tid && isTask(e.name)).length;
const main = mains
  .map((m) => ({ pid: m.pid, tid: m.tid, tasks: taskCount(m.pid, m.tid) }))
  .sort((a, b) => b.tasks - a.tasks)[0];
if (main === undefined) throw new Error('no renderer main thread in the trace');

const onMain = events
  .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
  .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
const tasks = onMain.filter((e) => isTask(e.name));
const start = tasks[0]?.ts ?? 0;
const ms = (us: number) => Math.round(us / 100) / 10;

/**
 * What a task consisted of: the time of its direct children (events inside it and inside no other of
 * its events) by name, and the garbage collection anywhere in it (nested GC phases counted once).
 */
function breakdown(task: TraceEvent): { children: [string, number][]; gcUs: number } {
  const end = task.ts + (task.dur ?? 0);
  const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
  const totals = new Map<string, number>();
  let childEnd = -1;
  let gcEnd = -1;
  let gcUs = 0;
  for (const e of inside) {
    const eEnd = e.ts + (e.dur ?? 0);
    if (e.ts >= childEnd) {
      // An event dispatch says which event (scroll, message, pointermove ...).
      const name = e.args?.data?.type === undefined ? e.name : `${e.name}(${e.args.data.type})`;
      totals.set(name, (totals.get(name) ?? 0) + (e.dur ?? 0));
      childEnd = eEnd;
    }
    if (/GC/.test(e.name) && e.ts >= gcEnd) {
      gcUs += e.dur ?? 0;
      gcEnd = eEnd;
    }
  }
  return { children: [...totals].sort((a, b) => b[1] - a[1]), gcUs };
}

const long = tasks.filter((t) => (t.dur ?? 0) >= overMs * 1000);
const durations = tasks.map((t) => t.dur ?? 0).sort((a, b) => b - a);
console.log(
  `${tasks.length} tasks on the main thread over ${ms((tasks.at(-1)?.ts ?? start) - start)} ms; ` +
    `longest ${durations.slice(0, 5).map(ms).join(', ')} ms; ${long.length} of ${overMs} ms or more`,
);
for (const task of long) {
  const { children, gcUs } = breakdown(task);
  const parts = children
    .slice(0, top)
    .map(([name, us]) => `${name} ${ms(us)}`)
    .join(', ');
  console.log(`at ${ms(task.ts - start)} ms: ${ms(task.dur ?? 0)} ms (GC ${ms(gcUs)}) — ${parts}`);
}
