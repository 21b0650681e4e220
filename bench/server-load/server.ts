// The load benchmark's server under test: its process (started from source, stopped, measured from /proc)
// and the admin API calls that seed its users and groups.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadUser } from '../../apps/server/src/wire/testing/load';
import { spawnServer } from '../spawn-server';

// ---- server process ------------------------------------------------------------------------------

export interface Server {
  url: string;
  proc: ChildProcess;
  dataDir: string | undefined;
}

export interface ServerOptions {
  /** In memory instead of a SQLite file in a temporary folder. */
  readonly memory: boolean;
  /** Where the server writes a V8 CPU profile, if anywhere. */
  readonly cpuProfileDir: string | undefined;
}

export async function startServer(adminSecret: string, options: ServerOptions): Promise<Server> {
  const dataDir = options.memory ? undefined : mkdtempSync(join(tmpdir(), 'teamim-bench-'));
  const storage = dataDir ? ['--data-dir', dataDir] : ['--memory'];
  const { url, proc } = await spawnServer({
    nodeArgs: options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [],
    serverArgs: ['--log-level', 'warn', '--admin-secret', adminSecret, ...storage],
    timeoutMs: 60_000,
  });
  return { url, proc, dataDir };
}

export async function stopServer(s: Server): Promise<void> {
  if (s.proc.exitCode === null) {
    const exited = new Promise((r) => s.proc.once('exit', r));
    s.proc.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
  }
  if (s.dataDir) rmSync(s.dataDir, { recursive: true, force: true });
}

/** CPU seconds (user + system) and resident memory of the server process, from /proc. */
export function serverStats(pid: number): { cpuMs: number; rssMb: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 (1-based), in clock ticks of 10 ms.
    const cpuMs = (Number(fields[11]) + Number(fields[12])) * 10;
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return { cpuMs, rssMb: rss ? Number(rss[1]) / 1024 : 0 };
  } catch {
    return { cpuMs: 0, rssMb: 0 };
  }
}

// ---- admin API -----------------------------------------------------------------------------------

interface Envelope<T> {
  errCode: number;
  errMsg: string;
  data?: T;
}

export async function api<T>(base: string, path: string, body: unknown, token = ''): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', operationID: randomBytes(8).toString('hex'), token },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.errCode !== 0) throw new Error(`${path}: ${env.errCode} ${env.errMsg}`);
  return env.data as T;
}

export async function createUsers(base: string, admin: string, count: number): Promise<LoadUser[]> {
  const ids = Array.from({ length: count }, (_, i) => `bench${String(i).padStart(6, '0')}`);
  for (let i = 0; i < ids.length; i += 1000) {
    const users = ids.slice(i, i + 1000).map((userID) => ({ userID, nickname: userID, faceURL: '', ex: '' }));
    await api(base, '/user/user_register', { users }, admin);
  }
  const out: LoadUser[] = new Array<LoadUser>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < ids.length) {
        const i = next++;
        const userID = ids[i] as string;
        const { token } = await api<{ token: string }>(
          base,
          '/auth/get_user_token',
          { userID, platformID: 5 },
          admin,
        );
        out[i] = { userID, token, platformID: 5 };
      }
    }),
  );
  return out;
}

export async function createGroup(base: string, admin: string, members: readonly string[]): Promise<string> {
  const [owner, ...rest] = members;
  const data = await api<{ groupInfo: { groupID: string } }>(
    base,
    '/group/create_group',
    {
      ownerUserID: owner,
      memberUserIDs: rest,
      adminUserIDs: [],
      groupInfo: {
        groupID: '',
        groupName: `bench ${members.length}`,
        notification: '',
        introduction: '',
        faceURL: '',
        ex: '',
        groupType: 2,
        needVerification: 0,
        lookMemberInfo: 0,
        applyMemberFriend: 0,
      },
    },
    admin,
  );
  return data.groupInfo.groupID;
}
