import { greatCircleDistance } from '@globetrail/contracts';
import { SAMPLE_PLACES } from '../sample-places.js';
import { freshSampleScene } from '../sample-renderer.js';
import { colourHistogram, l1Distance, nearestNeighbourHits, pairDistances, percentile, rmsDistance, rowMeans, type SmallPicture } from '../../picture-signatures.js';
import { seededRandom } from './noise.js';
import { raycast } from './raycast.js';
import { buildScene } from './scene.js';
import { alongRange, conditionsOf, drawVariation, type SceneVariation } from './scene-variation.js';

// The recogniser's own size (picture-signatures.ts): painting at it directly skips the JPEG round trip.
const WIDTH = 256;
const HEIGHT = 128;

function paint(place: (typeof SAMPLE_PLACES)[number], variation: SceneVariation | null): SmallPicture {
  const data = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
  raycast(buildScene(place, WIDTH, variation), data, WIDTH, HEIGHT);
  return { width: WIDTH, height: HEIGHT, data };
}

describe('a round’s own scene of a sample place', () => {
  // Every place, three rounds each, from a fixed seed: the figures below are this set's, run after run.
  const random = seededRandom(20261128);
  const pictures = SAMPLE_PLACES.flatMap((place) => Array.from({ length: 3 }, () => ({ key: place.key, picture: paint(place, drawVariation(place, random)) })));

  it('gives a script that recognises pictures by their row means or colours no better than a few lucky guesses', () => {
    for (const signatureOf of [rowMeans, colourHistogram]) {
      const distance = signatureOf === rowMeans ? rmsDistance : l1Distance;
      const signed = pictures.map((item) => ({ key: item.key, signature: signatureOf(item.picture) }));
      const pairs = pairDistances(signed, (item) => item.key, (a, b) => distance(a.signature, b.signature));
      // A recogniser that accepts 5 % false matches (different places closer than their 5th percentile)
      // would have caught every pair of one place's pictures before scenes varied (same-place 0.33–0.49
      // against 7.65 for the closest different places); here it catches about one in nine.
      const threshold = percentile(pairs.different, 5);
      const caught = pairs.same.filter((d) => d < threshold).length / pairs.same.length;
      expect(caught).toBeLessThan(0.2);
      // Two rounds of one place are, in the middle, nearly as far apart as two places are.
      expect(percentile(pairs.same, 50)).toBeGreaterThan(0.8 * percentile(pairs.different, 50));
      // Answering each picture with the place of its nearest other picture: right for 5–8 % of them here
      // (by the landscape and the biome, which a player reads too), against 100 % before.
      expect(nearestNeighbourHits(signed, (item) => item.key, (a, b) => distance(a.signature, b.signature))).toBeLessThan(0.12);
    }
  });

  it('without a round’s variation paints the place’s own scene, which any two rounds would share', () => {
    const place = SAMPLE_PLACES[0]!;
    expect(rmsDistance(rowMeans(paint(place, null)), rowMeans(paint(place, null)))).toBe(0);
  });
});

describe('drawVariation and freshSampleScene', () => {
  it('moves the camera along the road, within the place, and shortens the signed distances by as much', () => {
    const random = seededRandom(7);
    for (const place of SAMPLE_PLACES) {
      const at = { lat: place.lat, lng: place.lng };
      const fresh = freshSampleScene(place.key, at, random);
      const range = alongRange(place);
      expect(Math.abs(fresh.scene.along)).toBeLessThanOrEqual(range);
      expect(greatCircleDistance(at, fresh.location)).toBeCloseTo(Math.abs(fresh.scene.along), -1);
      expect(fresh.heading).toBeCloseTo(conditionsOf(place, fresh.scene).heading, 9);
      // Every sign still shows at least 1 km to its nearest place.
      const nearest = Math.min(...place.destinations.map((destination) => destination.km));
      expect(nearest - range / 1000).toBeGreaterThanOrEqual(1);
    }
  });

  it('keeps the season’s sun honest: higher in the hemisphere’s summer, never below the horizon', () => {
    const place = SAMPLE_PLACES.find((candidate) => candidate.lat > 55)!;
    const random = seededRandom(11);
    for (let index = 0; index < 40; index += 1) {
      const scene = buildScene(place, WIDTH, drawVariation(place, random));
      expect(scene.sky.sun.z).toBeGreaterThan(Math.sin((7 * Math.PI) / 180));
      const { winter, declination } = scene.conditions;
      expect(Math.sign(declination)).toBe(winter > 0.5 ? -1 : winter < 0.5 ? 1 : 0);
    }
  });
});
