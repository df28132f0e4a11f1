import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, Get, type INestApplication, Module, Post, UseGuards } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createLocalJWKSet, jwtVerify } from 'jose';
import request from 'supertest';
import { type AuthSession, authSessionSchema } from '@globetrail/contracts';
import { ApiExceptionFilter } from '../api/api-exception.filter.js';
import { AuthGuard, CurrentPrincipal, OptionalAuthGuard, RequireSignedIn } from './auth.guard.js';
import { EmbeddedIdentity } from './embedded/embedded-identity.js';
import type { IdentityAccounts, Principal } from './identity.port.js';
import { IDENTITY_ACCOUNTS, IdentityModule } from './identity.module.js';
import { RateLimitModule } from '../platform/rate-limit/rate-limit.module.js';

/** Stands in for a game feature module: it only applies the guards the global IdentityModule exports. */
@Controller('probe')
class ProbeController {
  @Get('me')
  @UseGuards(AuthGuard)
  me(@CurrentPrincipal() principal: Principal): Principal {
    return principal;
  }

  @Get('maybe')
  @UseGuards(OptionalAuthGuard)
  maybe(@CurrentPrincipal('optional') principal: Principal | undefined): { principal: Principal | null } {
    return { principal: principal ?? null };
  }

  @Post('score')
  @UseGuards(RequireSignedIn)
  score(@CurrentPrincipal() principal: Principal): { uid: string } {
    return { uid: principal.uid };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

async function startApp(dataDir: string): Promise<INestApplication> {
  @Module({ imports: [RateLimitModule.forRoot(0), IdentityModule.forRoot({ mode: 'embedded', dataDir, insecureFastPasswordHashing: true }), ProbeModule] })
  class TestApp {}
  const app = await NestFactory.create(TestApp, { logger: false, abortOnError: false });
  app.useGlobalFilters(new ApiExceptionFilter());
  await app.init();
  return app;
}

describe('/auth and the auth guards (embedded identity)', () => {
  let dataDir: string;
  let app: INestApplication;
  let emails = 0;
  const http = () => request(app.getHttpServer());
  const newEmail = () => `player${(emails += 1)}@example.org`;
  const signUp = async (overrides: Record<string, unknown> = {}, authorization?: string): Promise<AuthSession> => {
    const call = http().post('/auth/signup');
    if (authorization) call.set('Authorization', authorization);
    const response = await call.send({ name: 'Ada', email: newEmail(), password: 'analytical', ...overrides }).expect(201);
    return authSessionSchema.parse(response.body);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'globetrail-auth-'));
    app = await startApp(dataDir);
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  describe('sessions', () => {
    it('starts an anonymous session', async () => {
      const response = await http().post('/auth/anonymous').expect(201);
      expect(authSessionSchema.parse(response.body).user).toMatchObject({ name: 'Anonymous', email: null, isAnonymous: true });
    });

    it('signs up, then signs in with the same email in another case', async () => {
      const session = await signUp({ email: 'Grace@Example.org' });
      expect(session.user).toMatchObject({ name: 'Ada', email: 'grace@example.org', isAnonymous: false });
      const response = await http().post('/auth/signin').send({ email: 'GRACE@example.org', password: 'analytical' }).expect(200);
      expect(authSessionSchema.parse(response.body).user.uid).toBe(session.user.uid);
    });

    it('keeps the uid when an anonymous player signs up with their token', async () => {
      const guest = authSessionSchema.parse((await http().post('/auth/anonymous').expect(201)).body);
      const account = await signUp({}, guest.idToken);
      expect(account.user).toMatchObject({ uid: guest.user.uid, isAnonymous: false });
    });

    it('refreshes with a new refresh token, and refuses after sign-out', async () => {
      const session = await signUp();
      const refreshed = authSessionSchema.parse((await http().post('/auth/refresh').send({ refreshToken: session.refreshToken }).expect(200)).body);
      expect(refreshed.refreshToken).not.toBe(session.refreshToken);
      expect(refreshed.user).toEqual(session.user);
      const signOut = await http().post('/auth/signout').send({ refreshToken: refreshed.refreshToken }).expect(204);
      expect(signOut.text).toBe('');
      const refused = await http().post('/auth/refresh').send({ refreshToken: refreshed.refreshToken }).expect(401);
      expect(refused.body).toMatchObject({ statusCode: 401, code: 'unauthenticated' });
    });

    it('publishes the password policy and the public keys that verify its tokens', async () => {
      await http().get('/auth/password-policy').expect(200, { minLength: 8 });
      const jwks = (await http().get('/auth/jwks.json').expect(200)).body;
      expect(jwks.keys).toEqual([expect.not.objectContaining({ d: expect.anything() })]);
      const session = await signUp();
      const { payload } = await jwtVerify(session.idToken, createLocalJWKSet(jwks), { issuer: 'globetrail-embedded', audience: 'globetrail' });
      expect(payload.sub).toBe(session.user.uid);
    });
  });

  describe('refusals', () => {
    it('answers a wrong password with 401 invalid_credentials', async () => {
      const { user } = await signUp();
      const response = await http().post('/auth/signin').send({ email: user.email, password: 'not-it' }).expect(401);
      expect(response.body).toEqual({ statusCode: 401, code: 'invalid_credentials', message: 'the email or password is wrong' });
    });

    it('answers a taken email with 409 naming email', async () => {
      const { user } = await signUp();
      const response = await http().post('/auth/signup').send({ name: 'Copy', email: user.email!.toUpperCase(), password: 'whatever-else' }).expect(409);
      expect(response.body).toEqual({ statusCode: 409, code: 'email_taken', message: expect.any(String), field: 'email' });
    });

    it('answers a short password with 400 weak_password naming password', async () => {
      const response = await http().post('/auth/signup').send({ name: 'Ada', email: newEmail(), password: '12345' }).expect(400);
      expect(response.body).toEqual({ statusCode: 400, code: 'weak_password', message: 'password: must be at least 8 characters', field: 'password' });
    });

    it.each([
      ['/auth/signup', {}, 'name'],
      ['/auth/signup', { name: 'Ada', password: 'analytical' }, 'email'],
      ['/auth/signup', { name: 'Ada', email: 'not-an-email', password: 'analytical' }, 'email'],
      ['/auth/signup', { name: 'Ada', email: 'ada@example.org' }, 'password'],
      ['/auth/signin', { email: 'ada@example.org' }, 'password'],
      ['/auth/refresh', {}, 'refreshToken'],
      ['/auth/signout', { refreshToken: 42 }, 'refreshToken'],
    ])('answers POST %s with %j by 400 naming %s', async (path, body, field) => {
      const response = await http().post(path).send(body).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, code: 'validation_failed', field });
    });

    it('refuses to sign up with a garbage token instead of silently creating a second account', async () => {
      const response = await http().post('/auth/signup').set('Authorization', 'garbage').send({ name: 'Ada', email: newEmail(), password: 'analytical' });
      expect(response.status).toBe(401);
    });
  });

