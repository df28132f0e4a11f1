import { createHash } from 'node:crypto';
import { greatCircleDistance, type LatLng, type PanoramaMoves, panoramaMovesPath, type PlaceGuessResponse, type StartSoloGameResponse } from '@globetrail/contracts';
import sharp from 'sharp';
import { SAMPLE_PLACES } from '../../services/src/imagery/sample/sample-places.js';
import { servingOnline } from '../support/generator.js';
import { type StandIn, startStandIn } from '../support/imagery-stand-ins.js';
import { anonymousPlayer, type Player, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * No answer by lookup: a client that remembers what a picture's bytes hash to (or its size, or its
 * width) learns nothing it can use when the same place comes up in another game, because every round is
 * served its own re-encoding of the picture, turned by a random angle it alone knows. The player still
 * starts the round facing the way the place's picture says.
 */

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const angleBetween = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

interface Played {
  game: StartSoloGameResponse;
  picture: Buffer;
}

/** A new game whose first round is the place nearest `at` (a shared location), and its picture's bytes. */
async function playAt(t: TestApp, player: Player, at: LatLng): Promise<Played> {
  const game = (await t.http.post('/solo').set('Authorization', player.token).send({ at }).expect(201)).body as StartSoloGameResponse;
  const picture = (await t.http.get(game.round.panoramaUrl).buffer(true).expect(200)).body as Buffer;
  return { game, picture };
}

async function targetOf(t: TestApp, player: Player, { game }: Played): Promise<LatLng> {
  const { result } = (await t.http.post(`/solo/${game.gameId}/guess`).set('Authorization', player.token).send({ roundIndex: 0, guess: { lat: 0, lng: 0 } }).expect(200)).body as PlaceGuessResponse;
  return result.target;
}


describe('the same offline place in several games', () => {
  let t: TestApp;
  let player: Player;
  const place = SAMPLE_PLACES[0]!;
  const games: Played[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    player = await anonymousPlayer(t);
    for (let i = 0; i < 4; i++) games.push(await playAt(t, player, { lat: place.lat, lng: place.lng }));
  });
  afterAll(() => t.close());

  it('is the same place each time, in a scene of its own, served as other bytes, another hash, and not all one size or width', async () => {
    const targets = await Promise.all(games.map((played) => targetOf(t, player, played)));
    // A shared location plays that very point, in a scene of its own each time (other bytes, below).
    for (const target of targets) expect(greatCircleDistance(target, place)).toBeLessThan(0.5);
    expect(new Set(games.map(({ picture }) => sha256(picture))).size).toBe(games.length);
    const sizes = await Promise.all(games.map(({ picture }) => sharp(picture).metadata()));
    expect(new Set(sizes.map(({ width }) => width)).size).toBeGreaterThan(1);
    expect(new Set(games.map(({ picture }) => picture.length)).size).toBeGreaterThan(1);
    for (const { width, height } of sizes) expect(width).toBe(2 * height!);
    // Nor do the headings the rounds start at, which are turned with the pictures.
    expect(new Set(games.map(({ game }) => game.round.heading)).size).toBeGreaterThan(1);
  });

  it('is the same bytes again within a game (a reload)', async () => {
    for (const { game, picture } of games) expect(sha256((await t.http.get(game.round.panoramaUrl).buffer(true).expect(200)).body as Buffer)).toBe(sha256(picture));
  });

  // Offline rounds no longer share a picture between games (each paints its own scene), so whether the
  // start heading faces the same way in two games is checked on photographs, below.
});

describe('the same Panoramax place in two games', () => {
  let standIn: StandIn;
  let t: TestApp;
  let player: Player;
  beforeAll(async () => {
    standIn = await startStandIn('panoramax');
    t = await startTestApp({ env: { IMAGERY_PROVIDER: 'panoramax', PANORAMAX_URL: standIn.base } });
    player = await anonymousPlayer(t);
    await servingOnline(t, 'panoramax');
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('serves the round picture and the pictures moved to as other bytes in each game, with the ways on where the start heading says', async () => {
    const at = { lat: 45.5, lng: 6.5 };
    const [a, b] = [await playAt(t, player, at), await playAt(t, player, at)];
    expect(sha256(a.picture)).not.toBe(sha256(b.picture));
    const moves = async ({ game }: Played) => ((await t.http.get(panoramaMovesPath(game.round.panoramaUrl.slice('/pano/'.length))).expect(200)).body as PanoramaMoves).moves;
    const [movesA, movesB] = [await moves(a), await moves(b)];
    expect(movesA).toHaveLength(2);
    expect(movesB).toHaveLength(2);
    // Each way on lies at the same angle from where the player starts, in both games.
    const fromStart = (played: Played, list: PanoramaMoves['moves']) => list.map((move) => (move.bearing - played.game.round.heading + 360) % 360).sort((x, y) => x - y);
    for (const [x, y] of fromStart(a, movesA).map((angle, index) => [angle, fromStart(b, movesB)[index]!])) expect(angleBetween(x!, y!)).toBeLessThan(0.5);
    // The picture a move leads to is varied too, and stable within its game.
    const ahead = (played: Played, list: PanoramaMoves['moves']) => list.reduce((best, move) => (angleBetween(move.bearing, played.game.round.heading) < angleBetween(best.bearing, played.game.round.heading) ? move : best));
    const aheadA = (await t.http.get(`/pano/${ahead(a, movesA).token}`).buffer(true).expect(200)).body as Buffer;
    const aheadB = (await t.http.get(`/pano/${ahead(b, movesB).token}`).buffer(true).expect(200)).body as Buffer;
    expect(new Set([sha256(a.picture), sha256(b.picture), sha256(aheadA), sha256(aheadB)]).size).toBe(4);
    expect(sha256((await t.http.get(`/pano/${ahead(a, movesA).token}`).buffer(true).expect(200)).body as Buffer)).toBe(sha256(aheadA));
    expect(await targetOf(t, player, a)).toEqual(await targetOf(t, player, b));
  });
});
