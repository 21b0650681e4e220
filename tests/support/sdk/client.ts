import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { getSDK } from '@openim/wasm-client-sdk';
import { EventRecorder } from './events';
import type { DataOf, RecordedEvent } from './events';

type Sdk = ReturnType<typeof getSDK>;
type AsyncMethodName = {
  [K in keyof Sdk]-?: Sdk[K] extends (...args: never[]) => Promise<unknown> ? K : never;
}[keyof Sdk];
/** SDK methods callable through the harness; login/logout are driven by the client itself. */
export type SdkMethodName = Exclude<AsyncMethodName, 'login' | '_invoker'>;
/**
 * The SDK's own method signatures. Arguments and results cross a thread boundary as plain data
 * (structured clone in, JSON out), so results are data-only copies of what the SDK returned.
 */
export type SdkApi = { [K in SdkMethodName]: Sdk[K] };

export interface SdkLoginOptions {
  userID: string;
  token: string;
  /** 5 = web, 3 = Windows, 7 = Linux, ... (OpenIM platform IDs). */
  platformID: number;
  /** `http://host:port/api` */
  apiAddr: string;
  /** `ws://host:port/ws` */
  wsAddr: string;
  /** Go SDK log level; 5 (debug) includes every HTTP request and response, handy for diagnosis. */
  logLevel?: number;
}

export interface SdkClientMetrics {
  /** Worker start until the SDK module is loaded (wasm not yet instantiated). */
  readyMs: number;
  /** login() call until it resolved (wasm instantiation + local DB setup). */
  loginMs?: number;
  /** login() call until OnSyncServerFinish. */
  syncedMs?: number;
}

/** An SDK call that rejected: the SDK's `{errCode, errMsg, event}` or a harness-level failure. */
export class SdkCallError extends Error {
  override readonly name = 'SdkCallError';
  constructor(
    readonly method: string,
    readonly errCode: number | undefined,
    readonly errMsg: string,
    readonly detail: unknown,
  ) {
    super(`${method} failed${errCode === undefined ? '' : ` with errCode ${errCode}`}: ${errMsg}`);
  }
}

type HostMessage =
  | { type: 'ready' }
  | { type: 'result'; id: number; ok: true; value: unknown }
  | { type: 'result'; id: number; ok: false; error: unknown }
  | { type: 'event'; name: string; payload: unknown }
  | { type: 'log'; line: string };

const require = createRequire(import.meta.url);
/** Package root of @openim/wasm-client-sdk in node_modules; its assets are read from there at run time. */
const sdkPackageDir = join(dirname(require.resolve('@openim/wasm-client-sdk')), '..');
const hostUrl = new URL('./host.mjs', import.meta.url);

let compiledWasm: Promise<WebAssembly.Module> | undefined;
/** openIM.wasm (36 MB) is compiled once per process and shared by every instance. */
function sdkWasmModule(): Promise<WebAssembly.Module> {
  compiledWasm ??= readFile(join(sdkPackageDir, 'assets', 'openIM.wasm')).then((bytes) =>
    WebAssembly.compile(bytes),
  );
  return compiledWasm;
}

const LOG_LIMIT = 4000;
/** The SDK's message when one of its calls into the JS database worker took more than 5 s. */
const LOCAL_DB_TIMEOUT = 'invoke javascript timeout';

let bootQueue: Promise<unknown> = Promise.resolve();
/** Runs `task` after every task queued before it has settled. */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = bootQueue.then(task, task);
  bootQueue = run.catch(() => undefined);
  return run;
}
// eslint-disable-next-line no-control-regex -- strips the ANSI colours of the Go logger
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * One independent instance of the real @openim/wasm-client-sdk, in its own worker_thread, logged in as
 * one user on one platform. Create it with `SdkClient.start`, end it with `close()`.
 */
