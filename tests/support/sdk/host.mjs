// Entry of one SDK instance: a worker_thread that runs the unmodified @openim/wasm-client-sdk with the
// browser pieces it needs. The SDK keeps module-level state and registers its Go functions on `window`,
// so each instance needs its own JS realm; one worker_thread per instance gives that.
//
// Messages from the parent: {type:'call', id, method, args}.
// Messages to the parent: {type:'ready'} | {type:'result', id, ok, value|error} |
//   {type:'event', name, payload} | {type:'log', line} | {type:'fatal', error}.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import WebWorker from 'web-worker';
import { WebSocket } from 'ws';

const { sdkDir, wasmModule } = workerData;
const post = (message) => parentPort.postMessage(message);
const safeJson = (value) => {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
};
/** Results and events cross the thread boundary as plain data; anything else becomes its JSON form. */
const plain = (value) => {
  if (value === undefined) return null;
  const text = safeJson(value);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

// Go's log lines (wasm_exec prints them with console.log) become the instance's log.
for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
  console[level] = (...parts) =>
    post({ type: 'log', line: parts.map((p) => (typeof p === 'string' ? p : safeJson(p))).join(' ') });
}
process.on('unhandledRejection', (reason) =>
  post({ type: 'log', line: `unhandledRejection ${safeJson(plain(reason))}` }),
);

globalThis.window = globalThis;
globalThis.WebSocket = WebSocket;

// The SDK starts `new Worker(new URL('worker.js', import.meta.url), {type:'module'})`; route it through
// db-worker.mjs, which adds IndexedDB and friends, and pass the real script as the worker name.
const dbWorkerUrl = new URL('./db-worker.mjs', import.meta.url);
class SdkDatabaseWorker extends WebWorker {
  constructor(url, options) {
    super(dbWorkerUrl, { ...options, type: 'module', name: String(url) });
  }
}
// The SDK feature-detects module workers through `'type' in Worker.prototype`.
SdkDatabaseWorker.prototype.type = 'module';
globalThis.Worker = SdkDatabaseWorker;

const ASSET_ORIGIN = 'http://openim-sdk-assets.invalid/';
const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (url.startsWith(ASSET_ORIGIN)) {
    const bytes = await readFile(`${sdkDir}/assets/${url.slice(ASSET_ORIGIN.length)}`);
    return new Response(bytes, { headers: { 'Content-Type': 'application/wasm' } });
  }
  return realFetch(input, init);
};

// The parent compiles openIM.wasm once per process and shares the module with every instance.
WebAssembly.instantiateStreaming = async (_response, imports) => ({
  module: wasmModule,
  instance: await WebAssembly.instantiate(wasmModule, imports),
});

await import(pathToFileURL(`${sdkDir}/assets/wasm_exec.js`).href);
// Go's net/http refuses to use fetch when process.argv0 starts with "node" (it expects Node to lack
// fetch). It reads that during package init, i.e. synchronously inside go.run, so show Go a process
// object with another argv0 only for that call.
const goRun = globalThis.Go.prototype.run;
globalThis.Go.prototype.run = function run(instance) {
  const realProcess = globalThis.process;
  globalThis.process = Object.create(realProcess, { argv0: { value: 'browser' } });
  try {
    return goRun.call(this, instance);
  } finally {
    globalThis.process = realProcess;
  }
};

const { getSDK } = await import(pathToFileURL(`${sdkDir}/lib/index.es.js`).href);
const sdk = getSDK({
  coreWasmPath: `${ASSET_ORIGIN}openIM.wasm`,
  sqlWasmPath: `${ASSET_ORIGIN}sql-wasm.wasm`,
  debug: false,
});

const emit = sdk.emit.bind(sdk);
sdk.emit = (name, payload) => {
  post({ type: 'event', name, payload: plain(payload) });
  return emit(name, payload);
};

// Files arrive wrapped (client.ts `fileArgument`): structured clone would drop their names.
const FILE_MARKER = '__teamimSdkFile';
const reviveFile = (value) => {
  const f = value?.[FILE_MARKER];
  return f ? new File([f.blob], f.name, { type: f.type, lastModified: f.lastModified }) : value;
};
const reviveFiles = (arg) => {
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return arg;
  if (arg[FILE_MARKER]) return reviveFile(arg);
  return Object.fromEntries(Object.entries(arg).map(([k, v]) => [k, reviveFile(v)]));
};

parentPort.on('message', (message) => {
  if (message?.type !== 'call') return;
  const { id, method, args } = message;
  void (async () => {
    try {
      const fn = sdk[method];
      if (typeof fn !== 'function' || method === 'on' || method === 'off' || method === 'emit') {
        throw new Error(`not an SDK method: ${method}`);
      }
      const value = await fn.apply(sdk, args.map(reviveFiles));
      post({ type: 'result', id, ok: true, value: plain(value) });
    } catch (error) {
      const detail = error instanceof Error ? { message: error.message, stack: error.stack } : plain(error);
      post({ type: 'result', id, ok: false, error: detail });
    }
  })();
});

post({ type: 'ready' });
