/**
 * Scheduling priority of whole Chromium browsers, so that one participant's browser can have the machine
 * first while the others run on what is left, as if they were on machines of their own.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { childrenByParent } from './cpu';

function isBrowserProcess(pid: number): boolean {
  try {
    const comm = readFileSync(`/proc/${pid}/comm`, 'utf8');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /chrom/i.test(comm) && !cmdline.includes('--type=');
  } catch {
    return false;
  }
}

/** The main processes of the Chromium browsers this process has launched, oldest first. */
export const launchedBrowsers = (): number[] =>
  (childrenByParent().get(process.pid) ?? []).filter(isBrowserProcess).sort((a, b) => a - b);

const autogroups =
  existsSync('/proc/sys/kernel/sched_autogroup_enabled') &&
  readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1';

/** Each thread's own nice value as Chromium set it, before the first change here. */
const ownNice = new Map<number, number>();

function threadsUnder(rootPid: number): number[] {
  const children = childrenByParent();
  const threads: number[] = [];
  const visit = (pid: number): void => {
    try {
      threads.push(...readdirSync(`/proc/${pid}/task`).map(Number));
    } catch {
      return; // gone since the listing
    }
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(rootPid);
  return threads;
}

/**
 * Runs the browser whose main process is `rootPid` at the lowest priority (`low`) or at its own. Playwright
 * starts each browser in a session of its own, and where the kernel groups a session's processes
 * (autogroup) the CPU is shared between the groups first, whatever their threads' nice values: the
 * group's nice value is the one that counts then. Elsewhere each thread's (Linux keeps one per thread,
 * and Chromium sets some itself), put back as it was for `low = false`.
 */
export function lowerBrowser(rootPid: number, low: boolean): void {
  if (autogroups) {
    writeFileSync(`/proc/${rootPid}/autogroup`, low ? '19' : '0');
    return;
  }
  for (const tid of threadsUnder(rootPid)) {
    try {
      if (!ownNice.has(tid)) ownNice.set(tid, getPriority(tid));
      setPriority(tid, low ? 19 : (ownNice.get(tid) ?? 0));
    } catch {
      // a thread that ended since the listing
    }
  }
}