export class SdkClient {
  readonly events: EventRecorder;
  readonly sdk: SdkApi;
  readonly metrics: SdkClientMetrics;
  private readonly logLines: string[] = [];
  private readonly pending = new Map<
    number,
    { method: string; resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >();
  private nextId = 1;
  private exited = false;
  private closing: Promise<void> | undefined;

  private constructor(
    readonly label: string,
    private loginOptions: SdkLoginOptions,
    private readonly worker: Worker,
    startedAt: number,
  ) {
    this.events = new EventRecorder(label, startedAt, () => this.diagnostics());
    this.metrics = { readyMs: 0 };
    const call = this.call.bind(this);
    // A Proxy turns `client.sdk.someMethod(...args)` into a call in the worker; the cast is the
    // point where the SDK's typings are attached to that untyped channel.
    this.sdk = new Proxy({} as SdkApi, {
      get: (_target, property) =>
        typeof property === 'string' ? (...args: unknown[]) => call(property, args) : undefined,
    });
    worker.on('message', (message: HostMessage) => this.onMessage(message));
    worker.on('error', (error: Error) => {
      this.log(`worker error: ${error.stack ?? error.message}`);
      this.failPending(`instance worker crashed: ${error.message}`);
    });
    worker.on('exit', (code) => {
      this.exited = true;
      this.failPending(`instance worker exited (code ${code})`);
    });
  }

  /**
   * Starts a worker with the SDK and logs in; resolves once login() resolved, or with `synced` once the
   * initial sync finished. Instances boot one at a time: booting is CPU-bound, and the SDK gives each
   * call into its local database only 5 s (wasm/exec/executor.go), which parallel boots on a small,
   * shared machine can exceed. A boot that still hits that local timeout is retried with a new worker.
   */
  static start(
    options: SdkLoginOptions,
    label = `${options.userID}@${options.platformID}`,
    { synced = false }: { synced?: boolean } = {},
  ): Promise<SdkClient> {
    return oneAtATime(async () => {
      for (let attempt = 1; ; attempt++) {
        const client = await SdkClient.boot(options, label);
        try {
          await client.login();
          if (synced) await client.synced();
          return client;
        } catch (error) {
          await client.close();
          const localTimeout = error instanceof Error && error.message.includes(LOCAL_DB_TIMEOUT);
          if (!localTimeout || attempt >= 3) throw error;
        }
      }
    });
  }

  private static async boot(options: SdkLoginOptions, label: string): Promise<SdkClient> {
    const startedAt = Date.now();
    const wasmModule = await sdkWasmModule();
    const worker = new Worker(hostUrl, { workerData: { sdkDir: sdkPackageDir, wasmModule } });
    const client = new SdkClient(label, options, worker, startedAt);
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: HostMessage): void => {
        if (message.type !== 'ready') return;
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        worker.off('error', onError);
        resolve();
      };
      let failure = '';
      const onError = (error: Error): void => void (failure = error.stack ?? error.message);
      const onExit = (code: number): void =>
        reject(new Error(`[${label}] SDK worker exited during start (code ${code}) ${failure}`));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
    });
    client.metrics.readyMs = Date.now() - startedAt;
    return client;
  }

  private async login(): Promise<void> {
    const t = Date.now();
    const { userID, token, platformID, apiAddr, wsAddr, logLevel = 5 } = this.loginOptions;
    await this.call('login', [
      { userID, token, platformID, apiAddr, wsAddr, logLevel, isLogStandardOutput: true },
    ]);
    this.metrics.loginMs = Date.now() - t;
    void this.events
      .waitFor('OnSyncServerFinish', () => true, 120_000)
      .then(
        () => (this.metrics.syncedMs = Date.now() - t),
        () => undefined,
      );
  }

  /**
   * Waits for the initial sync to finish. Fails early when the SDK reports the sync failed or that the
   * session ended (token rejected, kicked), with the SDK's recent log in the message.
   */
  async synced(timeoutMs = 30_000): Promise<void> {
    const terminal = ['OnSyncServerFailed', 'OnUserTokenExpired', 'OnUserTokenInvalid', 'OnKickedOffline'];
    const outcome = await Promise.race([
      this.events.waitFor('OnSyncServerFinish', () => true, timeoutMs).then(() => undefined),
      ...terminal.map((name) =>
        this.events
          .waitFor(name, () => true, timeoutMs + 1000)
          .then(
            () => name,
            () => undefined,
          ),
      ),
    ]);
    if (outcome)
      throw new Error(`[${this.label}] ${outcome} before the initial sync finished\n${this.diagnostics()}`);
  }

  /** The options of the current login. */
  get options(): Readonly<SdkLoginOptions> {
    return this.loginOptions;
  }

  /** Logs the SDK out but keeps the instance and its local database (see `loginAgain`). */
  async logout(): Promise<void> {
    await this.call('logout', []);
  }

  /**
   * Logs in again after `logout()` in the same instance, keeping its local database: a device coming
   * back after being offline, which syncs incrementally from its stored versions and seqs. Resolves once
   * that sync finished; take `events.mark()` before calling it to look at what it fired.
   */
  async loginAgain(token = this.loginOptions.token): Promise<void> {
    this.loginOptions = { ...this.loginOptions, token };
    const since = this.events.mark();
    await this.login();
    await this.events.waitFor('OnSyncServerFinish', () => true, 30_000, since);
  }

  /** Shorthand for `events.waitFor`. */
  waitFor<N extends string>(
    name: N,
    predicate?: (data: DataOf<N>, event: RecordedEvent<DataOf<N>>) => boolean,
    timeoutMs?: number,
    since?: number,
  ): Promise<RecordedEvent<DataOf<N>>> {
    return this.events.waitFor(name, predicate, timeoutMs, since);
  }

  /** Calls an SDK method and returns the `data` of its WsResponse; rejects with SdkCallError. */
  async data<K extends SdkMethodName>(
    method: K,
    ...args: Parameters<Sdk[K]>
  ): Promise<Awaited<ReturnType<Sdk[K]>> extends { data: infer D } ? D : unknown> {
    const response = (await this.call(method, args)) as { data?: unknown } | null;
    return response?.data as Awaited<ReturnType<Sdk[K]>> extends { data: infer D } ? D : unknown;
  }

  /** The SDK's log lines (Go logger and JS wrapper), oldest first, without colour codes. */
  logs(pattern?: RegExp): string[] {
    return pattern ? this.logLines.filter((l) => pattern.test(l)) : [...this.logLines];
  }

  /** Recent warnings and errors and the last lines of the SDK's log, for failure messages and findings. */
  diagnostics(lines = 20): string {
    const interesting = this.logLines
      .filter((l) => /\b(WARN|ERROR|error|panic|failed)\b/.test(l))
      .slice(-lines);
    const tail = this.logLines.slice(-8).map((l) => l.slice(0, 400));
    return (
      `[${this.label}] last SDK warnings/errors:\n  ${interesting.map((l) => l.slice(0, 600)).join('\n  ') || '(none)'}\n` +
      `[${this.label}] last SDK log lines:\n  ${tail.join('\n  ') || '(none)'}`
    );
  }

  /** Logs out (bounded wait), then terminates the worker, which frees the wasm memory and the DB worker. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.exited) {
        await Promise.race([
          this.call('logout', []).catch(() => undefined),
          new Promise((resolve) => setTimeout(resolve, 5000)),
        ]);
      }
      await this.worker.terminate();
      this.failPending('instance closed');
    })();
    return this.closing;
  }

  private call(method: string, args: readonly unknown[]): Promise<unknown> {
    if (this.exited) return Promise.reject(new SdkCallError(method, undefined, 'instance has exited', null));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { method, resolve, reject });
      try {
        this.worker.postMessage({ type: 'call', id, method, args: args.map(fileArgument) });
      } catch (error) {
        // Arguments that cannot be structured-cloned (functions, class instances with handles).
        this.pending.delete(id);
        reject(
          new SdkCallError(method, undefined, `arguments cannot cross to the SDK: ${String(error)}`, null),
        );
      }
    });
  }

  private onMessage(message: HostMessage): void {
    switch (message.type) {
      case 'result': {
        const entry = this.pending.get(message.id);
        if (!entry) return;
        this.pending.delete(message.id);
        if (message.ok) entry.resolve(message.value);
        else entry.reject(toCallError(entry.method, message.error));
        return;
      }
      case 'event':
        this.events.record(message.name, message.payload);
        return;
      case 'log':
        this.log(message.line);
        return;
      case 'ready':
        return;
    }
  }

  private log(line: string): void {
    for (const part of line.replace(ANSI, '').split('\n')) if (part.trim()) this.logLines.push(part);
    if (this.logLines.length > LOG_LIMIT) this.logLines.splice(0, this.logLines.length - LOG_LIMIT);
  }

  private failPending(reason: string): void {
    for (const [id, entry] of this.pending) {
      this.pending.delete(id);
      entry.reject(new SdkCallError(entry.method, undefined, reason, null));
    }
  }
}

/** Marker of a File argument; host.mjs turns it back into a File inside the worker. */
const FILE_MARKER = '__teamimSdkFile';

