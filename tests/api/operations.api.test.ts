import { signedUpPlayer, startTestApp, type Player, type TestApp } from '../support/test-app.js';

/** The operator calls: read-only checks for the ids in OPERATORS. */
describe('operator calls over HTTP', () => {
  let t: TestApp;
  let operator: Player;
  let player: Player;
  beforeAll(async () => {
    // The operator's id is known once they signed up: the app starts again on the same data with it.
    const first = await startTestApp();
    [operator, player] = [await signedUpPlayer(first, 'Olga'), await signedUpPlayer(first, 'Pat')];
    await first.stop();
    t = await startTestApp({ dataDir: first.dataDir, env: { OPERATORS: operator.profile.uid } });
  });
  afterAll(() => t.close());

  it('lists each read model with its checkpoint, lag and documents', async () => {
    const rows = (await t.http.get('/ops/projections').set('Authorization', operator.token).expect(200)).body as Array<{ name: string; checkpoint: string | null; lag: string; documents: number }>;
    expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(['user-profile', 'leaderboards', 'maps']));
    const profiles = rows.find((row) => row.name === 'user-profile')!;
    expect(profiles).toMatchObject({ checkpoint: expect.stringMatching(/^\d+$/), lag: expect.stringMatching(/^\d+$/) });
    expect(profiles.documents).toBeGreaterThanOrEqual(2);
  });

  it('verifies the live read models against a rebuild', async () => {
    const report = (await t.http.post('/ops/verify').set('Authorization', operator.token).expect(200)).body;
    expect(report).toMatchObject({ differenceCount: 0, differences: [], position: expect.stringMatching(/^\d+$/) });
    expect(report.compared).toBeGreaterThan(300_000);
  }, 120_000);

  it('refuses players who are not operators, and visitors', async () => {
    expect((await t.http.get('/ops/projections').set('Authorization', player.token).expect(403)).body).toMatchObject({ code: 'not_an_operator' });
    await t.http.post('/ops/verify').set('Authorization', player.token).expect(403);
    await t.http.get('/ops/projections').expect(401);
  });
});
