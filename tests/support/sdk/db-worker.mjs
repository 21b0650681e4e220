// Entry of the SDK's database worker when the SDK runs in Node (see host.mjs). The SDK keeps its whole
// local store in a Web Worker (sql.js + absurd-sql on IndexedDB); this wrapper supplies the browser
// pieces Node lacks, then loads the SDK's own worker.js, whose path arrives as the worker's name.
import 'fake-indexeddb/auto';
import { readFile } from 'node:fs/promises';

const target = String(globalThis.name);
const assetsDir = new URL('../assets/', target);

// Without SharedArrayBuffer absurd-sql uses its single-thread fallback, which works on fake-indexeddb.
delete globalThis.SharedArrayBuffer;
globalThis.location = new URL(target);
if (!globalThis.navigator) globalThis.navigator = { userAgent: 'node', languages: ['en'] };

// The wasm assets are addressed through an unroutable http origin (emscripten refuses file: URLs for
// fetch) and read from node_modules here.
const ASSET_ORIGIN = 'http://openim-sdk-assets.invalid/';
const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (url.startsWith(ASSET_ORIGIN)) {
    const bytes = await readFile(new URL(url.slice(ASSET_ORIGIN.length), assetsDir));
    return new Response(bytes, { headers: { 'Content-Type': 'application/wasm' } });
  }
  return realFetch(input, init);
};

// The worker's chatter ("Opened!") would land on the test runner's stdout; warnings and errors stay,
// except a few the SDK produces in normal operation (it queries a conversation's message table before
// the first message created it, updates conversations it is about to insert, and looks for a resumable
// upload before each upload).
for (const level of ['log', 'info', 'debug']) console[level] = () => {};
const BENIGN = [
  /no such table: chat_logs_/,
  /updateColumnsConversation no record updated/,
  // Every upload first looks for a resumable one in the local DB.
  /no upload with partHash/,
];
for (const level of ['warn', 'error']) {
  const write = console[level].bind(console);
  console[level] = (...parts) => {
    const text = parts.map((p) => (p instanceof Error ? p.message : String(p))).join(' ');
    if (!BENIGN.some((pattern) => pattern.test(text))) write(...parts);
  };
}

// The SDK reads uploaded files in this worker with FileReader.readAsArrayBuffer (its wasmRead), which
// Node lacks; the files themselves arrive as Blobs (structured clone).
if (!globalThis.FileReader) {
  globalThis.FileReader = class FileReader {
    result = null;
    error = null;
    onload = null;
    onerror = null;
    readAsArrayBuffer(blob) {
      blob.arrayBuffer().then(
        (buffer) => {
          this.result = buffer;
          this.onload?.({ target: this });
        },
        (error) => {
          this.error = error;
          this.onerror?.({ target: this });
        },
      );
    }
  };
}

await import(target);
