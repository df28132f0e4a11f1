import type { GameView } from '@globetrail/contracts';
import { LiveClient } from '../support/live-client.js';
import { signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

/** `globetrail_round_pictures_encoded_total{reason}` from GET /metrics (0 before the first). */
async function encoded(t: TestApp, reason: 'warmed' | 'requested'): Promise<number> {
  const text = (await t.http.get('/metrics').expect(200)).text;
  const line = text.split('\n').find((candidate) => candidate.startsWith(`globetrail_round_pictures_encoded_total{reason="${reason}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

async function eventually(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Two players start a duel; resolves with its first round's picture address once the round is announced. */
async function announcedRound(t: TestApp, clients: LiveClient[]): Promise<string> {
  const [ada, bo] = [await signedUpPlayer(t, 'Ada'), await signedUpPlayer(t, 'Bo')];
  const gameId = ((await t.http.post('/games').set('Authorization', ada.token).send({ gameT: 'D' }).expect(201)).body as { gameId: string }).gameId;
  const [a, b] = [await LiveClient.connect(t, ada), await LiveClient.connect(t, bo)];
  clients.push(a, b);
  await a.ok('JoinGame', { gameId });
  await b.ok('JoinGame', { gameId });
  await a.ok('SetReady', { gameId, ready: true });
  await b.ok('SetReady', { gameId, ready: true });
  const announced = await a.until(gameId, (view: GameView) => view.rounds[0]?.pano?.url !== undefined, 'round 0 to be announced');
  return announced.rounds[0]!.pano!.url;
}

describe('with ROUND_PICTURE_WARMING=off', () => {
  let t: TestApp;
  const clients: LiveClient[] = [];
  beforeAll(async () => {
    t = await startTestApp({ env: { ROUND_PICTURE_WARMING: 'off' } });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t.close();
  });

  it("a live round's picture is encoded on its players' first request, once", async () => {
    const url = await announcedRound(t, clients);
    await t.http.get(url).expect(200);
    await t.http.get(url).expect(200);
    expect(await encoded(t, 'requested')).toBe(1);
    expect(await encoded(t, 'warmed')).toBe(0);
  });
});

describe("a live round's picture", () => {
  let t: TestApp;
  const clients: LiveClient[] = [];
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await t.close();
  });

  it('is encoded during the countdown, so its players get it without waiting for an encode', async () => {
    const [ada, bo] = [await signedUpPlayer(t, 'Ada'), await signedUpPlayer(t, 'Bo')];
    const gameId = ((await t.http.post('/games').set('Authorization', ada.token).send({ gameT: 'D' }).expect(201)).body as { gameId: string }).gameId;
    const [a, b] = [await LiveClient.connect(t, ada), await LiveClient.connect(t, bo)];
    clients.push(a, b);
    await a.ok('JoinGame', { gameId });
    await b.ok('JoinGame', { gameId });
    const before = { warmed: await encoded(t, 'warmed'), requested: await encoded(t, 'requested') };
    await a.ok('SetReady', { gameId, ready: true });
    await b.ok('SetReady', { gameId, ready: true });

    // The round is announced with its picture's address: the server encodes it before anyone asks.
    const announced = await a.until(gameId, (view: GameView) => view.rounds[0]?.pano?.url !== undefined, 'round 0 to be announced');
    await eventually(async () => (await encoded(t, 'warmed')) === before.warmed + 1, 'the round picture to be warmed');

    const picture = await t.http.get(announced.rounds[0]!.pano!.url).expect(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    // Served from what was warmed: nothing encoded on the players' requests.
    await t.http.get(announced.rounds[0]!.pano!.url).expect(200);
    expect(await encoded(t, 'requested')).toBe(before.requested);
    expect(await encoded(t, 'warmed')).toBe(before.warmed + 1);
  });
});
