import { greatCircleDistance, type LatLng, type PlaceGuessResponse, type StartSoloGameResponse } from '@globetrail/contracts';
import {
  colourHistogram,
  l1Distance,
  nearestNeighbourHits,
  pairDistances,
  percentile,
  rmsDistance,
  rowMeans,
  smallPicture,
} from '../../services/src/imagery/picture-signatures.js';
import { SAMPLE_PLACES } from '../../services/src/imagery/sample/sample-places.js';
import { anonymousPlayer, type Player, signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 27's attack, played against the running server: a script plays offline rounds, computes two
 * signatures of every picture it is served that survive the per-round re-encoding (the mean colour of each
 * row of the picture at 256 × 128, which a roll does not change, and a colour histogram of the whole
 * panorama), learns each picture's target from its result, and answers later rounds with the target of the
 * most similar picture it has seen. Before every round painted its own scene it scored 10,000 points, 0 m,
 * on 14 of 20 rounds; same-place pictures were 15 times closer than the closest different places.
 */

/**
 * Twelve players play five rounds each on a map of sixteen sample places: every round's place is one of
 * them, so the 60 pictures hold about 100 pairs of one place (a steady sample; on the whole set of 56 places
 * with each player's places not coming back, a run made only about two dozen, and a share below crossed its
 * bound by chance). Measured: 103 pairs, 15 % / 20 % of them under the different places' p5, medians 0.89 /
 * 0.85 of the different places', nearest neighbour on the right place 22 % (chance 6 %). Five rounds keep
 * each game on its map (SPEC §5 falls back to World below four fresh locations).
 */
const GAMES = 12;
const ROUNDS = 5;
const MAP_PLACES = 16;

interface Seen {
  place: string;
  target: LatLng;
  rows: Float64Array;
  colours: Float64Array;
}

/** The sample place a target belongs to: every round's camera stands within 3 km of its place's point. */
function placeOf(target: LatLng): string {
  const [nearest] = SAMPLE_PLACES.map((place) => ({ key: place.key, distance: greatCircleDistance(target, place) })).sort((a, b) => a.distance - b.distance);
  expect(nearest!.distance).toBeLessThan(3_100);
  return nearest!.key;
}

describe('a script that recognises offline pictures', () => {
  let t: TestApp;
  const seen: Seen[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    const author = await signedUpPlayer(t, 'Cartographer');
    const mapId = `recognition-${Date.now()}`;
    const locations = SAMPLE_PLACES.slice(0, MAP_PLACES).map(({ lat, lng }) => ({ lat, lng }));
    await t.http.post(`/maps/postUpdate/${mapId}`).set('Authorization', author.token).send({ name: 'Sixteen places', locations }).expect(201);
    for (let game = 0; game < GAMES; game++) {
      // One player a game, as a script with several accounts would: one player's places do not come back in
      // their session while unplayed ones remain (issue 28), so the places repeat across the accounts.
      const player: Player = await anonymousPlayer(t);
      const started = (await t.http.post('/solo').set('Authorization', player.token).send({ mapId }).expect(201)).body as StartSoloGameResponse;
      for (let roundIndex = 0; roundIndex < ROUNDS; roundIndex++) {
        const round = roundIndex === 0 ? started.round : (await t.http.post(`/solo/${started.gameId}/rounds`).set('Authorization', player.token).send({ roundIndex }).expect(201)).body;
        const jpeg = (await t.http.get(round.panoramaUrl).buffer(true).expect(200)).body as Buffer;
        const picture = await smallPicture(jpeg);
        const { result } = (await t.http.post(`/solo/${started.gameId}/guess`).set('Authorization', player.token).send({ roundIndex, guess: { lat: 0, lng: 0 } }).expect(200)).body as PlaceGuessResponse;
        seen.push({ place: placeOf(result.target), target: result.target, rows: rowMeans(picture), colours: colourHistogram(picture) });
      }
    }
    // Sixty scenes painted (under jest on the server's own thread, 0.3–0.6 s each) and re-encoded: the
    // work is the test, not a wait.
  }, 240_000);
  afterAll(() => t.close());

  it('played at least 60 offline rounds, with places that came back', () => {
    expect(seen.length).toBeGreaterThanOrEqual(60);
    expect(new Set(seen.map((round) => round.place)).size).toBeLessThan(seen.length);
  });

  it('cannot tell two pictures of one place from two of different places by either signature', () => {
    for (const [name, signature, distance] of [
      ['row means', (round: Seen) => round.rows, rmsDistance],
      ['colour histogram', (round: Seen) => round.colours, l1Distance],
    ] as const) {
      const pairs = pairDistances(seen, (round) => round.place, (a, b) => distance(signature(a), signature(b)));
      expect(pairs.same.length).toBeGreaterThan(0);
      // A threshold at the different places' 5th percentile (5 % false matches) caught every same-place
      // pair before; now about one in eight (unit test, 168 pictures: 11 %). The bound leaves room for the
      // few dozen pairs a run of 60 rounds makes.
      const threshold = percentile(pairs.different, 5);
      const caught = pairs.same.filter((d) => d < threshold).length / pairs.same.length;
      expect({ name, caught: caught < 0.35 }).toEqual({ name, caught: true });
      expect({ name, middle: percentile(pairs.same, 50) > 0.7 * percentile(pairs.different, 50) }).toEqual({ name, middle: true });
    }
  });

  it('learns no answer it can reuse: the target of the most similar picture seen before is never the round’s', () => {
    let exact = 0;
    for (const [index, round] of seen.entries()) {
      if (index === 0) continue;
      const earlier = seen.slice(0, index);
      const [nearest] = earlier.map((other) => ({ other, distance: rmsDistance(other.rows, round.rows) })).sort((a, b) => a.distance - b.distance);
      if (greatCircleDistance(nearest!.other.target, round.target) < 25) exact += 1;
    }
    // Every round's camera stands at its own point of the road, so even a right guess of the place is off
    // by up to a few kilometres; before, 14 of 20 answers were exact.
    expect(exact).toBeLessThanOrEqual(1);
    expect(nearestNeighbourHits(seen, (round) => round.place, (a, b) => rmsDistance(a.rows, b.rows))).toBeLessThan(0.4);
  });
});
