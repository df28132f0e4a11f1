import { DEFAULT_MAX_MAP_DISTANCE_METERS, greatCircleDistance } from '@globetrail/contracts';
import { maxMapDistanceOf } from './map-extent.js';

describe('maxMapDistanceOf (a saved map longest diagonal)', () => {
  it('is the diagonal of the box around the locations', () => {
    const brest = { lat: 48.39, lng: -4.49 };
    const strasbourg = { lat: 48.57, lng: 7.75 };
    const perpignan = { lat: 42.69, lng: 2.9 };
    const expected = greatCircleDistance({ lat: 42.69, lng: -4.49 }, { lat: 48.57, lng: 7.75 });
    expect(maxMapDistanceOf([brest, strasbourg, perpignan])).toBeCloseTo(expected, 3);
    expect(expected / 1000).toBeGreaterThan(1000);
    expect(expected / 1000).toBeLessThan(1200);
  });

  it('takes the short way across the antimeridian', () => {
    const distance = maxMapDistanceOf([
      { lat: -17.8, lng: 179.9 },
      { lat: -16.5, lng: -179.9 },
      { lat: -17.0, lng: 178.4 },
    ]);
    expect(distance).toBeCloseTo(greatCircleDistance({ lat: -17.8, lng: 178.4 }, { lat: -16.5, lng: -179.9 }), 3);
    expect(distance / 1000).toBeLessThan(250);
  });

  it('keeps the default for a map spanning half the world or more, and for a map of one point', () => {
    expect(maxMapDistanceOf([{ lat: 0, lng: -100 }, { lat: 10, lng: 0 }, { lat: 5, lng: 100 }])).toBe(DEFAULT_MAX_MAP_DISTANCE_METERS);
    expect(maxMapDistanceOf([{ lat: 1, lng: 1 }, { lat: 1, lng: 1 }])).toBe(DEFAULT_MAX_MAP_DISTANCE_METERS);
    expect(maxMapDistanceOf([{ lat: 1, lng: 1 }])).toBe(DEFAULT_MAX_MAP_DISTANCE_METERS);
  });
});
