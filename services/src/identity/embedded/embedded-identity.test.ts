import { createHash } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import type { AuthSession } from '@globetrail/contracts';
import { openDatabase } from '../../platform/sqlite/open-database.js';
import { JwksTokenVerifier } from '../jwks-token-verifier.js';
import { EmbeddedIdentity, type EmbeddedIdentityOptions } from './embedded-identity.js';
import { FAILURE_MEMORY_MS, FREE_FAILED_SIGN_INS, MAX_SIGN_IN_DELAY_MS, signInDelayMs } from './sign-in-brake.js';
import { SessionCheckingVerifier } from './session-checking-verifier.js';

const ada = { name: 'Ada', email: 'ada@example.org', password: 'analytical' };

describe('EmbeddedIdentity', () => {
  let dataDir: string;
  let opened: EmbeddedIdentity[];
  let now: number;
  const clock = () => now;

  const open = async (options: Partial<EmbeddedIdentityOptions> = {}) => {
    const identity = await EmbeddedIdentity.open({ dataDir, insecureFastPasswordHashing: true, clock, ...options });
    opened.push(identity);
    return identity;
  };
  const verifierFor = (identity: EmbeddedIdentity) =>
    new JwksTokenVerifier({ keys: { jwks: identity.jwks() }, issuer: identity.issuer, audience: identity.audience, clock });
  const principalOf = (identity: EmbeddedIdentity, session: AuthSession) => verifierFor(identity).verify(session.idToken);

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'globetrail-identity-'));
    opened = [];
    now = Date.now();
  });
  afterEach(async () => {
    for (const identity of opened) identity.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe('anonymous players', () => {
    it('get a fresh URL-safe uid, the name "Anonymous" and a token saying they are anonymous', async () => {
      const identity = await open();
      const session = await identity.createAnonymous();
      expect(session.user).toEqual({ uid: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/), name: 'Anonymous', email: null, isAnonymous: true });
      expect(session.expiresIn).toBe(3600);
      await expect(principalOf(identity, session)).resolves.toEqual({ uid: session.user.uid, name: 'Anonymous', email: null, isAnonymous: true, sessionId: expect.any(String) });
      expect((await identity.createAnonymous()).user.uid).not.toBe(session.user.uid);
    });
  });

  describe('idTokens', () => {
    it('are ES256 JWTs with a kid, the game audience, the issuer and the configured lifetime', async () => {
      const identity = await open({ issuer: 'https://id.globetrail.test', tokenTtlSeconds: 600 });
      const session = await identity.signUp(ada);
      expect(decodeProtectedHeader(session.idToken)).toEqual({ alg: 'ES256', kid: identity.jwks().keys[0]?.kid, typ: 'JWT' });
      const claims = decodeJwt(session.idToken);
      expect(claims).toMatchObject({ sub: session.user.uid, iss: 'https://id.globetrail.test', aud: 'globetrail', name: 'Ada', email: ada.email, anon: false });
      expect(claims.exp! - claims.iat!).toBe(600);
      expect(session.expiresIn).toBe(600);
    });

    it('keep verifying after a restart because the signing key is kept in a file only the owner can read', async () => {
      const first = await open();
      const session = await first.createAnonymous();
      first.close();
      const second = await open();
      await expect(principalOf(second, session)).resolves.toMatchObject({ uid: session.user.uid });
      expect((await stat(join(dataDir, 'identity-key.json'))).mode & 0o777).toBe(0o600);
      expect(second.jwks().keys[0]).not.toHaveProperty('d');
    });

    it('expire after their lifetime', async () => {
      const identity = await open({ tokenTtlSeconds: 60 });
      const session = await identity.createAnonymous();
      now += 5 * 60 * 1000;
      await expect(principalOf(identity, session)).rejects.toMatchObject({ reason: 'expired' });
    });
  });

  describe('sign-up', () => {
    it('creates a full account that signs in with the email in any letter case', async () => {
      const identity = await open();
      const signedUp = await identity.signUp({ ...ada, email: 'Ada@Example.ORG' });
      expect(signedUp.user).toEqual({ uid: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/), name: 'Ada', email: 'ada@example.org', isAnonymous: false });
      await expect(principalOf(identity, signedUp)).resolves.toEqual({ uid: signedUp.user.uid, name: 'Ada', email: 'ada@example.org', isAnonymous: false, sessionId: expect.any(String) });
      const signedIn = await identity.signIn({ email: 'ADA@example.org', password: ada.password });
      expect(signedIn.user.uid).toBe(signedUp.user.uid);
    });

    it('turns an anonymous player into the account under the same uid and ends the anonymous sessions', async () => {
      const identity = await open();
      const guest = await identity.createAnonymous();
      const account = await identity.signUp(ada, await principalOf(identity, guest));
      expect(account.user).toEqual({ uid: guest.user.uid, name: 'Ada', email: ada.email, isAnonymous: false });
      await expect(principalOf(identity, account)).resolves.toMatchObject({ uid: guest.user.uid, isAnonymous: false });
      await expect(identity.refresh(guest.refreshToken)).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
      expect((await identity.signIn(ada)).user.uid).toBe(guest.user.uid);
    });

    it('gives a signed-in caller a new uid rather than taking over their account', async () => {
      const identity = await open();
      const first = await identity.signUp(ada);
      const second = await identity.signUp({ name: 'Grace', email: 'grace@example.org', password: 'compiler' }, await principalOf(identity, first));
      expect(second.user.uid).not.toBe(first.user.uid);
      expect((await identity.signIn(ada)).user.name).toBe('Ada');
    });

    it('refuses an email that is taken, whatever its letter case, naming the field', async () => {
      const identity = await open();
      await identity.signUp(ada);
      await expect(identity.signUp({ ...ada, email: 'ADA@EXAMPLE.ORG' })).rejects.toMatchObject({ status: 409, code: 'email_taken', field: 'email' });
      const guest = await identity.createAnonymous();
      await expect(identity.signUp(ada, await principalOf(identity, guest))).rejects.toMatchObject({ code: 'email_taken' });
      await expect(principalOf(identity, guest)).resolves.toMatchObject({ isAnonymous: true });
    });

    it('refuses a password shorter than 8 characters, and one of the passwords breaches reveal most often', async () => {
      const identity = await open();
      await expect(identity.signUp({ ...ada, password: '1234567' })).rejects.toMatchObject({ status: 400, code: 'weak_password', field: 'password' });
      for (const common of ['password', 'Password', '12345678', 'qwertyuiop', 'iloveyou'])
        await expect(identity.signUp({ ...ada, password: common })).rejects.toMatchObject({ status: 400, code: 'common_password', field: 'password' });
      await expect(identity.signUp({ ...ada, password: 'tram-cloud-41' })).resolves.toMatchObject({ user: { email: ada.email } });
    });

    it('stores passwords with argon2id at no less than 19 MiB and 2 passes by default', async () => {
      const identity = await open({ insecureFastPasswordHashing: false });
      const { user } = await identity.signUp(ada);
      identity.close();
      const db = openDatabase(join(dataDir, 'identity.sqlite'));
      const { password_hash } = db.prepare('SELECT password_hash FROM accounts WHERE uid = ?').get(user.uid) as { password_hash: string };
      db.close();
      const [, type, , params] = password_hash.split('$');
      const cost = Object.fromEntries(params!.split(',').map((pair) => pair.split('=')).map(([key, value]) => [key, Number(value)]));
      expect(type).toBe('argon2id');
      expect(cost.m).toBeGreaterThanOrEqual(19 * 1024);
      expect(cost.t).toBeGreaterThanOrEqual(2);
    });
  });

  describe('sign-in', () => {
    it('answers a wrong password and an unknown email identically', async () => {
      const identity = await open();
      await identity.signUp(ada);
      const wrongPassword = await identity.signIn({ email: ada.email, password: 'not-it' }).catch((error: unknown) => error);
      const unknownEmail = await identity.signIn({ email: 'nobody@example.org', password: ada.password }).catch((error: unknown) => error);
      expect(wrongPassword).toMatchObject({ status: 401, code: 'invalid_credentials' });
      expect(unknownEmail).toMatchObject({ status: 401, code: 'invalid_credentials', message: (wrongPassword as Error).message });
    });

    it('lets five failures pass, then makes each try wait twice as long, up to 15 minutes', async () => {
      expect([4, 5, 6, 7, 14, 15, 40].map(signInDelayMs)).toEqual([0, 1000, 2000, 4000, 512_000, MAX_SIGN_IN_DELAY_MS, MAX_SIGN_IN_DELAY_MS]);
      const identity = await open();
      await identity.signUp(ada);
      for (let attempt = 0; attempt < FREE_FAILED_SIGN_INS; attempt += 1) {
        await expect(identity.signIn({ email: ada.email, password: 'guess' })).rejects.toMatchObject({ code: 'invalid_credentials' });
      }
      // Even the right password waits: the brake answers before the password is checked.
      await expect(identity.signIn(ada)).rejects.toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 1 });
      await expect(identity.signIn({ ...ada, email: 'ADA@example.org' })).rejects.toMatchObject({ code: 'rate_limited' });
      await expect(identity.signIn({ email: 'grace@example.org', password: 'x' })).rejects.toMatchObject({ code: 'invalid_credentials' });
      now += 1000;
      await expect(identity.signIn({ email: ada.email, password: 'guess' })).rejects.toMatchObject({ code: 'invalid_credentials' });
      await expect(identity.signIn(ada)).rejects.toMatchObject({ code: 'rate_limited', retryAfterSeconds: 2 });
      now += 2000;
      await expect(identity.signIn(ada)).resolves.toMatchObject({ user: { email: ada.email } });
    });

    it('keeps the owner in: a device that signed in before is not slowed by failures from elsewhere', async () => {
      const identity = await open();
      const laptop = 'owner-laptop-0123456789';
      await identity.signUp({ ...ada, deviceId: laptop });
      for (let attempt = 0; attempt < 12; attempt += 1) {
        await identity.signIn({ email: ada.email, password: 'guess', deviceId: 'attacker-device-000001' }).catch(() => undefined);
      }
      await expect(identity.signIn({ email: ada.email, password: 'guess' })).rejects.toMatchObject({ code: 'rate_limited' });
      await expect(identity.signIn({ ...ada, deviceId: 'attacker-device-000001' })).rejects.toMatchObject({ code: 'rate_limited' });
      await expect(identity.signIn({ ...ada, deviceId: laptop })).resolves.toMatchObject({ user: { email: ada.email } });
      // The known device has a brake of its own.
      for (let attempt = 0; attempt < FREE_FAILED_SIGN_INS; attempt += 1) {
        await expect(identity.signIn({ email: ada.email, password: 'typo', deviceId: laptop })).rejects.toMatchObject({ code: 'invalid_credentials' });
      }
      await expect(identity.signIn({ ...ada, deviceId: laptop })).rejects.toMatchObject({ code: 'rate_limited' });
    });

    it('forgets failures after a day', async () => {
      const identity = await open();
      await identity.signUp(ada);
      for (let attempt = 0; attempt < 15; attempt += 1) {
        await identity.signIn({ email: ada.email, password: 'guess' }).catch(() => undefined);
        now += MAX_SIGN_IN_DELAY_MS;
      }
      await expect(identity.signIn({ email: ada.email, password: 'guess' })).rejects.toMatchObject({ code: 'invalid_credentials' });
      await expect(identity.signIn(ada)).rejects.toMatchObject({ code: 'rate_limited' });
      now += FAILURE_MEMORY_MS;
      await expect(identity.signIn(ada)).resolves.toMatchObject({ user: { email: ada.email } });
    });

    it('brakes guesses at unknown emails too, so the brake does not reveal who is registered', async () => {
      const identity = await open();
      for (let attempt = 0; attempt < FREE_FAILED_SIGN_INS; attempt += 1) {
        await expect(identity.signIn({ email: 'nobody@example.org', password: 'guess' })).rejects.toMatchObject({ code: 'invalid_credentials' });
      }
      await expect(identity.signIn({ email: 'nobody@example.org', password: 'guess' })).rejects.toMatchObject({ code: 'rate_limited' });
    });

    it('forgets earlier failures after a successful sign-in', async () => {
      const identity = await open();
      await identity.signUp(ada);
      const fail = () => expect(identity.signIn({ email: ada.email, password: 'guess' })).rejects.toMatchObject({ code: 'invalid_credentials' });
      for (let attempt = 0; attempt < FREE_FAILED_SIGN_INS - 1; attempt += 1) await fail();
      await identity.signIn(ada);
      for (let attempt = 0; attempt < FREE_FAILED_SIGN_INS - 1; attempt += 1) await fail();
      await expect(identity.signIn(ada)).resolves.toMatchObject({ user: { email: ada.email } });
    });
  });

  describe('id tokens of ended sessions', () => {
    const checked = (identity: EmbeddedIdentity) => new SessionCheckingVerifier(verifierFor(identity), identity);

    it('are refused at once after sign-out, while the other sessions go on', async () => {
      const identity = await open();
      const laptop = await identity.signUp(ada);
      const phone = await identity.signIn(ada);
      await expect(checked(identity).verify(laptop.idToken)).resolves.toMatchObject({ uid: laptop.user.uid, sessionId: expect.any(String) });
      await identity.signOut(laptop.refreshToken);
      await expect(checked(identity).verify(laptop.idToken)).rejects.toMatchObject({ name: 'InvalidTokenError', message: expect.stringContaining('session') });
      await expect(checked(identity).verify(phone.idToken)).resolves.toMatchObject({ uid: phone.user.uid });
      // A renewed session (same family) stays valid until it is ended too.
      const renewed = await identity.refresh(phone.refreshToken);
      await expect(checked(identity).verify(renewed.idToken)).resolves.toMatchObject({ uid: phone.user.uid });
    });

    it('are refused at once after the account is deleted or its password changes elsewhere', async () => {
      const identity = await open();
      const laptop = await identity.signUp(ada);
      const phone = await identity.signIn(ada);
      const renewed = await identity.changePassword(await principalOf(identity, laptop), { currentPassword: ada.password, newPassword: 'a-new-secret-42' });
      await expect(checked(identity).verify(phone.idToken)).rejects.toMatchObject({ name: 'InvalidTokenError' });
      await expect(checked(identity).verify(renewed.idToken)).resolves.toMatchObject({ uid: laptop.user.uid });
      await identity.deleteAccount(laptop.user.uid);
      await expect(checked(identity).verify(renewed.idToken)).rejects.toMatchObject({ name: 'InvalidTokenError' });
    });
  });

  describe('refresh tokens', () => {
    it('are exchanged once for a new session with a new refresh token', async () => {
      const identity = await open();
      const first = await identity.signUp(ada);
      now += 10 * 60 * 1000;
      const second = await identity.refresh(first.refreshToken);
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect(second.user).toEqual(first.user);
      expect(decodeJwt(second.idToken).iat).toBeGreaterThan(decodeJwt(first.idToken).iat!);
      await expect(identity.refresh(second.refreshToken)).resolves.toMatchObject({ user: first.user });
    });

    it('revoke the whole session when a used one comes back, since someone else holds a copy', async () => {
      const identity = await open();
      const first = await identity.signUp(ada);
      const legitimate = await identity.refresh(first.refreshToken);
      await expect(identity.refresh(first.refreshToken)).rejects.toMatchObject({ status: 401, code: 'unauthenticated', message: expect.stringContaining('already used') });
      await expect(identity.refresh(legitimate.refreshToken)).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
      const otherDevice = await identity.signIn(ada);
      await expect(identity.refresh(otherDevice.refreshToken)).resolves.toMatchObject({ user: { email: ada.email } });
    });

    it('expire after 30 days', async () => {
      const identity = await open();
      const session = await identity.createAnonymous();
      now += 30 * 24 * 3600 * 1000;
      await expect(identity.refresh(session.refreshToken)).rejects.toMatchObject({ code: 'unauthenticated' });
    });

    it('are rejected when unknown', async () => {
      const identity = await open();
      await expect(identity.refresh('made-up')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    });

    it('stop working after sign-out, and signing out twice or with an unknown token is harmless', async () => {
      const identity = await open();
      const session = await identity.signUp(ada);
      await identity.signOut(session.refreshToken);
      await identity.signOut(session.refreshToken);
      await identity.signOut('made-up');
      await expect(identity.refresh(session.refreshToken)).rejects.toMatchObject({ code: 'unauthenticated' });
    });

    it('are kept only as SHA-256 hashes', async () => {
      const identity = await open();
      const { refreshToken } = await identity.createAnonymous();
      identity.close();
      const db = openDatabase(join(dataDir, 'identity.sqlite'));
      const stored = (db.prepare('SELECT token_hash FROM refresh_tokens').all() as Array<{ token_hash: string }>).map((row) => row.token_hash);
      db.close();
      expect(stored).toEqual([createHash('sha256').update(refreshToken).digest('hex')]);
    });
  });

  describe('account deletion', () => {
    it('ends every session, forgets the password and frees the email', async () => {
      const identity = await open();
      const laptop = await identity.signUp(ada);
      const phone = await identity.signIn(ada);
      await identity.deleteAccount(laptop.user.uid);
      await identity.deleteAccount(laptop.user.uid);
      await expect(identity.refresh(laptop.refreshToken)).rejects.toMatchObject({ code: 'unauthenticated' });
      await expect(identity.refresh(phone.refreshToken)).rejects.toMatchObject({ code: 'unauthenticated' });
      await expect(identity.signIn(ada)).rejects.toMatchObject({ code: 'invalid_credentials' });
      const again = await identity.signUp(ada);
      expect(again.user.uid).not.toBe(laptop.user.uid);
    });

    it('of an unknown uid succeeds', async () => {
      const identity = await open();
      await expect(identity.deleteAccount('no-such-uid')).resolves.toBeUndefined();
    });
  });
});
