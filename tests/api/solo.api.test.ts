import { greatCircleDistance, type PlaceGuessResponse, scoreForDistance, type SoloGameView, type SoloRoundView, type StartSoloGameResponse } from '@globetrail/contracts';
import { SAMPLE_PLACES } from '../../services/src/imagery/sample/sample-places.js';
import { anonymousPlayer, type Player, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let player: Player;

beforeAll(async () => {
  t = await startTestApp();
  player = await anonymousPlayer(t);
});
afterAll(() => t.close());

const start = async (who = player) => (await t.http.post('/solo').set('Authorization', who.token).send({}).expect(201)).body as StartSoloGameResponse;
const guess = (gameId: string, body: unknown, who = player) => t.http.post(`/solo/${gameId}/guess`).set('Authorization', who.token).send(body as object);

/** Every way the target's coordinates could be written in a response, to 3 decimals. */
function coordinateNeedles(target: { lat: number; lng: number }): string[] {
  const lat = target.lat.toFixed(3);
  const lng = target.lng.toFixed(3);
  return [lat, lng, `${lat},${lng}`, `${lng},${lat}`];
}

describe('single-player rounds over HTTP', () => {
  it('plays a round: an opaque picture first, then the server-scored result', async () => {
    const game = await start();
    expect(game.round).toMatchObject({ roundIndex: 0, shared: false });
    expect(game.round.panoramaUrl).toMatch(/^\/pano\/[A-Za-z0-9_-]{22}$/);

    const picture = await t.http.get(game.round.panoramaUrl).expect(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.headers.etag).toBeUndefined();
    expect((picture.body as Buffer).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    const view = (await t.http.get(`/solo/${game.gameId}`).set('Authorization', player.token).expect(200)).body as SoloGameView;
    const { now: _now, ...started } = game.round;
    expect(view.rounds).toEqual([{ ...started, result: null }]);

    const response = await guess(game.gameId, { roundIndex: 0, guess: { lat: 10, lng: 10 } }).expect(200);
    const { result, totalPoints } = response.body as PlaceGuessResponse;
    const distance = greatCircleDistance({ lat: 10, lng: 10 }, result.target);
    expect(result.distanceMeters).toBeCloseTo(distance, 3);
    expect(result.points).toBe(scoreForDistance(distance, game.maxMapDistance));
    expect(totalPoints).toBe(result.points);

    // Nothing the client received before the result carried the target.
    const before = JSON.stringify([game, view]);
    for (const needle of coordinateNeedles(result.target)) expect(before).not.toContain(needle);

    const after = (await t.http.get(`/solo/${game.gameId}`).set('Authorization', player.token).expect(200)).body as SoloGameView;
    expect(after.rounds[0]!.result).toEqual(result);
    expect(after.totalPoints).toBe(result.points);
  });

  it('starts the next round once, even when the request is retried', async () => {
    const game = await start();
    await guess(game.gameId, { roundIndex: 0, guess: { lat: 0, lng: 0 } }).expect(200);
    const first = (await t.http.post(`/solo/${game.gameId}/rounds`).set('Authorization', player.token).send({ roundIndex: 1 }).expect(201)).body as SoloRoundView;
    const retry = (await t.http.post(`/solo/${game.gameId}/rounds`).set('Authorization', player.token).send({ roundIndex: 1 }).expect(201)).body as SoloRoundView;
    expect({ ...retry, now: first.now }).toEqual(first);
    expect(first.panoramaUrl).not.toBe(game.round.panoramaUrl);
    const view = (await t.http.get(`/solo/${game.gameId}`).set('Authorization', player.token).expect(200)).body as SoloGameView;
    expect(view.rounds.map((r) => r.roundIndex)).toEqual([0, 1]);
  });

  it('never shows the same picture twice in a game while fresh ones remain', async () => {
    const game = await start();
    const urls = new Set([game.round.panoramaUrl]);
    const results = new Set<string>();
    for (let roundIndex = 0; roundIndex < 5; roundIndex++) {
      if (roundIndex > 0) urls.add(((await t.http.post(`/solo/${game.gameId}/rounds`).set('Authorization', player.token).send({ roundIndex }).expect(201)).body as SoloRoundView).panoramaUrl);
      const { result } = (await guess(game.gameId, { roundIndex, guess: { lat: 0, lng: 0 } }).expect(200)).body as PlaceGuessResponse;
      results.add(`${result.target.lat},${result.target.lng}`);
    }
    expect(urls.size).toBe(5);
    expect(results.size).toBe(5);
  });

  it('answers a retried identical guess with the same result, and refuses a different second guess', async () => {
    const game = await start();
    const first = (await guess(game.gameId, { roundIndex: 0, guess: { lat: 1, lng: 2 } }).expect(200)).body as PlaceGuessResponse;
    const again = (await guess(game.gameId, { roundIndex: 0, guess: { lat: 1, lng: 2 } }).expect(200)).body as PlaceGuessResponse;
    expect(again).toEqual(first);
    const other = await guess(game.gameId, { roundIndex: 0, guess: { lat: 3, lng: 4 } }).expect(409);
    expect(other.body).toMatchObject({ statusCode: 409, code: 'round_already_guessed' });
  });

  it.each([
    ['guess.lat', { roundIndex: 0, guess: { lat: 91, lng: 0 } }],
    ['guess.lng', { roundIndex: 0, guess: { lat: 0, lng: 'east' } }],
    ['guess', { roundIndex: 0 }],
    ['roundIndex', { roundIndex: -1, guess: { lat: 0, lng: 0 } }],
  ])('refuses a bad guess with a 400 naming %s, and records nothing', async (field, body) => {
    const game = await start();
    const response = await guess(game.gameId, body).expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, code: 'validation_failed', field });
    expect(response.body.message).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
    const view = (await t.http.get(`/solo/${game.gameId}`).set('Authorization', player.token).expect(200)).body as SoloGameView;
    expect(view.rounds[0]!.result).toBeNull();
  });

  it('plays under a time limit: the round states its deadline, a late guess is refused, and the round then ends with no guess', async () => {
    const fast = await startTestApp({ env: { CLOCK_SPEED: '20' } });
    try {
      const who = await anonymousPlayer(fast);
      const game = (await fast.http.post('/solo').set('Authorization', who.token).send({ rl: 10, gat: false }).expect(201)).body as StartSoloGameResponse;
      expect(game.settings).toMatchObject({ rl: 10, gat: false, nm: false, nmpz: false });
      const { startedAt, timeUp, deadline } = game.round;
      expect(Date.parse(timeUp!) - Date.parse(startedAt)).toBe(10_000);
      expect(Date.parse(deadline!) - Date.parse(startedAt)).toBe(13_000);
      expect((await fast.http.post(`/solo/${game.gameId}/guess`).set('Authorization', who.token).send({ roundIndex: 0, guess: null }).expect(400)).body).toMatchObject({ field: 'guess' });
      // Wait for the server's deadline (its clock runs 20 times faster than this one).
      await new Promise((resolve) => setTimeout(resolve, (Date.parse(deadline!) - Date.parse(game.round.now!)) / 20 + 50));
      const late = await fast.http.post(`/solo/${game.gameId}/guess`).set('Authorization', who.token).send({ roundIndex: 0, guess: { lat: 1, lng: 1 } }).expect(409);
      expect(late.body).toMatchObject({ code: 'round_time_over', field: 'guess' });
      const ended = (await fast.http.post(`/solo/${game.gameId}/guess`).set('Authorization', who.token).send({ roundIndex: 0, guess: null }).expect(200)).body as PlaceGuessResponse;
      expect(ended.result).toMatchObject({ guess: null, distanceMeters: null, points: 0 });
      expect((await fast.http.post('/solo').set('Authorization', who.token).send({ rl: 0 }).expect(400)).body).toMatchObject({ field: 'rl' });
    } finally {
      await fast.close();
    }
  });

  it('refuses malformed JSON with a 400 naming the body', async () => {
    const game = await start();
    const response = await t.http.post(`/solo/${game.gameId}/guess`).set('Authorization', player.token).set('Content-Type', 'application/json').send('{"roundIndex": 0,').expect(400);
    expect(response.body).toMatchObject({ code: 'validation_failed', field: 'body' });
  });

  it("keeps players out of each other's games", async () => {
    const game = await start();
    const intruder = await anonymousPlayer(t);
    await t.http.get(`/solo/${game.gameId}`).set('Authorization', intruder.token).expect(403);
    const response = await guess(game.gameId, { roundIndex: 0, guess: { lat: 0, lng: 0 } }, intruder).expect(403);
    expect(response.body).toMatchObject({ code: 'forbidden' });
  });

  it('answers 404 for unknown games, maps and panoramas, and 401 without a token', async () => {
    await t.http.get('/solo/nope').set('Authorization', player.token).expect(404);
    const map = await t.http.post('/solo').set('Authorization', player.token).send({ mapId: 'atlantis' }).expect(404);
    expect(map.body).toMatchObject({ field: 'mapId' });
    await t.http.get('/pano/AAAAAAAAAAAAAAAAAAAAAA').expect(404);
    const anonymous = await t.http.post('/solo').send({}).expect(401);
    expect(anonymous.body).toMatchObject({ code: 'unauthenticated' });
  });

  it('refuses to start a round before the current one is guessed', async () => {
    const game = await start();
    const response = await t.http.post(`/solo/${game.gameId}/rounds`).set('Authorization', player.token).send({ roundIndex: 1 }).expect(409);
    expect(response.body).toMatchObject({ code: 'round_not_guessed' });
  });

  it('plays a shared location (route loc/{lat,lng}) as the round, with the nearest picture', async () => {
    const probe = await start();
    const { result } = (await guess(probe.gameId, { roundIndex: 0, guess: { lat: 0, lng: 0 } }).expect(200)).body as PlaceGuessResponse;
    const at = { lat: result.target.lat + 0.01, lng: result.target.lng };
    const shared = (await t.http.post('/solo').set('Authorization', player.token).send({ at }).expect(201)).body as StartSoloGameResponse;
    expect(shared.round.shared).toBe(true);
    const sharedResult = (await guess(shared.gameId, { roundIndex: 0, guess: at }).expect(200)).body as PlaceGuessResponse;
    // The same place, in a scene of its own: an offline round's camera stands within 3 km of its place.
    const place = SAMPLE_PLACES.find((candidate) => greatCircleDistance(candidate, result.target) < 3_100)!;
    expect(greatCircleDistance(sharedResult.result.target, place)).toBeLessThan(3_100);
    const nowhere = await t.http.post('/solo').set('Authorization', player.token).send({ at: { lat: -60, lng: -140 } }).expect(404);
    expect(nowhere.body).toMatchObject({ code: 'no_imagery', field: 'at' });
  });
});
