import { LiveClient } from '../support/live-client.js';
import { anonymousPlayer, startTestApp, type TestApp } from '../support/test-app.js';

/** One sample's value from Prometheus' text format, or null when the sample is missing. */
function sample(text: string, name: string): number | null {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? null : Number(line.slice(name.length + 1));
}

describe('roles and health checks', () => {
  let all: TestApp;
  let managers: TestApp;
  beforeAll(async () => {
    [all, managers] = await Promise.all([startTestApp(), startTestApp({ env: { ROLES: 'process-manager,relay' } })]);
  });
  afterAll(async () => {
    await Promise.all([all.close(), managers.close()]);
  });

  it('runs every role by default and says it is live and ready', async () => {
    expect((await all.http.get('/health/live').expect(200)).body).toEqual({ status: 'live', roles: ['api', 'gateway', 'projector', 'relay', 'process-manager', 'identity'] });
    expect((await all.http.get('/health/ready').expect(200)).body).toEqual({
      status: 'ready',
      roles: ['api', 'gateway', 'projector', 'relay', 'process-manager', 'identity'],
      checks: { eventStore: 'ok', readStore: 'ok' },
    });
  });

  it('a process without the web roles answers its health checks and nothing of the game', async () => {
    expect((await managers.http.get('/health/live').expect(200)).body).toEqual({ status: 'live', roles: ['process-manager', 'relay'] });
    expect((await managers.http.get('/health/ready').expect(200)).body).toMatchObject({ status: 'ready', checks: { eventStore: 'ok', readStore: 'ok' } });
    await managers.http.post('/solo').send({}).expect(404);
    await managers.http.get('/maps/world').expect(404);
    await managers.http.get('/').expect(404);
  });

  it('reports Prometheus metrics: appends and commands by category, open sockets, read models’ lag', async () => {
    const scrape = async () => {
      const response = await all.http.get('/metrics').expect(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return response.text;
    };
    const before = await scrape();
    const player = await anonymousPlayer(all);
    const game = (await all.http.post('/solo').set('Authorization', player.token).send({}).expect(201)).body as { gameId: string };
    await all.http.post(`/solo/${game.gameId}/guess`).set('Authorization', player.token).send({ roundIndex: 0, guess: { lat: 10, lng: 10 } }).expect(200);
    const client = await LiveClient.connect(all, player);
    const after = await scrape();
    client.socket.disconnect();

    const solo = 'globetrail_appended_events_total{category="solo"}';
    expect(sample(after, solo)! - (sample(before, solo) ?? 0)).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'globetrail_command_seconds_count{category="solo"}')).toBeGreaterThanOrEqual(2);
    expect(sample(after, 'globetrail_sockets')).toBe((sample(before, 'globetrail_sockets') ?? 0) + 1);
    // Every read model reports its lag; the ones the guess waited for have caught up with it.
    expect(sample(after, 'globetrail_projection_lag_positions{projection="solo-game"}')).toBe(0);
    expect(after).toContain('globetrail_projection_lag_positions{projection="leaderboards"}');
    expect(after).toContain('globetrail_process_cpu_seconds_total');
  });
});

describe('api and gateway apart', () => {
  let api: TestApp;
  let gateway: TestApp;
  beforeAll(async () => {
    // Each holds the projector here: with the embedded stores there is no Kafka to hear commits through.
    [api, gateway] = await Promise.all([startTestApp({ env: { ROLES: 'api,projector,identity' } }), startTestApp({ env: { ROLES: 'gateway,projector,identity' } })]);
  });
  afterAll(async () => {
    await Promise.all([api.close(), gateway.close()]);
  });

  it('the api role serves HTTP calls and the client, and no sockets', async () => {
    const player = await anonymousPlayer(api);
    await api.http.post('/solo').set('Authorization', player.token).send({}).expect(201);
    await api.http.get('/arena/nplayers').expect(200);
    await api.http.get('/').expect(200);
    await api.http.get('/socket.io/?EIO=4&transport=polling').expect(404);
  });

  it('the gateway role serves sockets, and no HTTP calls of the game', async () => {
    const session = (await gateway.http.post('/auth/anonymous').expect(201)).body as { idToken: string };
    const client = await LiveClient.connect(gateway, { token: session.idToken });
    expect(client.socket.connected).toBe(true);
    client.socket.disconnect();
    await gateway.http.post('/solo').set('Authorization', session.idToken).send({}).expect(404);
    await gateway.http.get('/').expect(404);
  });
});
