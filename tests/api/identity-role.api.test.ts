import type { AuthSession, UserProfileView } from '@globetrail/contracts';
import { EVENT_STORE } from '../../services/src/app/tokens.js';
import type { EventStore } from '../../services/src/platform/event-store/event-store.port.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The split the Kubernetes manifests deploy: the identity role holds the built-in accounts, and web
 * replicas verify its tokens through its JWKS as they would an external OIDC issuer.
 */
describe('the identity role apart from the web role', () => {
  let identity: TestApp;
  let web: TestApp;
  beforeAll(async () => {
    identity = await startTestApp({ env: { ROLES: 'identity,relay' } });
    web = await startTestApp({
      env: {
        ROLES: 'api,gateway,projector',
        IDENTITY_MODE: 'oidc',
        OIDC_ISSUER: 'globetrail-embedded',
        OIDC_JWKS_URL: `${await identity.app.getUrl()}/auth/jwks.json`,
        OIDC_AUDIENCE: 'globetrail',
      },
    });
  });
  afterAll(async () => {
    await Promise.all([identity.close(), web.close()]);
  });

  it('signs players up on the identity role; the web role trusts its tokens and serves no /auth of its own', async () => {
    const email = `split-${Date.now()}@example.org`;
    const session = (await identity.http.post('/auth/signup').send({ name: 'Split', email, password: 'a long enough password' }).expect(201)).body as AuthSession;
    const profile = (await web.http.post('/user/create').set('Authorization', session.idToken).expect(201)).body as UserProfileView;
    expect(profile).toMatchObject({ uid: session.user.uid, name: 'Split', isAnonymous: false });
    const guest = (await identity.http.post('/auth/anonymous').expect(201)).body as AuthSession;
    expect(((await web.http.post('/user/create').set('Authorization', guest.idToken).expect(201)).body as UserProfileView).isAnonymous).toBe(true);
    await web.http.post('/auth/signup').send({ name: 'Nope', email: `x-${email}`, password: 'a long enough password' }).expect(404);
    await identity.http.post('/solo').set('Authorization', session.idToken).send({}).expect(404);
  });

  it('forgets a player’s credentials when a UserDeleted event reaches it', async () => {
    const email = `gone-${Date.now()}@example.org`;
    const password = 'a long enough password';
    const session = (await identity.http.post('/auth/signup').send({ name: 'Gone', email, password }).expect(201)).body as AuthSession;
    // As the web role records it (here on the identity process's own store, which its relay publishes).
    await (identity.app.get(EVENT_STORE) as EventStore).append(
      `user-${session.user.uid}`,
      [{ id: crypto.randomUUID(), type: 'UserDeleted', data: { userId: session.user.uid, deletedAt: new Date().toISOString() }, metadata: { schemaVersion: 1 } }],
      'any',
    );
    for (let attempt = 0; ; attempt++) {
      const answer = await identity.http.post('/auth/signin').send({ email, password });
      if (answer.status === 401) break;
      expect(answer.status).toBe(200);
      if (attempt > 100) throw new Error('the account was never deleted');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