  describe('guards on another module', () => {
    it('accept the bare token (SPEC §6) and the Bearer form', async () => {
      const session = await signUp({ name: 'Lin' });
      const expected = { uid: session.user.uid, name: 'Lin', email: session.user.email, isAnonymous: false, sessionId: expect.any(String) };
      expect((await http().get('/probe/me').set('Authorization', session.idToken).expect(200)).body).toEqual(expected);
      expect((await http().get('/probe/me').set('Authorization', `Bearer ${session.idToken}`).expect(200)).body).toEqual(expected);
    });

    it('say whether the token is missing, invalid or expired', async () => {
      const missing = await http().get('/probe/me').expect(401);
      expect(missing.body).toMatchObject({ code: 'unauthenticated', message: expect.stringContaining('Authorization header') });
      const garbage = await http().get('/probe/me').set('Authorization', 'Bearer garbage').expect(401);
      expect(garbage.body).toMatchObject({ code: 'unauthenticated', message: expect.stringContaining('invalid') });

      const twoHoursAgo = await EmbeddedIdentity.open({ dataDir, insecureFastPasswordHashing: true, clock: () => Date.now() - 2 * 3600 * 1000 });
      const stale = await twoHoursAgo.createAnonymous().finally(() => twoHoursAgo.close());
      const expired = await http().get('/probe/me').set('Authorization', stale.idToken).expect(401);
      expect(expired.body).toMatchObject({ code: 'unauthenticated', message: expect.stringContaining('expired') });
    });

    it('keep anonymous players out where SPEC §6 requires a signed-in player', async () => {
      const guest = authSessionSchema.parse((await http().post('/auth/anonymous').expect(201)).body);
      const refused = await http().post('/probe/score').set('Authorization', guest.idToken).expect(403);
      expect(refused.body).toMatchObject({ statusCode: 403, code: 'anonymous_not_allowed' });
      const member = await signUp();
      await http().post('/probe/score').set('Authorization', member.idToken).expect(201, { uid: member.user.uid });
    });

    it('let anonymous requests through the optional guard, but not bad tokens', async () => {
      await http().get('/probe/maybe').expect(200, { principal: null });
      const session = await signUp();
      expect((await http().get('/probe/maybe').set('Authorization', session.idToken).expect(200)).body.principal.uid).toBe(session.user.uid);
      await http().get('/probe/maybe').set('Authorization', 'garbage').expect(401);
    });
  });

  it('lets another module delete the identity account through IDENTITY_ACCOUNTS', async () => {
    const session = await signUp();
    await app.get<IdentityAccounts>(IDENTITY_ACCOUNTS).deleteAccount(session.user.uid);
    await http().post('/auth/refresh').send({ refreshToken: session.refreshToken }).expect(401);
    await http().post('/auth/signin').send({ email: session.user.email, password: 'analytical' }).expect(401);
  });
});
