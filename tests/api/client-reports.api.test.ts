import { randomUUID } from 'node:crypto';
import type { ClientConfig, OperatorReports } from '@globetrail/contracts';
import { anonymousPlayer, signedUpPlayer, startTestApp, type Player, type TestApp } from '../support/test-app.js';

const failure = (message: string) => ({ kind: 'error', name: 'TypeError', message, stack: 'TypeError: x\n    at play (/assets/index.js:1:2)', page: '/#/game/abc', release: '1.0.626' });

/** SPEC §8's reports: Developer Tools seen open, failures browsers met; and SPEC §1's brands and release. */
describe('client reports', () => {
  let t: TestApp;
  let operator: Player;
  let cheater: Player;
  beforeAll(async () => {
    const first = await startTestApp();
    [operator, cheater] = [await signedUpPlayer(first, 'Olga'), await signedUpPlayer(first, 'Carl')];
    await first.stop();
    t = await startTestApp({
      dataDir: first.dataDir,
      env: { OPERATORS: operator.profile.uid, RELEASE_ID: '1.0.626', SISTER_BRAND_HOSTS: 'terra.example', SISTER_BRAND_URL: 'https://terra.example/' },
    });
  });
  afterAll(() => t.close());

  /**
   * GET /ops/reports once the operators' read model has caught up with every event (a report is acknowledged
   * when it is stored; the read model follows a moment later, and reports do not wait for it).
   */
  const settledReports = async (): Promise<OperatorReports> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const rows = (await t.http.get('/ops/projections').set('Authorization', operator.token).expect(200)).body as Array<{ name: string; lag: string }>;
      if (rows.find((row) => row.name === 'operator-reports')?.lag === '0' || Date.now() > deadline) break;
    }
    return (await t.http.get('/ops/reports').set('Authorization', operator.token).expect(200)).body as OperatorReports;
  };

  it('records a signed-up player’s Developer Tools report on their stream, once a minute, and counts it for operators', async () => {
    expect((await t.http.post('/user/cheating-report').set('Authorization', cheater.token).send({}).expect(200)).body).toEqual({ recorded: true });
    // A page left open reports every second: the next minute's worth answers without recording.
    expect((await t.http.post('/user/cheating-report').set('Authorization', cheater.token).send({}).expect(200)).body).toEqual({ recorded: false });
    expect((await settledReports()).cheating).toEqual([{ userId: cheater.profile.uid, count: 1, lastAt: expect.any(String) }]);
  });

  it('refuses a report without a token, from a guest, or with a body SPEC does not send', async () => {
    await t.http.post('/user/cheating-report').send({}).expect(401);
    const guest = await anonymousPlayer(t);
    const refused = await t.http.post('/user/cheating-report').set('Authorization', guest.token).send({}).expect(403);
    expect(refused.body.code).toBe('anonymous_not_allowed');
    const bad = await t.http.post('/user/cheating-report').set('Authorization', cheater.token).send({ cheating: false }).expect(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed', field: 'body' });
  });

  it('shows the reports to operators only', async () => {
    const refused = await t.http.get('/ops/reports').set('Authorization', cheater.token).expect(403);
    expect(refused.body.code).toBe('not_an_operator');
    await t.http.get('/ops/reports').expect(401);
  });

  it('keeps a failure a browser reports, with its player when signed in, and counts a resent report once', async () => {
    const reportId = randomUUID();
    const first = await t.http.post('/client-errors').set('Authorization', cheater.token).set('X-Report-Id', reportId).set('User-Agent', 'Chromium test').send(failure('map is undefined')).expect(202);
    expect(first.body).toEqual({ recorded: true, reportId });
    await t.http.post('/client-errors').set('Authorization', cheater.token).set('X-Report-Id', reportId).send(failure('map is undefined')).expect(202);
    const { clientErrors } = await settledReports();
    expect(clientErrors.total).toBe(1);
    expect(clientErrors.latest[0]).toMatchObject({ id: reportId, userId: cheater.profile.uid, kind: 'error', message: 'map is undefined', page: '/#/game/abc', userAgent: 'Chromium test' });
  });

  it('refuses a malformed report naming the field', async () => {
    const badKind = await t.http.post('/client-errors').send({ ...failure('x'), kind: 'crash' }).expect(400);
    expect(badKind.body.field).toBe('kind');
    const { message: _message, ...noMessage } = failure('x');
    expect((await t.http.post('/client-errors').send(noMessage).expect(400)).body.field).toBe('message');
    expect((await t.http.post('/client-errors').send({ ...failure('x'), stack: 'y'.repeat(4001) }).expect(400)).body.field).toBe('stack');
    expect((await t.http.post('/client-errors').set('X-Report-Id', 'not-a-uuid').send(failure('x')).expect(400)).body.field).toBe('x-report-id');
  });

  it('keeps ten reports a minute from one address, then answers 429 with Retry-After', async () => {
    const fresh = await startTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      for (let i = 0; i < 10; i += 1) await fresh.http.post('/client-errors').send(failure(`loop ${i}`)).expect(202);
      const limited = await fresh.http.post('/client-errors').send(failure('loop 10')).expect(429);
      expect(limited.body.code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    } finally {
      await fresh.close();
    }
  });

  it('serves the main brand, the sister brand on its host names, and the configured release id', async () => {
    const main = (await t.http.get('/client-config').expect(200)).body as ClientConfig;
    expect(main.releaseId).toBe('1.0.626');
    expect(main.brand).toEqual({ id: 'main', name: 'GlobeTrail', color: '#e40a0a', url: null });
    expect(main.sisterBrand).toEqual({ id: 'sister', name: 'TerraTrail', color: '#0b6bcb', url: 'https://terra.example/' });
    const sister = (await t.http.get('/client-config').set('Host', 'terra.example').expect(200)).body as ClientConfig;
    expect(sister.brand.name).toBe('TerraTrail');
    expect(sister.sisterBrand.name).toBe('GlobeTrail');
  });
});
