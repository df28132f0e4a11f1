import { randomBytes } from 'node:crypto';
import {
  initialBearing,
  type LatLng,
  type PanoramaMoves,
  panoramaMovesPath,
  panoramaMovesSchema,
  type PlaceGuessResponse,
  servedBearing,
  type SoloGameView,
  type StartSoloGameResponse,
} from '@globetrail/contracts';
import sharp from 'sharp';
import { MoveTokens } from '../../services/src/imagery/proxy/move-tokens.js';
import { servingOnline } from '../support/generator.js';
import { type StandIn, startStandIn } from '../support/imagery-stand-ins.js';
import { anonymousPlayer, type Player, startTestApp, type TestApp } from '../support/test-app.js';

/** Every way a position could be written, to 3 decimals. */
const needles = (at: LatLng) => [at.lat.toFixed(3), at.lng.toFixed(3)];

const tokenOf = (panoramaUrl: string) => panoramaUrl.slice('/pano/'.length);

/** Degrees between two directions, either way round. */
const angleBetween = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

/**
 * How far the round turned its pictures (PanoramaRef.yawOffset), worked out from the heading it serves:
 * the stand-ins' pictures face east (`view:azimuth` and `computed_compass_angle` 90), and the default map
 * sets no heading of its own.
 */
const turnOf = (game: StartSoloGameResponse) => (((90 - game.round.heading) % 360) + 360) % 360;

/** The yaw (degrees from the picture's centre, −180…180) of the reddest column of a picture: the stand-ins' post due north. */
async function northPostYaw(jpeg: Buffer): Promise<number> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const row = Math.floor(info.height / 4);
  let [best, bestRed] = [0, -Infinity];
  for (let x = 0; x < info.width; x++) {
    const at = (row * info.width + x) * info.channels;
    const red = data[at]! - (data[at + 1]! + data[at + 2]!) / 2;
    if (red > bestRed) [best, bestRed] = [x, red];
  }
  return (((((best + 0.5) / info.width - 0.5) * 360 + 540) % 360) + 360) % 360 - 180;
}

