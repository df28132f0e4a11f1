import type { ClientConfig, ImageryStatus, PlaceGuessResponse, SoloGameView, SoloRoundView, StartSoloGameResponse, UserProfileView } from '@globetrail/contracts';
import { GoogleStandIn, METADATA_PATH } from '../../services/src/imagery/google/fixtures/google-stand-in.js';
import { gameEvents, LiveClient } from '../support/live-client.js';
import { submissionFor } from '../support/play.js';
import { type Player, signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The whole app on Google Street View, against a local stand-in of Google's metadata API that has a
 * panorama near every point. Google's rounds are the one exception to answer-blindness (Google's viewer
 * shows them in the browser): they reach the client with a panorama id, are marked, and are never ranked.
 */
const KEY = 'AIzaSyStandIn-0123456789_abcdefghijklmn';

let google: GoogleStandIn;
let t: TestApp;
const clients: LiveClient[] = [];

beforeAll(async () => {
  google = await GoogleStandIn.start({ everywhere: true });
  t = await startTestApp({ env: { IMAGERY_PROVIDER: 'google', GOOGLE_MAPS_API_KEY: KEY, GOOGLE_MAPS_URL: google.base, CLOCK_SPEED: '20' } });
  // The provider is probed in the background at boot; rounds use it once it has answered.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = (await t.http.get('/imagery/status').expect(200)).body as ImageryStatus;
    if (status.serving === 'google') break;
    if (Date.now() > deadline) throw new Error(`the Google stand-in was never found up: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
});
afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
  await google.close();
});

const startSolo = async (player: Player) => (await t.http.post('/solo').set('Authorization', player.token).send({}).expect(201)).body as StartSoloGameResponse;

describe('Google Street View', () => {
  it("hands the browser Google's key through client-config, for Google's viewer", async () => {
    const config = (await t.http.get('/client-config').expect(200)).body as ClientConfig;
    expect(config.googleMapsKey).toBe(KEY);
    expect((await t.http.get('/imagery/status').expect(200)).body).toEqual({ online: 'google', status: 'up', serving: 'google' });
  });

  it("starts a solo game whose rounds carry the panorama id for Google's viewer, marked not answer-blind, with no target in the answer", async () => {
    const player = await signedUpPlayer(t);
    const started = await startSolo(player);
    const panoId = started.round.streetView?.panoId;
    expect(panoId).toBeDefined();
    const target = google.panoramas.get(panoId!);
    expect(target).toBeDefined();
    expect(started.answerBlind).toBe(false);

    // The exception is the panorama id: no coordinates, no key.
    const text = JSON.stringify(started);
    expect(text).not.toContain(target!.lat.toFixed(3));
    expect(text).not.toContain(target!.lng.toFixed(3));
    expect(text).not.toContain('"target"');
    expect(text).not.toContain(KEY);

    const view = (await t.http.get(`/solo/${started.gameId}`).set('Authorization', player.token).expect(200)).body as SoloGameView;
    expect(view).toMatchObject({ answerBlind: false, rounds: [{ roundIndex: 0, streetView: { panoId }, result: null }] });
  });

  it("never serves Google's pictures itself: they are shown by Google's viewer only", async () => {
    const player = await signedUpPlayer(t);
    const started = await startSolo(player);
    await t.http.get(started.round.panoramaUrl).expect(503);
    expect(new Set(google.received.map((request) => request.path))).toEqual(new Set([METADATA_PATH]));
  });

  it('never ranks a round played on Google: the score submission is refused with 409 unranked_imagery naming the game', async () => {
    const player = await signedUpPlayer(t);
    const started = await startSolo(player);
    const target = google.panoramas.get(started.round.streetView!.panoId)!;
    const { result } = (await t.http.post(`/solo/${started.gameId}/guess`).set('Authorization', player.token).send({ roundIndex: 0, guess: target }).expect(200))
      .body as PlaceGuessResponse;
    expect(result.points).toBe(10_000);

    const refused = await t.http.post('/score/submit').set('Authorization', player.token).send(submissionFor({ gameId: started.gameId, mapId: started.mapId, result })).expect(409);
    expect(refused.body).toMatchObject({ statusCode: 409, code: 'unranked_imagery', field: 'gameId' });
    const profile = (await t.http.get('/user/profile').set('Authorization', player.token).expect(200)).body as UserProfileView;
    expect(profile).toMatchObject({ points: 0, nGames: 0 });

    // The next round of the game is on Google as well, and has its own panorama.
    const second = (await t.http.post(`/solo/${started.gameId}/rounds`).set('Authorization', player.token).send({ roundIndex: 1 }).expect(201)).body as SoloRoundView;
    expect(second.streetView?.panoId).toBeDefined();
    expect(second.streetView?.panoId).not.toBe(started.round.streetView!.panoId);
  });

  it('never gives a ranked arena game a Google picture: its rounds play answer-blind offline pictures', async () => {
    const [p, q] = [await signedUpPlayer(t, 'Arena G1'), await signedUpPlayer(t, 'Arena G2')];
    const [a, b] = await Promise.all([p, q].map((player) => LiveClient.connect(t, player)));
    clients.push(a!, b!);
    const matched = Promise.all([a!, b!].map((client) => new Promise<string>((resolve) => client.socket.once('ArenaMatched', ({ gameId }) => resolve(gameId)))));
    await a!.ok('EnterArena', {});
    await b!.ok('EnterArena', {});
    const [gameId] = await matched;
    await a!.ok('JoinGame', { gameId: gameId! });
    await b!.ok('JoinGame', { gameId: gameId! });
    const view = await a!.until(gameId!, (v) => v.status === 'SED' && v.cr === 0, 'the match to start by itself');
    expect(view.gameT).toBe('L');

    const pictures = (await gameEvents(t, gameId!)).flatMap((event) => (event.type === 'RoundStarting' ? [event.data.panorama.provider] : []));
    expect(pictures).toEqual(['local']);
    // Meanwhile Google still serves single-player rounds.
    expect((await startSolo(p)).round.streetView).toBeTruthy();
  });
});
