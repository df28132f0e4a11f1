import { startTestApp, type TestApp } from '../support/test-app.js';

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
    expect((await all.http.get('/health/live').expect(200)).body).toEqual({ status: 'live', roles: ['api', 'gateway', 'projector', 'relay', 'process-manager'] });
    expect((await all.http.get('/health/ready').expect(200)).body).toEqual({
      status: 'ready',
      roles: ['api', 'gateway', 'projector', 'relay', 'process-manager'],
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
});