async function pictureAt(t: TestApp, path: string): Promise<Buffer> {
  const response = await t.http
    .get(path)
    .buffer(true)
    .parse((stream, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  return response.body as Buffer;
}

const startGame = async (t: TestApp, player: Player) => (await t.http.post('/solo').set('Authorization', player.token).send({}).expect(201)).body as StartSoloGameResponse;

const movesOf = async (t: TestApp, token: string): Promise<{ moves: PanoramaMoves['moves']; text: string }> => {
  const response = await t.http.get(panoramaMovesPath(token)).expect(200);
  return { moves: panoramaMovesSchema.parse(response.body).moves, text: response.text };
};

/** Guesses the round to learn its target, which is where its picture was taken: the stand-in's picture there. */
async function pictureOfRound(t: TestApp, player: Player, standIn: StandIn, game: StartSoloGameResponse): Promise<string> {
  const { result } = (await t.http.post(`/solo/${game.gameId}/guess`).set('Authorization', player.token).send({ roundIndex: 0, guess: { lat: 0, lng: 0 } }).expect(200)).body as PlaceGuessResponse;
  const [id] = [...standIn.pictures].find(([, at]) => at.lat === result.target.lat && at.lng === result.target.lng)!;
  return id;
}

describe.each([
  ['panoramax', (base: string) => ({ IMAGERY_PROVIDER: 'panoramax', PANORAMAX_URL: base })],
  ['mapillary', (base: string) => ({ IMAGERY_PROVIDER: 'mapillary', MAPILLARY_URL: base, MAPILLARY_TOKEN: 'MLY|4242|stand-in-token' })],
] as const)('moving along a %s sequence over HTTP', (provider, env) => {
  let standIn: StandIn;
  let t: TestApp;
  let player: Player;
  beforeAll(async () => {
    standIn = await startStandIn(provider);
    t = await startTestApp({ env: env(standIn.base) });
    player = await anonymousPlayer(t);
    await servingOnline(t, provider);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it("serves pictures turned so that the viewer's yaw is a compass bearing less the round's turn, whichever way the camera faced", async () => {
    const game = await startGame(t, player);
    const turn = turnOf(game);
    // North (bearing 0) at yaw −turn, as servedBearing says, though the camera faced east.
    expect(angleBetween(await northPostYaw(await pictureAt(t, game.round.panoramaUrl)), servedBearing(0, turn))).toBeLessThan(3);
    // And every picture a player moves to, each from its own camera.
    const { moves } = await movesOf(t, tokenOf(game.round.panoramaUrl));
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) expect(angleBetween(await northPostYaw(await pictureAt(t, `/pano/${move.token}`)), servedBearing(0, turn))).toBeLessThan(3);
  });

  it('offers no moves in a No Move or NMPZ game: the server enforces what the viewer shows', async () => {
    for (const [settings, movement] of [[{ nm: true }, 'pan'], [{ nmpz: true }, 'none']] as const) {
      const game = (await t.http.post('/solo').set('Authorization', player.token).send(settings).expect(201)).body as StartSoloGameResponse;
      expect(game.round.movement).toBe(movement);
      expect(game.settings).toMatchObject(settings);
      expect((await movesOf(t, tokenOf(game.round.panoramaUrl))).moves).toEqual([]);
      // NMPZ: only the window around the start view reaches the page (120° × 80°, 3 : 2), facing its middle;
      // No Move still gets the whole panorama to pan (2 : 1).
      const { width, height } = await sharp(await pictureAt(t, game.round.panoramaUrl)).metadata();
      if (movement === 'none') {
        expect(Math.abs(width! / height! - 1.5)).toBeLessThan(0.02);
        expect(game.round.heading).toBe(0);
      } else {
        expect(width).toBe(2 * height!);
      }
    }
  });

  it("offers the pictures either side of the round's, under new opaque tokens, at their bearings in the round's turned pictures, and moves on from them", async () => {
    const game = await startGame(t, player);
    expect(game.round.movement).toBe('move');
    const roundToken = tokenOf(game.round.panoramaUrl);
    const first = await movesOf(t, roundToken);
    expect(first.moves).toHaveLength(2);
    for (const move of first.moves) {
      expect(move.token).toMatch(/^[A-Za-z0-9_-]{100,}$/);
      expect(move.token).not.toBe(roundToken);
    }
    // The same picture's moves are the same tokens every time (a browser caches what it has seen).
    expect((await movesOf(t, roundToken)).moves).toEqual(first.moves);

    const shown = await pictureOfRound(t, player, standIn, game);
    const sequence = standIn.sequenceOf(shown);
    const at = (id: string) => standIn.pictures.get(id)!;
    const middle = sequence.indexOf(shown);
    const [before, after] = [sequence[middle - 1]!, sequence[middle + 1]!];
    // The answer names no picture and no position: neither the round's nor its neighbours'.
    const secrets = [...sequence, ...sequence.flatMap((id) => needles(at(id)))];
    expect(secrets.filter((secret) => first.text.includes(secret))).toEqual([]);
    // The street runs north-east: one move ahead, one behind, each at its compass bearing from the round's
    // picture as the round's turned pictures show it (the same turn as the heading the round starts at).
    const turn = turnOf(game);
    const towards = (from: string, to: string) => servedBearing(initialBearing(at(from), at(to)), turn);
    const isAt = (bearing: number) => (move: PanoramaMoves['moves'][number]) => angleBetween(move.bearing, bearing) < 0.5;
    expect(initialBearing(at(shown), at(after))).toBeGreaterThan(20);
    expect(initialBearing(at(shown), at(after))).toBeLessThan(70);
    expect(angleBetween(initialBearing(at(shown), at(after)), initialBearing(at(shown), at(before)))).toBeCloseTo(180, 0);
    const ahead = first.moves.find(isAt(towards(shown, after)))!;
    expect(ahead).toBeDefined();
    expect(first.moves.find(isAt(towards(shown, before)))).toBeDefined();

    // Ahead: its picture is served like the round's, stripped, and it offers one way back and one further.
    const picture = await t.http.get(`/pano/${ahead.token}`).expect(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.headers['cache-control']).toBe('private, max-age=86400, immutable');
    expect(picture.headers.etag).toBeUndefined();
    const bytes = picture.body as Buffer;
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // The stand-in wrote the picture's id and position into its Exif, XMP and a comment: all gone.
    expect(standIn.requests.some((path) => path.includes(after) && /\.jpg$/.test(path))).toBe(true);
    expect(secrets.filter((secret) => bytes.toString('latin1').includes(secret))).toEqual([]);

    const last = sequence[middle + 2]!;
    const next = await movesOf(t, ahead.token);
    expect(next.moves).toHaveLength(2);
    const further = next.moves.find(isAt(towards(after, last)))!;
    expect(further).toBeDefined();
    // The way back is the round's own address again: the browser has that picture already.
    expect(next.moves.find(isAt(towards(after, shown)))?.token).toBe(roundToken);
    expect(secrets.filter((secret) => next.text.includes(secret))).toEqual([]);
    // At the end of the street only the way back is left.
    const end = (await movesOf(t, further.token)).moves;
    expect(end).toHaveLength(1);
    expect(angleBetween(end[0]!.bearing, towards(last, after))).toBeLessThan(0.5);
  });
});

describe('move tokens over HTTP', () => {
  let standIn: StandIn;
  let t: TestApp;
  let player: Player;
  let game: StartSoloGameResponse;
  let moves: PanoramaMoves['moves'];
  beforeAll(async () => {
    standIn = await startStandIn('panoramax');
    t = await startTestApp({ env: { IMAGERY_PROVIDER: 'panoramax', PANORAMAX_URL: standIn.base } });
    player = await anonymousPlayer(t);
    await servingOnline(t, 'panoramax');
    game = await startGame(t, player);
    ({ moves } = await movesOf(t, tokenOf(game.round.panoramaUrl)));
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  it('answer 404 for a token changed in any character, sealed under another key, or never given out', async () => {
    const token = moves[0]!.token;
    const changed = [5, 40, 200, token.length - 1].map((at) => `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`);
    // A token sealed with the same contents under another key: what a forger without DATA_DIR could make.
    const foreign = new MoveTokens(randomBytes(32)).seal({ provider: 'panoramax', imageId: 'x', roundToken: tokenOf(game.round.panoramaUrl), location: { lat: 0, lng: 0 } });
    for (const bad of [...changed, foreign, 'AAAAAAAAAAAAAAAAAAAAAA', token.slice(0, 100)]) {
      expect((await t.http.get(`/pano/${bad}`).expect(404)).body).toMatchObject({ code: 'not_found' });
      expect((await t.http.get(panoramaMovesPath(bad)).expect(404)).body).toMatchObject({ code: 'not_found' });
    }
  });

  it('keep opening after a restart: the key lives in DATA_DIR', async () => {
    await t.stop();
    t = await startTestApp({ dataDir: t.dataDir, env: { IMAGERY_PROVIDER: 'panoramax', PANORAMAX_URL: standIn.base } });
    await servingOnline(t, 'panoramax');
    await t.http.get(`/pano/${moves[0]!.token}`).expect(200);
    expect((await movesOf(t, moves[0]!.token)).moves.length).toBeGreaterThan(0);
  });

  it('answer 503 no_imagery, saying so, while the provider cannot be reached', async () => {
    await standIn.close();
    const body = (await t.http.get(panoramaMovesPath(moves[1]!.token)).expect(503)).body as { code: string; message: string };
    expect(body).toMatchObject({ code: 'no_imagery', message: 'the ways on from this picture are unavailable right now; try again' });
  });
});

describe('moves on the offline pictures', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('are none: the sample scenes are single pictures, so a round there pans and zooms only', async () => {
    t = await startTestApp();
    const player = await anonymousPlayer(t);
    const game = await startGame(t, player);
    expect(game.round.movement).toBe('move');
    expect((await movesOf(t, tokenOf(game.round.panoramaUrl))).moves).toEqual([]);
    const view = (await t.http.get(`/solo/${game.gameId}`).set('Authorization', player.token).expect(200)).body as SoloGameView;
    expect(view.rounds[0]!.movement).toBe('move');
    expect((await t.http.get(panoramaMovesPath('no-such-token-0123456789')).expect(404)).body).toMatchObject({ code: 'not_found' });
  });
});