/**
 * Structured clone turns a File into a plain Blob (the name is lost), and the SDK's *ByFile methods
 * read `file.name`. Files, directly or as properties of an argument object, therefore cross as
 * `{[FILE_MARKER]: {blob, name, type, lastModified}}`.
 */
function fileArgument(arg: unknown): unknown {
  const wrap = (file: File) => ({
    [FILE_MARKER]: { blob: file, name: file.name, type: file.type, lastModified: file.lastModified },
  });
  if (arg instanceof File) return wrap(arg);
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return arg;
  if (!Object.values(arg).some((v) => v instanceof File)) return arg;
  return Object.fromEntries(Object.entries(arg).map(([k, v]) => [k, v instanceof File ? wrap(v) : v]));
}

function toCallError(method: string, error: unknown): SdkCallError {
  if (typeof error === 'object' && error !== null) {
    const e = error as Record<string, unknown>;
    const errCode = typeof e['errCode'] === 'number' ? e['errCode'] : undefined;
    const errMsg =
      typeof e['errMsg'] === 'string'
        ? e['errMsg']
        : typeof e['message'] === 'string'
          ? e['message']
          : JSON.stringify(e);
    return new SdkCallError(method, errCode, errMsg, error);
  }
  return new SdkCallError(method, undefined, String(error), error);
}
