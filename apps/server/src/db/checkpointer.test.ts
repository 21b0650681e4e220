import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Checkpointer, startCheckpointer } from './checkpointer';
import { type Db, openDatabase } from './database';

const dirs: string[] = [];
const open: { db: Db; cp?: Checkpointer }[] = [];

function disk(): Db {
  const dir = mkdtempSync(join(tmpdir(), 'teamim-ckpt-'));
  dirs.push(dir);
  const db = openDatabase({ memory: false, dataDir: dir });
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB NOT NULL)');
  open.push({ db });
  return db;
}

function write(db: Db, rows: number): void {
  const ins = db.prepare('INSERT INTO t (v) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < rows; i++) ins.run(Buffer.alloc(2_000, i % 251));
  })();
}

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}

afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.cp?.stop();
    if (o.db.open) o.db.close();
  }
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('WAL checkpoints on a worker thread', () => {
  it('copies committed pages into the database file while the main connection never checkpoints', async () => {
    const db = disk();
    const cp = startCheckpointer(db, db.name, { intervalMs: 20 });
    (open[0] as { cp?: Checkpointer }).cp = cp;
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const before = statSync(db.name).size;
    write(db, 2_000); // ~4 MB: far beyond the default 1,000-page automatic checkpoint
    // The worker reports after it checkpointed: wait for both the file and the report.
    await until(() => statSync(db.name).size > before + 2_000_000 && cp.runs > 0 && cp.lastWalPages === 0);
    expect(cp.mainCheckpoints).toBe(false);
    // The data is all there for a fresh connection reading the file.
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 2_000 });
  });

  it('without it, a connection that does not checkpoint leaves the pages in the WAL', async () => {
    const db = disk();
    db.pragma('wal_autocheckpoint = 0');
    const before = statSync(db.name).size;
    write(db, 2_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(statSync(db.name).size).toBe(before);
  });

  it('lets the main connection checkpoint too while the WAL is beyond the limit, and stops once it is small', async () => {
    const db = disk();
    const cp = startCheckpointer(db, db.name, { intervalMs: 20, fallbackAbovePages: 100 });
    (open[0] as { cp?: Checkpointer }).cp = cp;
    write(db, 1_000); // ~500 WAL pages
    await until(() => cp.mainCheckpoints);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    // Fully copied: the next small write restarts the WAL, and the worker reports it small again.
    await until(() => cp.lastWalPages === 0);
    write(db, 1);
    await until(() => !cp.mainCheckpoints);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
  });

  it('gives checkpoints back to the main connection when the worker cannot start', async () => {
    const db = disk();
    const errors: string[] = [];
    const cp = startCheckpointer(
      db,
      db.name,
      { onError: (m) => errors.push(m) },
      '/nonexistent/better-sqlite3',
    );
    (open[0] as { cp?: Checkpointer }).cp = cp;
    await until(() => errors.length > 0);
    expect(cp.mainCheckpoints).toBe(true);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  });
});
