import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

export interface Migration {
  version: number;
  /** Short human description, stored for diagnostics. */
  name?: string;
  up(db: Db): void;
}

export interface MigrationModule {
  module: string;
  migrations: readonly Migration[];
}

export interface OpenDatabaseOptions {
  memory: boolean;
  dataDir: string;
  fileName?: string;
}

/** Opens the SQLite database: in memory for tests, else `<dataDir>/teamim.sqlite` in WAL mode. */
export function openDatabase(options: OpenDatabaseOptions): Db {
  let db: Db;
  if (options.memory) {
    db = new Database(':memory:');
  } else {
    mkdirSync(options.dataDir, { recursive: true });
    db = new Database(join(options.dataDir, options.fileName ?? 'teamim.sqlite'));
    db.pragma('journal_mode = WAL');
    // WAL + NORMAL is durable across process crashes; only an OS crash can lose the last commits.
    db.pragma('synchronous = NORMAL');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * Runs every module's pending migrations in version order. Each migration runs in its own
 * transaction together with its bookkeeping row, so a failing migration leaves no trace.
 */
export function runMigrations(db: Db, modules: readonly MigrationModule[]): { applied: string[] } {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    module TEXT NOT NULL,
    version INTEGER NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    applied_at INTEGER NOT NULL,
    PRIMARY KEY (module, version)
  )`);
  const applied: string[] = [];
  const isApplied = db.prepare<[string, number], { version: number }>(
    'SELECT version FROM schema_migrations WHERE module = ? AND version = ?',
  );
  const record = db.prepare(
    'INSERT INTO schema_migrations (module, version, name, applied_at) VALUES (?, ?, ?, ?)',
  );
  for (const mod of modules) {
    const sorted = [...mod.migrations].sort((a, b) => a.version - b.version);
    const versions = new Set<number>();
    for (const m of sorted) {
      if (!Number.isInteger(m.version) || m.version <= 0 || versions.has(m.version)) {
        throw new Error(`invalid or duplicate migration version ${m.version} in module ${mod.module}`);
      }
      versions.add(m.version);
    }
    for (const m of sorted) {
      if (isApplied.get(mod.module, m.version)) continue;
      db.transaction(() => {
        m.up(db);
        record.run(mod.module, m.version, m.name ?? '', Date.now());
      })();
      applied.push(`${mod.module}@${m.version}`);
    }
  }
  return { applied };
}
