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

  it('rebuilds a read model blue/green in the background while players read it, and says how it went', async () => {
    expect((await t.http.get('/ops/rebuild').set('Authorization', operator.token).expect(200)).body).toEqual({ rebuild: null });
    const started = (await t.http.post('/ops/rebuild').set('Authorization', operator.token).send({ projection: 'user-profile' }).expect(202)).body;
    expect(started).toMatchObject({ state: 'running', projections: ['user-profile'] });
    let job = started;
    let profileReads = 0;
    while (job.state === 'running') {
      // Players go on reading the read model being rebuilt.
      await t.http.get(`/user/profile`).set('Authorization', player.token).expect(200);
      profileReads += 1;
      job = (await t.http.get('/ops/rebuild').set('Authorization', operator.token).expect(200)).body.rebuild;
    }
    expect(profileReads).toBeGreaterThan(0);
    expect(job).toMatchObject({ state: 'done', error: null, results: [{ name: 'user-profile', generation: expect.any(Number), documents: expect.any(Number) }] });
    expect(job.results[0].generation).toBe(job.results[0].replaced + 1);
    const rows = (await t.http.get('/ops/projections').set('Authorization', operator.token).expect(200)).body as Array<{ name: string; documents: number }>;
    expect(rows.find((row) => row.name === 'user-profile')!.documents).toBe(job.results[0].documents);
  }, 60_000);

  it('refuses an unknown read model naming the field, and a second rebuild while one runs', async () => {
    const unknown = (await t.http.post('/ops/rebuild').set('Authorization', operator.token).send({ projection: 'everything' }).expect(400)).body;
    expect(JSON.stringify(unknown)).toMatch(/projection/);
    await t.http.post('/ops/rebuild').set('Authorization', operator.token).send({ projection: 'all' }).expect(202);
    const busy = (await t.http.post('/ops/rebuild').set('Authorization', operator.token).send({ projection: 'maps' }).expect(409)).body;
    expect(busy).toMatchObject({ code: 'rebuild_running' });
    await t.http.post('/ops/rebuild').set('Authorization', player.token).send({ projection: 'maps' }).expect(403);
  });

  it('refuses players who are not operators, and visitors', async () => {
    expect((await t.http.get('/ops/projections').set('Authorization', player.token).expect(403)).body).toMatchObject({ code: 'not_an_operator' });
    await t.http.post('/ops/verify').set('Authorization', player.token).expect(403);
    await t.http.get('/ops/projections').expect(401);
  });
});
