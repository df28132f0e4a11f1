import { createHash } from 'node:crypto';
import { type LatLng, type PanoramaMoves, panoramaMovesPath, type PlaceGuessResponse, type StartSoloGameResponse } from '@globetrail/contracts';
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

/** What a player sees looking towards `yaw` (degrees, the viewer's): a 90°-wide view, grey, at a common size. */
async function viewTowards(jpeg: Buffer, yaw: number): Promise<Uint8Array> {
  const width = 720;
  const { data } = await sharp(jpeg).greyscale().resize(width, width / 2, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  const centre = Math.round((((yaw + 180) % 360) + 360) % 360 * (width / 360));
  const half = width / 8;
  const view = new Uint8Array(2 * half * (width / 2));
  for (let y = 0; y < width / 2; y++) {
    for (let dx = -half; dx < half; dx++) view[y * 2 * half + dx + half] = data[y * width + ((centre + dx + width) % width)]!;
  }
  return view;
}

const difference = (a: Uint8Array, b: Uint8Array) => a.reduce((sum, value, index) => sum + Math.abs(value - b[index]!), 0) / a.length;

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

  it('is the same place each time, served as other bytes, another hash, and not all one size or width', async () => {
    const targets = await Promise.all(games.map((played) => targetOf(t, player, played)));
    expect(new Set(targets.map((target) => `${target.lat},${target.lng}`)).size).toBe(1);
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

  it('starts every player facing the same way: what each sees at the heading they get is the same view', async () => {
    const [first, ...others] = games;
    const start = await viewTowards(first!.picture, first!.game.round.heading);
    for (const { game, picture } of others) {
      const same = difference(start, await viewTowards(picture, game.round.heading));
      // Looking anywhere else in that game is another view.
      for (const away of [90, 180, 270]) {
        expect(same * 2).toBeLessThan(difference(start, await viewTowards(picture, game.round.heading + away)));
      }
    }
  });
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
