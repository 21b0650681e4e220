// The benchmarks start `apps/server` from source the same way: a child process on a free loopback port,
// ready once it prints the address it listens on.
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts the server with `serverArgs` after the host and port (and `nodeArgs` for Node itself, such as a
 * profiler); resolves with its address, or fails if it exits or says nothing within `timeoutMs`.
 */
export async function spawnServer(options: {
  readonly serverArgs: readonly string[];
  readonly nodeArgs?: readonly string[];
  readonly timeoutMs: number;
}): Promise<{ url: string; proc: ChildProcess }> {
  const proc = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      '--import',
      'tsx',
      'apps/server/src/main.ts',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      ...options.serverArgs,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`server did not start: ${out}`)), options.timeoutMs);
    proc.once('exit', (code) => fail(new Error(`server exited with ${code}: ${out}`)));
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/[^/\s]+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        ok(m[1]);
      }
    });
  });
  return { url, proc };
}
