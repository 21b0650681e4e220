/** CPU time from /proc: a process's, a process tree's by Chromium process type, and the whole machine's. */
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10;

function stat(pid: number): { ppid: number; cpuMs: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
  } catch {
    return undefined;
  }
}

/** A process's parent, or undefined once it is gone. */
const parentOf = (pid: number): number | undefined => stat(pid)?.ppid;

/** Every live process by its parent. */
export function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const parent = parentOf(pid);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  return children;
}

/** CPU milliseconds (user + system) one process has used so far. */
export const processCpuMs = (pid: number): number => stat(pid)?.cpuMs ?? Number.NaN;

/** Chromium's `--type=` of a process (renderer, gpu-process, utility, zygote), or `browser` without one. */
function chromiumType(pid: number): string {
  try {
    // Chromium rewrites its command line as one string: its arguments are separated by spaces there.
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
    const type = args.find((a) => a.startsWith('--type='))?.slice('--type='.length);
    const service = args
      .find((a) => a.startsWith('--utility-sub-type='))
      ?.slice('--utility-sub-type='.length)
      .split('.')[0];
    return type === undefined ? 'browser' : type === 'utility' && service ? `utility:${service}` : type;
  } catch {
    return 'gone';
  }
}

/**
 * CPU milliseconds by Chromium process type, summed over every live descendant of `rootPid` whose command
 * is Chromium's (the benchmark's own children, the local server and the SFU, are left out by `exclude`).
 */
export function chromiumCpuByType(rootPid: number, exclude: readonly number[]): Record<string, number> {
  const children = childrenByParent();
  const byType: Record<string, number> = {};
  const walk = (pid: number): void => {
    for (const child of children.get(pid) ?? []) {
      if (exclude.includes(child)) continue;
      const type = chromiumType(child);
      const cpu = stat(child)?.cpuMs ?? 0;
      if (type !== 'gone' && isChromium(child)) byType[type] = (byType[type] ?? 0) + cpu;
      walk(child);
    }
  };
  walk(rootPid);
  return byType;
}

function isChromium(pid: number): boolean {
  try {
    return /chrom/i.test(readFileSync(`/proc/${pid}/comm`, 'utf8'));
  } catch {
    return false;
  }
}

/** The whole machine's busy and total CPU milliseconds so far (all cores), from /proc/stat. */
export function machineCpuMs(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
}

export const loadAverage = (): string =>
  readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
