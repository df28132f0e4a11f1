import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geoArea, geoContains } from 'd3-geo';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { LatLng } from '@globetrail/contracts';
import { seededRandom } from '../../../domain/decision-context.js';
import { countryShape } from './country-shapes.js';
import { RegionSampler, UnsampleableRegionError } from './region-sampler.js';

/** The shapes straight from world-atlas by name, to check the sampler against (not through its own lookup). */
const require = createRequire(import.meta.url);
const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology<{ countries: GeometryCollection }>;
const worldAtlas = (feature(topology, topology.objects.countries) as FeatureCollection<Polygon | MultiPolygon, { name: string }>).features;
const shapeNamed = (name: string) => worldAtlas.find((country) => country.properties.name === name)!.geometry;

const samples = (sampler: RegionSampler, n: number, seed = 7): LatLng[] => {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => sampler.sample(random));
};
const inside = (geometry: Polygon | MultiPolygon, point: LatLng) => geoContains(geometry, [point.lng, point.lat]);

describe('country shapes', () => {
  it('finds a country by its ISO 3166-1 alpha-2 code', () => {
    expect(countryShape('FR')).toEqual(shapeNamed('France'));
    expect(countryShape('JP')).toEqual(shapeNamed('Japan'));
  });

  it('knows no shape for a code that is not one, or an alias', () => {
    expect(countryShape('ZZ')).toBeNull();
    expect(countryShape('UK')).toBeNull();
  });
});

describe('RegionSampler', () => {
  // d3-geo's geoContains over a whole country is slow under jest (tens of ms a point for Russia): the
  // independent check looks at fewer of Russia's points.
  it.each([
    ['FR', 'France', 1_000],
    ['JP', 'Japan', 1_000],
    ['FJ', 'Fiji', 1_000],
    ['RU', 'Russia', 300],
  ])('draws every point of %s inside the country', (code, name, n) => {
    const sampler = new RegionSampler(countryShape(code)!);
    const points = samples(sampler, n);
    const shape = shapeNamed(name);
    expect(points.filter((point) => !inside(shape, point))).toEqual([]);
    expect(points.every((point) => sampler.contains(point))).toBe(true);
  });

  it('samples both sides of the antimeridian in Fiji and Russia', () => {
    // About 3.6 % of Fiji lies west of 180°, about 0.7 % of Russia (Chukotka's tip).
    const fiji = samples(new RegionSampler(countryShape('FJ')!), 2_000);
    expect(fiji.filter((point) => point.lng < 0).length).toBeGreaterThan(30);
    expect(fiji.filter((point) => point.lng > 0).length).toBeGreaterThan(1_800);
    const russia = samples(new RegionSampler(countryShape('RU')!), 3_000);
    expect(russia.filter((point) => point.lng < -168).length).toBeGreaterThan(5);
  });

  it('draws France in proportion to area: its overseas departments too, mostly the mainland', () => {
    const points = samples(new RegionSampler(countryShape('FR')!), 4_000);
    const guiana = points.filter((point) => point.lng < -50 && point.lng > -55 && point.lat > 2 && point.lat < 6).length / points.length;
    // French Guiana is about 83,500 km² of France's 632,700 km² (Natural Earth's France).
    expect(guiana).toBeGreaterThan(0.1);
    expect(guiana).toBeLessThan(0.17);
  });

  it('draws uniformly over the sphere: equal areas, not equal latitudes', () => {
    // Corners (lat, lng) of a band 0–50°N; the part below 25°N holds sin 25° / sin 50° ≈ 55 % of its area.
    const corners = (north: number): LatLng[] => [{ lat: 0, lng: 0 }, { lat: 0, lng: 20 }, { lat: north, lng: 20 }, { lat: north, lng: 0 }];
    const band = RegionSampler.fromCorners(corners(50));
    const lower = RegionSampler.fromCorners(corners(25));
    const points = samples(band, 20_000, 3);
    const share = points.filter((point) => lower.contains(point)).length / points.length;
    expect(share).toBeCloseTo(lower.area / band.area, 1.5);
    // Uniform in latitude would put 50 % there: 14 standard deviations away at this sample size.
    expect(Math.abs(share - lower.area / band.area)).toBeLessThan(0.015);
  });

  it('chooses among the parts of a region in proportion to their areas', () => {
    const square = (lng: number, size: number) => [[[lng, 0], [lng + size, 0], [lng + size, size], [lng, size], [lng, 0]]];
    const sampler = new RegionSampler({ type: 'MultiPolygon', coordinates: [square(0, 1), square(10, 3)] });
    const small = geoArea({ type: 'Polygon', coordinates: square(0, 1) }) / sampler.area;
    const points = samples(sampler, 20_000, 5);
    expect(points.filter((point) => point.lng < 5).length / points.length).toBeCloseTo(small, 1.5);
  });

  describe('a drawn polygon', () => {
    const clockwise: LatLng[] = [
      { lat: 46, lng: 5 },
      { lat: 46, lng: 8 },
      { lat: 44, lng: 8 },
      { lat: 44, lng: 5 },
    ];

    it('is the area it encloses, whichever way its corners go', () => {
      const one = RegionSampler.fromCorners(clockwise);
      const other = RegionSampler.fromCorners([...clockwise].reverse());
      expect(one.area).toBeCloseTo(other.area, 12);
      expect(one.area).toBeLessThan(0.002);
      for (const sampler of [one, other]) {
        const points = samples(sampler, 1_000);
        expect(points.every((point) => point.lat > 43.99 && point.lat < 46.02 && point.lng > 5 && point.lng < 8)).toBe(true);
      }
    });

    it('can straddle the antimeridian', () => {
      const sampler = RegionSampler.fromCorners([
        { lat: -10, lng: 170 },
        { lat: -10, lng: -170 },
        { lat: 10, lng: -170 },
        { lat: 10, lng: 170 },
      ]);
      const points = samples(sampler, 1_000);
      expect(points.every((point) => Math.abs(point.lng) >= 170)).toBe(true);
      expect(points.filter((point) => point.lng < 0).length).toBeGreaterThan(400);
      expect(points.filter((point) => point.lng > 0).length).toBeGreaterThan(400);
    });

    it('is refused when it encloses no area or is too thin to hit', () => {
      expect(() => RegionSampler.fromCorners([{ lat: 1, lng: 1 }, { lat: 1, lng: 1 }, { lat: 1, lng: 1 }])).toThrow(UnsampleableRegionError);
      expect(() => RegionSampler.fromCorners([{ lat: 0, lng: 0 }, { lat: 1, lng: 1 }, { lat: 2, lng: 2 }])).toThrow(UnsampleableRegionError);
    });
  });

  it('can sample every country world-atlas has a code for', () => {
    const random = seededRandom(11);
    for (const country of worldAtlas) {
      if (country.id === undefined) continue;
      const point = new RegionSampler(country.geometry).sample(random);
      expect({ country: country.properties.name, inside: inside(country.geometry, point) }).toEqual({ country: country.properties.name, inside: true });
    }
  });
});
