import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { SqliteDatabase } from '../../platform/sqlite/open-database.js';

/** A reset code lives 15 minutes and allows 5 wrong tries; a new one is mailed at most once a minute per email. */
export const RESET_CODE_TTL_MS = 15 * 60 * 1000;
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const RESET_CODE_RESEND_MS = 60 * 1000;
export const RESET_CODE_DIGITS = 8;

const digest = (code: string) => createHash('sha256').update(code).digest();

export type ResetCheck = 'valid' | 'wrong' | 'expired';

/**
 * Password-reset codes, one per email, kept as SHA-256 digests (a short-lived code with five tries needs no
 * slow hash) in identity.sqlite so a restart keeps them.
 */
export class PasswordResets {
  private readonly find;
  private readonly upsert;
  private readonly countAttempt;
  private readonly remove;

  constructor(db: SqliteDatabase) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS password_resets (
        email      TEXT PRIMARY KEY,
        code_hash  BLOB NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        attempts   INTEGER NOT NULL
      );
    `);
    this.find = db.prepare<[string], { code_hash: Buffer; created_at: number; expires_at: number; attempts: number }>(
      'SELECT code_hash, created_at, expires_at, attempts FROM password_resets WHERE email = ?',
    );
    this.upsert = db.prepare<[string, Buffer, number, number]>(
      'INSERT INTO password_resets (email, code_hash, created_at, expires_at, attempts) VALUES (?, ?, ?, ?, 0) ' +
        'ON CONFLICT (email) DO UPDATE SET code_hash = excluded.code_hash, created_at = excluded.created_at, expires_at = excluded.expires_at, attempts = 0',
    );
    this.countAttempt = db.prepare<[string]>('UPDATE password_resets SET attempts = attempts + 1 WHERE email = ?');
    this.remove = db.prepare<[string]>('DELETE FROM password_resets WHERE email = ?');
  }

  /** A fresh code for the email, or null when one was issued less than a minute ago (no mail flood). */
  issue(email: string, now: number): string | null {
    const existing = this.find.get(email);
    if (existing && now - existing.created_at < RESET_CODE_RESEND_MS && now < existing.expires_at) return null;
    const code = String(randomInt(0, 10 ** RESET_CODE_DIGITS)).padStart(RESET_CODE_DIGITS, '0');
    this.upsert.run(email, digest(code), now, now + RESET_CODE_TTL_MS);
    return code;
  }

  /** Checks a code; a wrong one uses up a try, and the fifth wrong try ends the code. */
  check(email: string, code: string, now: number): ResetCheck {
    const row = this.find.get(email);
    if (!row || now >= row.expires_at || row.attempts >= RESET_CODE_MAX_ATTEMPTS) return 'expired';
    if (timingSafeEqual(row.code_hash, digest(code))) return 'valid';
    this.countAttempt.run(email);
    return row.attempts + 1 >= RESET_CODE_MAX_ATTEMPTS ? 'expired' : 'wrong';
  }

  consume(email: string): void {
    this.remove.run(email);
  }
}
