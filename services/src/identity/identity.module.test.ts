import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, Get, type INestApplication, Module, UseGuards } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import request from 'supertest';
import { ApiExceptionFilter } from '../api/api-exception.filter.js';
import { AuthGuard, CurrentPrincipal } from './auth.guard.js';
import { EmbeddedIdentity } from './embedded/embedded-identity.js';
import type { IdentityAccounts, Principal } from './identity.port.js';
import { IDENTITY_ACCOUNTS, IdentityModule, type IdentityModuleOptions } from './identity.module.js';
import { RateLimitModule } from '../platform/rate-limit/rate-limit.module.js';

@Controller('probe')
class ProbeController {
  @Get('me')
  @UseGuards(AuthGuard)
  me(@CurrentPrincipal() principal: Principal): Principal {
    return principal;
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

async function startApp(options: IdentityModuleOptions): Promise<INestApplication> {
  @Module({ imports: [RateLimitModule.forRoot(0), IdentityModule.forRoot(options), ProbeModule] })
  class TestApp {}
  const app = await NestFactory.create(TestApp, { logger: false, abortOnError: false });
  app.useGlobalFilters(new ApiExceptionFilter());
  await app.init();
  return app;
}

describe('IdentityModule', () => {
  describe("mode 'embedded'", () => {
    let dataDir: string;
    beforeEach(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'globetrail-identity-module-'));
    });
    afterEach(async () => {
      await rm(dataDir, { recursive: true, force: true });
    });

    it('closes its SQLite file when the app closes, and a restarted app still accepts earlier tokens', async () => {
      const first = await startApp({ mode: 'embedded', dataDir, insecureFastPasswordHashing: true });
      const identity = first.get(EmbeddedIdentity);
      const { body: session } = await request(first.getHttpServer()).post('/auth/anonymous').expect(201);
      await first.close();
      await expect(identity.createAnonymous()).rejects.toThrow(/not open/);

      const second = await startApp({ mode: 'embedded', dataDir, insecureFastPasswordHashing: true });
      try {
        await request(second.getHttpServer()).get('/probe/me').set('Authorization', session.idToken).expect(200);
      } finally {
        await second.close();
      }
    });

    it('describes the /auth routes in the OpenAPI document', async () => {
      const app = await startApp({ mode: 'embedded', dataDir, insecureFastPasswordHashing: true });
      try {
        const document = SwaggerModule.createDocument(app, new DocumentBuilder().build());
        expect(Object.keys(document.paths)).toEqual(
          expect.arrayContaining(['/auth/anonymous', '/auth/signup', '/auth/signin', '/auth/refresh', '/auth/signout', '/auth/password-policy', '/auth/jwks.json']),
        );
        const signUp = document.paths['/auth/signup']?.post;
        expect(signUp?.tags).toEqual(['auth']);
        expect(JSON.stringify(signUp?.requestBody)).toContain('"minLength":8');
      } finally {
        await app.close();
      }
    });
  });

  describe("mode 'oidc'", () => {
    const issuer = 'https://accounts.example.org';
    const audience = 'globetrail-prod';
    let app: INestApplication;
    let stopKeyServer: () => Promise<void>;
    let token: string;

    beforeAll(async () => {
      const { privateKey, publicKey } = await generateKeyPair('RS256');
      const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }] };
      const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks)));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      stopKeyServer = () => new Promise<void>((resolve) => server.close(() => resolve()));
      const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
      app = await startApp({ mode: 'oidc', issuer, jwksUrl, audience });
      token = await new SignJWT({ email: 'ada@example.org' })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setSubject('oidc-user-1')
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
    });
    afterAll(async () => {
      await app.close();
      await stopKeyServer();
    });

    it("accepts the issuer's tokens in the guards", async () => {
      await request(app.getHttpServer())
        .get('/probe/me')
        .set('Authorization', token)
        .expect(200, { uid: 'oidc-user-1', name: 'ada@example.org', email: 'ada@example.org', isAnonymous: false });
    });

    it('mounts no /auth routes: players sign in at the issuer', async () => {
      await request(app.getHttpServer()).post('/auth/signin').send({ email: 'ada@example.org', password: 'whatever' }).expect(404);
      await request(app.getHttpServer()).get('/auth/password-policy').expect(404);
    });

    it('leaves account deletion to the issuer', async () => {
      await expect(app.get<IdentityAccounts>(IDENTITY_ACCOUNTS).deleteAccount('oidc-user-1')).resolves.toBeUndefined();
    });
  });

  it("answers 503, not 401, while an OIDC issuer's keys cannot be fetched", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const { privateKey } = await generateKeyPair('ES256');
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'ES256', kid: 'k' }).setSubject('u').setIssuer('i').setAudience('a').setExpirationTime('5m').sign(privateKey);
    const app = await startApp({ mode: 'oidc', issuer: 'i', jwksUrl, audience: 'a' });
    try {
      const response = await request(app.getHttpServer()).get('/probe/me').set('Authorization', token).expect(503);
      expect(response.body).toMatchObject({ statusCode: 503, message: expect.stringContaining('try again') });
    } finally {
      await app.close();
    }
  });
});
