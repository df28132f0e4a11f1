import type { SqliteDatabase } from '../../platform/sqlite/open-database.js';

export const MAX_FAILED_SIGN_INS = 10;
export const FAILED_SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Slows password guessing: after MAX_FAILED_SIGN_INS failures for one email within the window, sign-in
 * for that email is refused until the oldest failure leaves the window. Failures are counted per email
 * whether or not an account exists, so the brake does not reveal which emails are registered. They are
 * kept in SQLite so a restart does not reset the count.
 */
export class SignInBrake {
  private readonly countSince;
  private readonly nthOldestSince;
  private readonly insertFailure;
  private readonly deleteForEmail;
  private readonly deleteBefore;

  constructor(db: SqliteDatabase) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS failed_sign_ins (email TEXT NOT NULL, at INTEGER NOT NULL);
      CREATE INDEX IF NOT EXISTS failed_sign_ins_by_email ON failed_sign_ins (email, at);
      CREATE INDEX IF NOT EXISTS failed_sign_ins_by_time ON failed_sign_ins (at);
    `);
    this.countSince = db.prepare<[string, number], { n: number }>('SELECT count(*) AS n FROM failed_sign_ins WHERE email = ? AND at > ?');
    this.nthOldestSince = db.prepare<[string, number, number], { at: number }>(
      'SELECT at FROM failed_sign_ins WHERE email = ? AND at > ? ORDER BY at LIMIT 1 OFFSET ?',
    );
    this.insertFailure = db.prepare<[string, number]>('INSERT INTO failed_sign_ins (email, at) VALUES (?, ?)');
    this.deleteForEmail = db.prepare<[string]>('DELETE FROM failed_sign_ins WHERE email = ?');
    this.deleteBefore = db.prepare<[number]>('DELETE FROM failed_sign_ins WHERE at <= ?');
  }

  /** Milliseconds until the email may try again, or 0 when it may try now. */
  retryAfterMs(email: string, now: number): number {
    const windowStart = now - FAILED_SIGN_IN_WINDOW_MS;
    const failures = this.countSince.get(email, windowStart)?.n ?? 0;
    if (failures < MAX_FAILED_SIGN_INS) return 0;
    // Concurrent attempts can overshoot the limit; the wait lasts until enough failures have aged out.
    const unblockingFailure = this.nthOldestSince.get(email, windowStart, failures - MAX_FAILED_SIGN_INS)?.at ?? now;
    return unblockingFailure + FAILED_SIGN_IN_WINDOW_MS - now;
  }

  recordFailure(email: string, now: number): void {
    this.deleteBefore.run(now - FAILED_SIGN_IN_WINDOW_MS);
    this.insertFailure.run(email, now);
  }

  recordSuccess(email: string): void {
    this.deleteForEmail.run(email);
  }
}
