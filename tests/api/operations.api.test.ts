import { createHash } from 'node:crypto';
import { get } from 'node:http';
import { EVENT_STORE } from '../../services/src/app/tokens.js';
import type { EventStore } from '../../services/src/platform/event-store/event-store.port.js';
import { signedUpPlayer, startTestApp, type Player, type TestApp } from '../support/test-app.js';

/** GET /ops/export with Node's own client, which keeps the response's trailers. */
function exportOver(t: TestApp, token: string, after?: bigint): Promise<{ status: number; body: string; trailers: NodeJS.Dict<string> }> {
  const { port } = t.app.getHttpServer().address() as { port: number };
  const path = `/ops/export${after === undefined ? '' : `?after=${after}`}`;
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers: { Authorization: token } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString('utf8'), trailers: response.trailers }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

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
    expect(profiles).toMatchObject({ checkpoint: expect.stringMatching(/^\d+$/), lag: expect.stringMatching(/^\d+$/), version: 1, currentVersion: 1 });
    expect(rows.find((row) => row.name === 'leaderboards')).toMatchObject({ version: 2, currentVersion: 2 });
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

  it('exports the log over HTTP with its checksum, resumes after a position, and imports it into another game', async () => {
    const events = await t.app.get<EventStore>(EVENT_STORE).readAll();
    const full = await exportOver(t, operator.token);
    expect(full.status).toBe(200);
    const lines = full.body.split('\n').filter((line) => line !== '');
    expect(lines.length).toBe(events.length);
    expect(full.trailers).toMatchObject({
      'x-export-sha256': createHash('sha256').update(full.body).digest('hex'),
      'x-export-events': String(events.length),
      'x-export-last-position': events.at(-1)!.position.toString(),
    });
    // A download cut short carries on after the last whole line it got.
    const resumed = await exportOver(t, operator.token, events[9]!.position);
    expect(resumed.body).toBe(lines.slice(10).map((line) => `${line}\n`).join(''));
    expect((await exportOver(t, player.token)).status).toBe(403);

    // Another game (its operator signed up first) takes the export; the checksum must match the body.
    const first = await startTestApp();
    const olaf = await signedUpPlayer(first, 'Olaf');
    await first.stop();
    const target = await startTestApp({ dataDir: first.dataDir, env: { OPERATORS: olaf.profile.uid } });
    try {
      const send = (body: string, sha: string, type = 'application/x-ndjson') => target.http.post('/ops/import').set('Authorization', olaf.token).set('Content-Type', type).set('X-Export-SHA256', sha).send(body);
      const sha = full.trailers['x-export-sha256']!;
      const bad = (await send(full.body.slice(0, -10), sha).expect(400)).body;
      expect(bad).toMatchObject({ code: 'validation_failed', field: 'X-Export-SHA256' });
      expect(bad.message).toMatch(/nothing was imported/);
      await send(full.body, sha, 'text/plain').expect(415);
      const before = (await target.app.get<EventStore>(EVENT_STORE).readAll()).length;
      const imported = (await send(full.body, sha).expect(200)).body;
      expect(imported.events).toBe(events.length);
      const after = await target.app.get<EventStore>(EVENT_STORE).readAll();
      const ids = new Set(after.map((event) => event.id));
      expect(events.every((event) => ids.has(event.id))).toBe(true);
      // Sent again: every event is recognised, nothing is appended twice.
      await send(full.body, sha).expect(200);
      expect((await target.app.get<EventStore>(EVENT_STORE).readAll()).length).toBe(after.length);
      expect(after.length).toBeGreaterThan(before);
    } finally {
      await target.close();
    }
  }, 120_000);

  it('refuses players who are not operators, and visitors', async () => {
    expect((await t.http.get('/ops/projections').set('Authorization', player.token).expect(403)).body).toMatchObject({ code: 'not_an_operator' });
    await t.http.post('/ops/verify').set('Authorization', player.token).expect(403);
    await t.http.get('/ops/projections').expect(401);
  });
});
