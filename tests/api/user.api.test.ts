import type { NameAndImage, PublicProfileView, UserProfileView } from '@globetrail/contracts';
import { anonymousPlayer, signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('user calls (SPEC §7)', () => {
  it('POST /user/create makes a profile once and answers the same profile when repeated', async () => {
    const player = await signedUpPlayer(t, 'Grace');
    expect(player.profile).toMatchObject({ name: 'Grace', isAnonymous: false, points: 0, level: 0, nGames: 0, bestGuessInMeters: null, rank: expect.any(Number) });
    const again = (await t.http.post('/user/create').set('Authorization', player.token).expect(201)).body as UserProfileView;
    expect(again).toEqual(player.profile);
  });

  it('accepts the token with or without a "Bearer " prefix, and refuses a bad one', async () => {
    const player = await signedUpPlayer(t);
    await t.http.get('/user/profile').set('Authorization', player.token).expect(200);
    await t.http.get('/user/profile').set('Authorization', `Bearer ${player.token}`).expect(200);
    const bad = await t.http.get('/user/profile').set('Authorization', 'not-a-token').expect(401);
    expect(bad.body).toMatchObject({ statusCode: 401, code: 'unauthenticated' });
    await t.http.get('/user/profile').expect(401);
  });

  it('keeps the same player when an anonymous visitor signs up', async () => {
    const visitor = await anonymousPlayer(t);
    expect(visitor.profile).toMatchObject({ isAnonymous: true, rank: null, name: 'Anonymous' });
    const signedUp = await t.http.post('/auth/signup').set('Authorization', visitor.token).send({ name: 'Lin', email: `lin-${Date.now()}@example.org`, password: 'secret-one' }).expect(201);
    expect(signedUp.body.user.uid).toBe(visitor.profile.uid);
    const profile = (await t.http.post('/user/create').set('Authorization', signedUp.body.idToken).expect(201)).body as UserProfileView;
    expect(profile).toMatchObject({ uid: visitor.profile.uid, name: 'Lin', isAnonymous: false, rank: expect.any(Number) });
  });

  it('shows public profiles of signed-up players only', async () => {
    const player = await signedUpPlayer(t, 'Hedy');
    const shown = (await t.http.get(`/user/profile/public/${player.profile.uid}`).expect(200)).body as PublicProfileView;
    expect(shown).toMatchObject({ uid: player.profile.uid, name: 'Hedy', photoUrl: '', points: 0 });
    expect(shown).not.toHaveProperty('isAnonymous');
    const visitor = await anonymousPlayer(t);
    await t.http.get(`/user/profile/public/${visitor.profile.uid}`).expect(404);
    await t.http.get('/user/profile/public/nobody').expect(404);
  });

  it("answers NameAndImage with the tier, 'Anonymous' by name only for guests, and 'Unknown' with an empty photo for unknown ids", async () => {
    const player = await signedUpPlayer(t, 'Katherine');
    const guest = await anonymousPlayer(t);
    expect((await t.http.get(`/user/profile/NameAndImage/${guest.profile.uid}`).expect(200)).body).toEqual<NameAndImage>({ name: 'Anonymous', photoUrl: '', isAnon: true, tier: null });
    expect((await t.http.get(`/user/profile/NameAndImage/${player.profile.uid}`).expect(200)).body).toEqual<NameAndImage>({ name: 'Katherine', photoUrl: '', isAnon: false, tier: 'bronze' });
    expect((await t.http.get('/user/profile/NameAndImage/nobody').expect(200)).body).toEqual<NameAndImage>({ name: 'Unknown', photoUrl: '', isAnon: false, tier: null });
  });

  it('GET /user/delete removes the profile, the leaderboard entry and the sign-in account', async () => {
    const email = `del-${Date.now()}@example.org`;
    const session = (await t.http.post('/auth/signup').send({ name: 'Gone', email, password: 'secret-one' }).expect(201)).body;
    await t.http.post('/user/create').set('Authorization', session.idToken).expect(201);
    expect((await t.http.get('/user/delete').set('Authorization', session.idToken).expect(200)).body).toEqual({ deleted: true });
    await t.http.get(`/user/profile/public/${session.user.uid}`).expect(404);
    const board = (await t.http.get('/leaderboard/points?pageSize=100').expect(200)).body;
    expect(board.entries.map((e: { uid: string }) => e.uid)).not.toContain(session.user.uid);
    await t.http.post('/auth/signin').send({ email, password: 'secret-one' }).expect(401);
  });

  it('serves the OpenAPI document with the SPEC paths', async () => {
    const doc = (await t.http.get('/docs/openapi.json').expect(200)).body as { paths: Record<string, unknown> };
    for (const path of ['/user/profile', '/user/profile/public/{id}', '/user/profile/NameAndImage/{id}', '/user/create', '/user/delete', '/score/submit', '/solo', '/solo/{gameId}/guess']) {
      expect(doc.paths).toHaveProperty([path]);
    }
  });

  it('refuses a bad leaderboard page with a 400 naming the query field', async () => {
    const response = await t.http.get('/leaderboard/points?pageSize=1000').expect(400);
    expect(response.body).toMatchObject({ field: 'pageSize' });
  });
});
