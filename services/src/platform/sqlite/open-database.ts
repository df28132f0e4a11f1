import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

export type SqliteDatabase = Database.Database;

/**
 * How much a commit waits for the disk. `full` (the default) fsyncs every commit before it returns, so an
 * acknowledged write survives a power cut: the event store and identity need that. `normal` in WAL mode
 * never corrupts the file but a power cut can drop the last commits: fine for disposable read models,
 * which the projections rebuild from the event store past their (equally dropped) checkpoint.
 */
export type Durability = 'full' | 'normal';

/**
 * Opens (creating if needed) a SQLite file in WAL mode, readable by its owner only (0600: it may hold
 * emails and password hashes). SQLite gives its -wal and -shm files the database file's mode.
 */
export function openDatabase(file: string, durability: Durability = 'full'): SqliteDatabase {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
    for (const path of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(path)) chmodSync(path, 0o600);
  }
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${durability === 'full' ? 'FULL' : 'NORMAL'}`);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}
