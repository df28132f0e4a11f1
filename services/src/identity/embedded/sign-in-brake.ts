import { createHash } from 'node:crypto';
import type { SqliteDatabase } from '../../platform/sqlite/open-database.js';

/** Failed sign-ins that cost nothing; after them each try waits (docs/security.md). */
export const FREE_FAILED_SIGN_INS = 5;
/** The longest wait between two tries: about 96 guesses a day for one email, however patient the attacker. */
export const MAX_SIGN_IN_DELAY_MS = 15 * 60 * 1000;
/** Failures older than this are forgotten. */
export const FAILURE_MEMORY_MS = 24 * 3600 * 1000;

/** The wait before the next try after `failures` failures: none for the first five, then 1 s, 2 s, 4 s, … up to 15 minutes. */
export function signInDelayMs(failures: number): number {
  if (failures < FREE_FAILED_SIGN_INS) return 0;
  return Math.min(MAX_SIGN_IN_DELAY_MS, 1000 * 2 ** (failures - FREE_FAILED_SIGN_INS));
}

/**
 * Slows password guessing without locking the owner out. Failures are counted per email whether or not
 * an account exists (so the brake does not reveal which emails are registered), and each try after the
 * fifth waits twice as long as the last, up to 15 minutes. The owner is never stuck behind an attacker:
 * a device that signed in to the account before has its own count (the attacker's failures do not slow it),
 * and a password reset clears the email's count. Kept in SQLite so a restart does not reset it.
 */
export class SignInBrake {
  private readonly failuresSince;
  private readonly insertFailure;
  private readonly deleteForKey;
  private readonly deleteBefore;

  constructor(db: SqliteDatabase) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS failed_sign_ins (email TEXT NOT NULL, at INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS failed_sign_ins_by_email ON failed_sign_ins (email, at);
      CREATE INDEX IF NOT EXISTS failed_sign_ins_by_time ON failed_sign_ins (at);
    `);
    this.failuresSince = db.prepare<[string, number], { n: number; last: number | null }>('SELECT count(*) AS n, max(at) AS last FROM failed_sign_ins WHERE email = ? AND at > ?');
    this.insertFailure = db.prepare<[string, number]>('INSERT INTO failed_sign_ins (email, at) VALUES (?, ?)');
    this.deleteForKey = db.prepare<[string]>('DELETE FROM failed_sign_ins WHERE email = ?');
    this.deleteBefore = db.prepare<[number]>('DELETE FROM failed_sign_ins WHERE at <= ?');
  }

  /** Milliseconds until this key (an email, or an email on a known device) may try again; 0: now. */
  retryAfterMs(key: string, now: number): number {
    const { n, last } = this.failuresSince.get(key, now - FAILURE_MEMORY_MS) ?? { n: 0, last: null };
    if (last === null) return 0;
    return Math.max(0, last + signInDelayMs(n) - now);
  }

  recordFailure(key: string, now: number): void {
    this.deleteBefore.run(now - FAILURE_MEMORY_MS);
    this.insertFailure.run(key, now);
  }

  recordSuccess(key: string): void {
    this.deleteForKey.run(key);
  }
}

/**
 * Browsers that signed in to an account before, by a random id the client keeps (stored here only as a
 * hash, per account). Such a device gets its own sign-in brake, so the owner's browser keeps working while
 * someone else guesses at the email.
 */
export class KnownDevices {
  private readonly findRow;
  private readonly upsert;
  private readonly deleteAll;

  constructor(db: SqliteDatabase) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS known_devices (
        uid TEXT NOT NULL, device_hash TEXT NOT NULL, last_seen_at INTEGER NOT NULL,
        PRIMARY KEY (uid, device_hash)
      );
    `);
    this.findRow = db.prepare<[string, string], { n: number }>('SELECT 1 AS n FROM known_devices WHERE uid = ? AND device_hash = ?');
    this.upsert = db.prepare<[string, string, number]>(
      'INSERT INTO known_devices (uid, device_hash, last_seen_at) VALUES (?, ?, ?) ON CONFLICT (uid, device_hash) DO UPDATE SET last_seen_at = excluded.last_seen_at',
    );
    this.deleteAll = db.prepare<[string]>('DELETE FROM known_devices WHERE uid = ?');
  }

  /** The brake's key for this attempt: the device's own when it is known to the account, else the email's. */
  brakeKey(email: string, uid: string | undefined, deviceId: string | undefined): string {
    if (uid === undefined || deviceId === undefined) return email;
    const device = hashDevice(deviceId);
    return this.findRow.get(uid, device) ? `${email}#${device}` : email;
  }

  isKnown(uid: string, deviceId: string): boolean {
    return this.findRow.get(uid, hashDevice(deviceId)) !== undefined;
  }

  remember(uid: string, deviceId: string | undefined, now: number): void {
    if (deviceId !== undefined) this.upsert.run(uid, hashDevice(deviceId), now);
  }

  forgetAll(uid: string): void {
    this.deleteAll.run(uid);
  }
}

const hashDevice = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex');
