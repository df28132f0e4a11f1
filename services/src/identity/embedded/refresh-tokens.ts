import { createHash, randomBytes } from 'node:crypto';
import type { SqliteDatabase } from '../../platform/sqlite/open-database.js';
import { newId } from './ids.js';

export type Exchange = { outcome: 'rotated'; uid: string; next: string } | { outcome: 'reused' } | { outcome: 'rejected' };

interface TokenRow {
  uid: string;
  family_id: string;
  expires_at: number;
  rotated_at: number | null;
  revoked_at: number | null;
}

/**
 * Refresh tokens, stored only as SHA-256 hashes so a copy of the database cannot be replayed. Each one is
 * single-use: exchanging it yields its successor in the same family. A token presented a second time means
 * two parties hold it (one of them a thief), so the whole family is revoked and both must sign in again.
 */
export class RefreshTokens {
  private readonly insert;
  private readonly byHash;
  private readonly markRotated;
  private readonly revokeFamily;
  private readonly revokeForUid;
  private readonly deleteExpired;
  private readonly familyByHash;
  private readonly revokedInFamily;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly ttlMs: number,
  ) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS refresh_tokens (
        token_hash TEXT PRIMARY KEY,
        uid        TEXT NOT NULL REFERENCES accounts (uid),
        family_id  TEXT NOT NULL,
        issued_at  INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        rotated_at INTEGER,
        revoked_at INTEGER
      );
      CREATE INDEX IF NOT EXISTS refresh_tokens_by_family ON refresh_tokens (family_id);
      CREATE INDEX IF NOT EXISTS refresh_tokens_by_uid ON refresh_tokens (uid);
      CREATE INDEX IF NOT EXISTS refresh_tokens_by_expiry ON refresh_tokens (expires_at);
    `);
    this.insert = db.prepare<[string, string, string, number, number]>(
      'INSERT INTO refresh_tokens (token_hash, uid, family_id, issued_at, expires_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.byHash = db.prepare<[string], TokenRow>('SELECT uid, family_id, expires_at, rotated_at, revoked_at FROM refresh_tokens WHERE token_hash = ?');
    this.markRotated = db.prepare<[number, string]>('UPDATE refresh_tokens SET rotated_at = ? WHERE token_hash = ?');
    this.revokeFamily = db.prepare<[number, string]>('UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL');
    this.revokeForUid = db.prepare<[number, string]>('UPDATE refresh_tokens SET revoked_at = ? WHERE uid = ? AND revoked_at IS NULL');
    this.deleteExpired = db.prepare<[number]>('DELETE FROM refresh_tokens WHERE expires_at <= ?');
    this.familyByHash = db.prepare<[string], { family_id: string }>('SELECT family_id FROM refresh_tokens WHERE token_hash = ?');
    this.revokedInFamily = db.prepare<[string], { n: number }>('SELECT 1 AS n FROM refresh_tokens WHERE family_id = ? AND revoked_at IS NOT NULL LIMIT 1');
  }

  /** Starts a new family unless one is given. Returns the token itself; only its hash is kept. */
  issue(uid: string, now: number, familyId: string = newId()): string {
    this.deleteExpired.run(now);
    const token = randomBytes(32).toString('base64url');
    this.insert.run(hash(token), uid, familyId, now, now + this.ttlMs);
    return token;
  }

  exchange(token: string, now: number): Exchange {
    return this.db.transaction((): Exchange => {
      const tokenHash = hash(token);
      const row = this.byHash.get(tokenHash);
      if (!row || row.revoked_at !== null || row.expires_at <= now) return { outcome: 'rejected' };
      if (row.rotated_at !== null) {
        this.revokeFamily.run(now, row.family_id);
        return { outcome: 'reused' };
      }
      this.markRotated.run(now, tokenHash);
      return { outcome: 'rotated', uid: row.uid, next: this.issue(row.uid, now, row.family_id) };
    })();
  }

  /** Ends the session the token belongs to; an unknown token is ignored, signing out twice is fine. */
  revokeSessionOf(token: string, now: number): void {
    const row = this.byHash.get(hash(token));
    if (row) this.revokeFamily.run(now, row.family_id);
  }

  /** The player and session (family) a refresh token belongs to; null for an unknown token. */
  sessionOf(token: string): { uid: string; familyId: string } | null {
    const row = this.byHash.get(hash(token));
    return row ? { uid: row.uid, familyId: row.family_id } : null;
  }

  /** The session (family) a token belongs to: id tokens carry it as `sid`, so ending the session ends them too. */
  familyOf(token: string): string | null {
    return this.familyByHash.get(hash(token))?.family_id ?? null;
  }

  /**
   * Whether the session was ended (signed out, a reused token, a new password, a deleted account). A family
   * whose rows all expired is not "revoked": its id tokens expired long before (refresh tokens outlive them).
   */
  isRevoked(familyId: string): boolean {
    return this.revokedInFamily.get(familyId) !== undefined;
  }

  revokeAllFor(uid: string, now: number): void {
    this.revokeForUid.run(now, uid);
  }
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
