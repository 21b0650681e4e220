/**
 * A CPU profile of the benchmark's server process over one stretch (a cold sign-in up to the end of the
 * SDK's first sync), taken through Node's inspector: SIGUSR1 opens it on 127.0.0.1:9229, and the V8
 * profiler is driven over its WebSocket. The server is not restarted, so its seeding is not in the
 * profile. Summarize the file with `npx tsx bench/web/profile-summary.ts FILE`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const INSPECTOR = 'http://127.0.0.1:9229';

async function debuggerUrl(): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const targets = (await (await fetch(`${INSPECTOR}/json/list`)).json()) as {
        webSocketDebuggerUrl: string;
      }[];
      const url = targets[0]?.webSocketDebuggerUrl;
      if (url) return url;
    } catch {
      // The inspector is not listening yet.
    }
    if (Date.now() > deadline) throw new Error('the server did not open its inspector');
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

/** Starts the profiler in process `pid`; the returned function stops it and writes `dir/name.cpuprofile`. */
export async function startServerCpuProfile(
  pid: number,
  dir: string | undefined,
  name: string,
): Promise<() => Promise<void>> {
  if (dir === undefined) return async () => {};
  process.kill(pid, 'SIGUSR1');
  const socket = new WebSocket(await debuggerUrl());
  await new Promise((ok, fail) => {
    socket.addEventListener('open', ok, { once: true });
    socket.addEventListener('error', fail, { once: true });
  });
  let nextID = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const reply = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (reply.id !== undefined) pending.get(reply.id)?.(reply.result);
  });
  const send = (method: string, params: object = {}): Promise<unknown> =>
    new Promise((ok) => {
      nextID += 1;
      pending.set(nextID, ok);
      socket.send(JSON.stringify({ id: nextID, method, params }));
    });
  await send('Profiler.enable');
  // The interval the earlier server profiles used, so that sample counts compare.
  await send('Profiler.setSamplingInterval', { interval: 500 });
  await send('Profiler.start');
  return async () => {
    const { profile } = (await send('Profiler.stop')) as { profile: unknown };
    mkdirSync(dir, { recursive: true });
    writeFileSync(resolve(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    socket.close();
  };
}
