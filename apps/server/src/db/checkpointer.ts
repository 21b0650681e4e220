/**
 * WAL checkpoints on a worker thread.
 *
 * SQLite's automatic checkpoint runs inside the commit that crosses 1,000 WAL pages, on the
 * connection that committed: here the event loop that also serves every WebSocket. Under a steady
 * message load that meant several checkpoints a second, each copying megabytes into the database
 * file and syncing it, and every frame waiting meanwhile (bench/server-load: 6,500 one-to-one
 * messages/s with them, 8,000-8,500 without). The main connection therefore turns automatic
 * checkpoints off and a worker thread with its own connection runs PASSIVE checkpoints, which never
 * block the writer.
 *
 * A WAL only starts over once a checkpoint has copied every frame before the next write begins,
 * which a busy writer never leaves time for from another thread. So past `fallbackAbovePages`
 * (16 MB by default) the main connection's automatic checkpoint comes back for a moment: the worker
 * has already copied the bulk, the main connection copies the frames written since and its next
 * write starts the WAL over. (A RESTART checkpoint from the worker would do it without the main
 * thread, but it makes a deferred transaction that read before writing fail with SQLITE_BUSY.) The
 * same fallback covers a worker that dies: the WAL stays bounded either way.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './database';

export interface CheckpointerOptions {
  /** Pause between checkpoints once the WAL is fully copied. */
  intervalMs?: number;
  /** WAL size (pages) at which the main connection checkpoints again itself. */
  fallbackAbovePages?: number;
  /** Reports a worker failure (the main connection has taken checkpoints back by then). */
  onError?: (message: string) => void;
}

export interface Checkpointer {
  /** Checkpoints the worker has completed (for tests and diagnostics). */
  readonly runs: number;
  /** WAL pages left after the worker's last checkpoint. */
  readonly lastWalPages: number;
  /** Whether the main connection currently checkpoints itself (the worker fell behind or failed). */
  readonly mainCheckpoints: boolean;
  stop(): Promise<void>;
}

/** What SQLite does by default; restored on the main connection when the worker cannot keep up. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

// Plain CommonJS evaluated in the worker: no loader or build step is needed for it, in tests
// or under tsx. The SQLite driver is passed as a resolved path.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
let timer;
let stopped = false;
function run() {
  if (stopped) return;
  try {
    const r = db.pragma('wal_checkpoint(PASSIVE)')[0];
    parentPort.postMessage({ type: 'checkpoint', log: r.log, checkpointed: r.checkpointed });
  } catch (err) {
    parentPort.postMessage({ type: 'error', message: String((err && err.message) || err) });
  }
  timer = setTimeout(run, workerData.intervalMs);
}
timer = setTimeout(run, workerData.intervalMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  stopped = true;
  clearTimeout(timer);
  db.close();
  parentPort.postMessage({ type: 'stopped' });
});
`;

type WorkerMessage =
  | { type: 'checkpoint'; log: number; checkpointed: number }
  | { type: 'error'; message: string }
  | { type: 'stopped' };

/**
 * Moves the WAL checkpoints of `db` (an open on-disk WAL database at `file`) to a worker thread.
 * `driver` is the module path of better-sqlite3 (defaults to the one this package resolves).
 */
export function startCheckpointer(
  db: Db,
  file: string,
  options: CheckpointerOptions = {},
  driver: string = createRequire(import.meta.url).resolve('better-sqlite3'),
): Checkpointer {
  const fallbackAbove = options.fallbackAbovePages ?? 4096;
  let runs = 0;
  let lastWalPages = 0;
  let mainCheckpoints = false;
  let failed = false;
  let stopped = false;

  const setMainCheckpoints = (on: boolean): void => {
    if (mainCheckpoints === on || !db.open) return;
    mainCheckpoints = on;
    db.pragma(`wal_autocheckpoint = ${on ? DEFAULT_AUTOCHECKPOINT_PAGES : 0}`);
  };
  const fail = (message: string): void => {
    if (failed || stopped) return;
    failed = true;
    setMainCheckpoints(true);
    options.onError?.(message);
  };

  db.pragma('wal_autocheckpoint = 0');
  // After a restart the WAL file is cut back to this size instead of keeping its largest size.
  db.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);

  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driver,
      file,
      intervalMs: options.intervalMs ?? 250,
    },
  });
  // A checkpointer must never keep the process alive by itself.
  worker.unref();
  const stoppedSignal = new Promise<void>((resolve) => {
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'checkpoint') {
        runs++;
        lastWalPages = m.log - m.checkpointed;
        if (failed) return;
        // Hysteresis: hand checkpoints back only once the worker has caught up again.
        if (m.log > fallbackAbove) setMainCheckpoints(true);
        else if (m.log < fallbackAbove / 5) setMainCheckpoints(false);
      } else if (m.type === 'error') {
        fail(m.message);
      } else {
        resolve();
      }
    });
    worker.on('error', (err: Error) => {
      fail(err.message);
      resolve();
    });
    worker.on('exit', () => {
      fail('checkpoint worker exited');
      resolve();
    });
  });

  return {
    get runs() {
      return runs;
    },
    get lastWalPages() {
      return lastWalPages;
    },
    get mainCheckpoints() {
      return mainCheckpoints;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      worker.postMessage('stop');
      await Promise.race([stoppedSignal, new Promise((r) => setTimeout(r, 2_000).unref())]);
      await worker.terminate();
    },
  };
}
