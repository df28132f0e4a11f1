import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { argon2id, hash, needsRehash, verify } from 'argon2';
import { type JSONWebKeySet, SignJWT } from 'jose';
import {
  type AuthSession,
  type ChangePasswordRequest,
  MIN_PASSWORD_LENGTH,
  type PasswordResetConfirm,
  type PasswordResetRequest,
  type SessionUser,
  type SignInRequest,
  type SignUpRequest,
} from '@globetrail/contracts';
import { openDatabase, type SqliteDatabase } from '../../platform/sqlite/open-database.js';
import type { EndedSessions, IdentityAccounts, Principal } from '../identity.port.js';
import {
  emailTaken,
  expiredResetCode,
  invalidCredentials,
  noPasswordAccount,
  refreshRejected,
  refreshReused,
  tooManyAttempts,
  weakPassword,
  wrongCurrentPassword,
  wrongResetCode,
} from './identity-error.js';
import { englishResetMail, type ResetMailWriter } from '../mail/reset-mail.js';
import type { Mailer } from '../mail/mailer.port.js';
import { PasswordResets, RESET_CODE_TTL_MS } from './password-resets.js';
import { newId } from './ids.js';
import { RefreshTokens } from './refresh-tokens.js';
import { KnownDevices, SignInBrake } from './sign-in-brake.js';
import { checkNewPassword } from './password-policy.js';
import { loadOrCreateSigningKey, SIGNING_ALGORITHM, type SigningKey } from './signing-key.js';

export const GLOBETRAIL_AUDIENCE = 'globetrail';
export const DEFAULT_EMBEDDED_ISSUER = 'globetrail-embedded';
export const ANONYMOUS_NAME = 'Anonymous';

/** OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): about 40 ms per hash on this project's machines. */
export const DEFAULT_PASSWORD_HASHING = { type: argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;
const FAST_INSECURE_HASHING = { type: argon2id, memoryCost: 1024, timeCost: 2, parallelism: 1 } as const;

const DEFAULT_TOKEN_TTL_SECONDS = 3600;
const DEFAULT_REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

export interface EmbeddedIdentityOptions {
  /** Holds `identity.sqlite` and `identity-key.json`. */
  dataDir: string;
  issuer?: string;
  tokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
  /** Tests only: hashes passwords with 1 MiB instead of 19 MiB so suites stay fast. */
  insecureFastPasswordHashing?: boolean;
  /** Milliseconds since the epoch; injectable so expiry and the sign-in brake can be tested without waiting. */
  clock?: () => number;
  /** Where password-reset codes are mailed; without one, a reset request is accepted and nothing is sent. */
  mailer?: Mailer;
  /** Words the reset email in the player's language. */
  resetMail?: ResetMailWriter;
  /** The brand named in emails. */
  brandName?: string;
}

interface AccountRow {
  uid: string;
  email: string | null;
  password_hash: string | null;
  name: string;
  is_anonymous: 0 | 1;
}

/**
 * The built-in identity provider for embedded mode: accounts, passwords, sessions and the tokens the
 * game verifies. The game itself never sees a password; it only trusts the signed idTokens, exactly as
 * it would trust an external OIDC issuer.
 */
export class EmbeddedIdentity implements IdentityAccounts {
  readonly issuer: string;
  readonly audience = GLOBETRAIL_AUDIENCE;
  readonly tokenTtlSeconds: number;
  private readonly clock: () => number;
  private readonly hashing;
  private readonly tokens: RefreshTokens;
  private readonly brake: SignInBrake;
  private readonly devices: KnownDevices;
  private readonly resets: PasswordResets;
  private readonly mailer: Mailer | null;
  private readonly resetMail: ResetMailWriter;
  private readonly brandName: string;
  private readonly statements;
  private readonly endedListeners = new Set<(ended: EndedSessions) => void>();

  static async open(options: EmbeddedIdentityOptions): Promise<EmbeddedIdentity> {
    const hashing = options.insecureFastPasswordHashing ? FAST_INSECURE_HASHING : DEFAULT_PASSWORD_HASHING;
    // Unknown emails are checked against this hash so they take as long to refuse as wrong passwords.
    const dummyHash = await hash(randomBytes(16).toString('hex'), hashing);
    const key = await loadOrCreateSigningKey(options.dataDir);
    const db = openDatabase(join(options.dataDir, 'identity.sqlite'));
    try {
      return new EmbeddedIdentity(db, key, dummyHash, hashing, options);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  private constructor(
    private readonly db: SqliteDatabase,
    private readonly key: SigningKey,
    private readonly dummyHash: string,
    hashing: typeof DEFAULT_PASSWORD_HASHING | typeof FAST_INSECURE_HASHING,
    options: EmbeddedIdentityOptions,
  ) {
    this.issuer = options.issuer ?? DEFAULT_EMBEDDED_ISSUER;
    this.tokenTtlSeconds = positiveInteger('tokenTtlSeconds', options.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS);
    const refreshTtlSeconds = positiveInteger('refreshTokenTtlSeconds', options.refreshTokenTtlSeconds ?? DEFAULT_REFRESH_TOKEN_TTL_SECONDS);
    this.clock = options.clock ?? Date.now;
    this.hashing = hashing;
    // Emails are stored lower-cased; NOCASE also keeps the unique index case-insensitive for any row that is not.
    db.exec(`
      CREATE TABLE IF NOT EXISTS accounts (
        uid           TEXT PRIMARY KEY,
        email         TEXT UNIQUE COLLATE NOCASE,
        password_hash TEXT,
        name          TEXT NOT NULL,
        is_anonymous  INTEGER NOT NULL,
        created_at    INTEGER NOT NULL,
        deleted_at    INTEGER
      );
    `);
    this.tokens = new RefreshTokens(db, refreshTtlSeconds * 1000);
    this.brake = new SignInBrake(db);
    this.devices = new KnownDevices(db);
    this.resets = new PasswordResets(db);
    this.mailer = options.mailer ?? null;
    this.resetMail = options.resetMail ?? englishResetMail;
    this.brandName = options.brandName ?? 'GlobeTrail';
    const columns = 'uid, email, password_hash, name, is_anonymous';
    this.statements = {
      insert: db.prepare<[string, string | null, string | null, string, 0 | 1, number]>(
        'INSERT INTO accounts (uid, email, password_hash, name, is_anonymous, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      liveByUid: db.prepare<[string], AccountRow>(`SELECT ${columns} FROM accounts WHERE uid = ? AND deleted_at IS NULL`),
      liveAnonymousByUid: db.prepare<[string], AccountRow>(
        `SELECT ${columns} FROM accounts WHERE uid = ? AND is_anonymous = 1 AND deleted_at IS NULL`,
      ),
      liveByEmail: db.prepare<[string], AccountRow>(`SELECT ${columns} FROM accounts WHERE email = ? AND deleted_at IS NULL`),
      register: db.prepare<[string, string, string, string]>(
        'UPDATE accounts SET email = ?, password_hash = ?, name = ?, is_anonymous = 0 WHERE uid = ?',
      ),
      setPasswordHash: db.prepare<[string, string]>('UPDATE accounts SET password_hash = ? WHERE uid = ?'),
      setName: db.prepare<[string, string]>('UPDATE accounts SET name = ? WHERE uid = ? AND deleted_at IS NULL'),
      delete: db.prepare<[number, string]>(
        'UPDATE accounts SET email = NULL, password_hash = NULL, deleted_at = ? WHERE uid = ? AND deleted_at IS NULL',
      ),
    };
  }

  jwks(): JSONWebKeySet {
    return structuredClone(this.key.jwks);
  }

  async createAnonymous(): Promise<AuthSession> {
    const now = this.clock();
    const uid = newId();
    const { account, refreshToken } = this.db.transaction(() => {
      this.statements.insert.run(uid, null, null, ANONYMOUS_NAME, 1, now);
      return { account: this.account(uid), refreshToken: this.tokens.issue(uid, now) };
    })();
    return this.session(account, refreshToken, now);
  }

  /**
   * Creates an account. A caller holding a valid anonymous token keeps its uid (and so its games and
   * history); its anonymous sessions end, since they were never protected by a password.
   */
  async signUp(request: SignUpRequest, current?: Principal | null): Promise<AuthSession> {
    const email = normalizeEmail(request.email);
    checkNewPassword(request.password, { email, name: request.name });
    if (this.statements.liveByEmail.get(email)) throw emailTaken();
    const passwordHash = await hash(request.password, this.hashing);
    const now = this.clock();
    const name = request.name.trim();
    try {
      const { account, refreshToken, upgraded } = this.db.transaction(() => {
        const upgrading = current?.isAnonymous ? this.statements.liveAnonymousByUid.get(current.uid) : undefined;
        const uid = upgrading?.uid ?? newId();
        if (upgrading) {
          this.statements.register.run(email, passwordHash, name, uid);
          this.tokens.revokeAllFor(uid, now);
        } else {
          this.statements.insert.run(uid, email, passwordHash, name, 0, now);
        }
        this.devices.remember(uid, request.deviceId, now);
        return { account: this.account(uid), refreshToken: this.tokens.issue(uid, now), upgraded: upgrading !== undefined };
      })();
      if (upgraded) this.ended({ uid: account.uid, keep: this.tokens.familyOf(refreshToken) ?? undefined, reason: 'signed_up' });
      return this.session(account, refreshToken, now);
    } catch (error) {
      // Two sign-ups racing for one email: the unique index decides, the loser hears the same answer.
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw emailTaken();
      throw error;
    }
  }

  async signIn(request: SignInRequest): Promise<AuthSession> {
    const email = normalizeEmail(request.email);
    const now = this.clock();
    const account = this.statements.liveByEmail.get(email);
    const brakeKey = this.devices.brakeKey(email, account?.uid, request.deviceId);
    const waitMs = this.brake.retryAfterMs(brakeKey, now);
    if (waitMs > 0) throw tooManyAttempts(waitMs / 1000);
    // Counted before verifying and cleared on success, so parallel guesses cannot slip past the brake.
    this.brake.recordFailure(brakeKey, now);

    const storedHash = account?.password_hash ?? null;
    const matches = await verify(storedHash ?? this.dummyHash, request.password);
    if (!account || storedHash === null || !matches) throw invalidCredentials();

    this.brake.recordSuccess(brakeKey);
    this.devices.remember(account.uid, request.deviceId, now);
    if (needsRehash(storedHash, this.hashing)) this.statements.setPasswordHash.run(await hash(request.password, this.hashing), account.uid);
    return this.session(account, this.tokens.issue(account.uid, now), now);
  }

  async refresh(refreshToken: string): Promise<AuthSession> {
    const now = this.clock();
    const exchange = this.db.transaction(() => {
      const exchange = this.tokens.exchange(refreshToken, now);
      if (exchange.outcome !== 'rotated') return exchange;
      const account = this.statements.liveByUid.get(exchange.uid);
      if (account) return { ...exchange, account };
      this.tokens.revokeAllFor(exchange.uid, now);
      return { outcome: 'rejected' as const };
    })();
    switch (exchange.outcome) {
      case 'rotated':
        return this.session(exchange.account, exchange.next, now);
      case 'reused':
        throw refreshReused();
      case 'rejected':
        throw refreshRejected();
      default: {
        const unexpected: never = exchange;
        throw new Error(`unknown refresh outcome ${JSON.stringify(unexpected)}`);
      }
    }
  }

  /**
   * Mails a reset code when the email belongs to an account with a password. The answer is the same
   * either way, so it does not reveal which emails are registered; a code is mailed at most once a minute.
   */
  async requestPasswordReset(request: PasswordResetRequest): Promise<void> {
    const email = normalizeEmail(request.email);
    const account = this.statements.liveByEmail.get(email);
    if (!account || account.password_hash === null) return;
    const code = this.resets.issue(email, this.clock());
    if (code === null || !this.mailer) return;
    const mail = this.resetMail(request.language ?? 'en', { code, minutes: RESET_CODE_TTL_MS / 60_000, brand: this.brandName });
    await this.mailer.send({ to: email, ...mail });
  }

  /** Sets the new password with the mailed code, ends every session and lifts the sign-in brake: the owner is back in. */
  async confirmPasswordReset(request: PasswordResetConfirm): Promise<AuthSession> {
    const email = normalizeEmail(request.email);
    checkNewPassword(request.password, { email });
    const now = this.clock();
    const checked = this.resets.check(email, request.code, now);
    if (checked === 'expired') throw expiredResetCode();
    if (checked === 'wrong') throw wrongResetCode();
    const account = this.statements.liveByEmail.get(email);
    if (!account) throw expiredResetCode();
    checkNewPassword(request.password, { email, name: account.name });
    const passwordHash = await hash(request.password, this.hashing);
    const refreshToken = this.db.transaction(() => {
      this.statements.setPasswordHash.run(passwordHash, account.uid);
      this.resets.consume(email);
      this.tokens.revokeAllFor(account.uid, now);
      this.devices.remember(account.uid, request.deviceId, now);
      return this.tokens.issue(account.uid, now);
    })();
    this.brake.recordSuccess(email);
    this.ended({ uid: account.uid, keep: this.tokens.familyOf(refreshToken) ?? undefined, reason: 'password_reset' });
    return this.session(account, refreshToken, now);
  }

  /** A signed-in player's new password: the current one is checked (under the sign-in brake); other sessions end. */
  async changePassword(principal: Principal, request: ChangePasswordRequest): Promise<AuthSession> {
    const account = this.statements.liveByUid.get(principal.uid);
    if (!account || account.email === null || account.password_hash === null) throw noPasswordAccount();
    checkNewPassword(request.newPassword, { email: account.email, name: account.name });
    const now = this.clock();
    const waitMs = this.brake.retryAfterMs(account.email, now);
    if (waitMs > 0) throw tooManyAttempts(waitMs / 1000);
    this.brake.recordFailure(account.email, now);
    if (!(await verify(account.password_hash, request.currentPassword))) throw wrongCurrentPassword();
    this.brake.recordSuccess(account.email);
    const passwordHash = await hash(request.newPassword, this.hashing);
    const refreshToken = this.db.transaction(() => {
      this.statements.setPasswordHash.run(passwordHash, account.uid);
      this.tokens.revokeAllFor(account.uid, now);
      return this.tokens.issue(account.uid, now);
    })();
    this.ended({ uid: account.uid, keep: this.tokens.familyOf(refreshToken) ?? undefined, reason: 'password_changed' });
    return this.session(account, refreshToken, now);
  }

  /** A signed-up player's new display name, in a renewed session whose token carries it (the game follows it). */
  async changeName(principal: Principal, name: string): Promise<AuthSession> {
    const account = this.statements.liveByUid.get(principal.uid);
    if (!account || account.is_anonymous === 1) throw noPasswordAccount();
    const now = this.clock();
    const refreshToken = this.db.transaction(() => {
      this.statements.setName.run(name.trim(), account.uid);
      return this.tokens.issue(account.uid, now);
    })();
    return this.session(this.account(account.uid), refreshToken, now);
  }

  /** Whether `deviceId` signed in to the account of `email` before (its own brake; see docs/security.md). */
  isKnownDevice(email: string, deviceId: string | undefined): boolean {
    if (!deviceId) return false;
    const account = this.statements.liveByEmail.get(normalizeEmail(email));
    return account !== undefined && this.devices.isKnown(account.uid, deviceId);
  }

  async signOut(refreshToken: string): Promise<void> {
    const ending = this.tokens.sessionOf(refreshToken);
    this.tokens.revokeSessionOf(refreshToken, this.clock());
    if (ending) this.ended({ uid: ending.uid, sessionId: ending.familyId, reason: 'signed_out' });
  }

  /** Called after sessions end (see IdentityAccounts.onSessionsEnded). */
  onSessionsEnded(listener: (ended: EndedSessions) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  private ended(ended: EndedSessions): void {
    const { keep, ...rest } = ended;
    for (const listener of this.endedListeners) listener(keep === undefined ? rest : { ...rest, keep });
  }

  /** Forgets the credentials (freeing the email) and ends every session; the uid is never reused. */
  async deleteAccount(uid: string): Promise<void> {
    const now = this.clock();
    this.db.transaction(() => {
      this.statements.delete.run(now, uid);
      this.tokens.revokeAllFor(uid, now);
      this.devices.forgetAll(uid);
    })();
    this.ended({ uid, reason: 'account_deleted' });
  }

  /**
   * Whether a verified id token still speaks for a live session: refused at once after sign-out, a password
   * change or reset (other sessions), or the account's deletion — not only when the token expires.
   */
  isSessionLive(principal: Principal): boolean {
    if (principal.sessionId !== undefined) return !this.tokens.isRevoked(principal.sessionId);
    return this.statements.liveByUid.get(principal.uid) !== undefined;
  }

  close(): void {
    void this.mailer?.close();
    if (this.db.open) this.db.close();
  }

  private account(uid: string): AccountRow {
    const account = this.statements.liveByUid.get(uid);
    if (!account) throw new Error(`account ${uid} was just written but cannot be read back`);
    return account;
  }

  private async session(account: AccountRow, refreshToken: string, now: number): Promise<AuthSession> {
    const user: SessionUser = { uid: account.uid, name: account.name, email: account.email, isAnonymous: account.is_anonymous === 1 };
    const issuedAt = Math.floor(now / 1000);
    const sid = this.tokens.familyOf(refreshToken);
    const claims = { name: user.name, anon: user.isAnonymous, ...(user.email === null ? {} : { email: user.email }), ...(sid === null ? {} : { sid }) };
    const idToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: this.key.kid, typ: 'JWT' })
      .setSubject(user.uid)
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.tokenTtlSeconds)
      .sign(this.key.privateKey);
    return { idToken, refreshToken, expiresIn: this.tokenTtlSeconds, user };
  }
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

function positiveInteger(option: string, value: number): number {
  if (!Number.isInteger(value) || value <= 0) throw new Error(`identity option ${option} must be a positive whole number of seconds, got ${value}`);
  return value;
}
