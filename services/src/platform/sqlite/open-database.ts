import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

export type SqliteDatabase = Database.Database;

/**
 * Opens (creating if needed) a SQLite file in WAL mode with `synchronous = FULL`: every commit is
 * fsynced before it returns, so an acknowledged write survives a power cut. NORMAL would be faster but
 * can lose the last commits on power loss, which would break "nothing acknowledged is ever lost".
 */
export function openDatabase(file: string): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}
