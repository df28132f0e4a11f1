import { DEFAULT_MAX_MAP_DISTANCE_METERS } from '../rules/score.js';
import type { MapCategories } from './map-categories.js';
import { boxDiagonalMeters, draftUpdate, locationCountProblem, type SavedMap, sameLocations, suggestDraftCategories } from './map-drafts.js';

const categories: MapCategories = { coverage: 'country', urbanRural: 'mixed', coastalInland: 'mixed', regionalFocusByCountry: 'FR', countryStreakEligible: false };
const places = [
  { lat: 48.85, lng: 2.35 },
  { lat: 45.76, lng: 4.83, heading: 90 },
];
const saved: SavedMap = { name: 'France', description: 'Cities', categories, locations: places };

describe('what a save sends', () => {
  it('creates a new map with its locations, and its categories only when the author chose them', () => {
    expect(draftUpdate(null, { name: ' France ', description: '', categories: null, locations: places })).toEqual({ name: 'France', description: '', locations: places });
    expect(draftUpdate(null, { name: 'France', description: '', categories, locations: places })).toEqual({ name: 'France', description: '', categories, locations: places });
  });

  it('has nothing to send for a blank new map', () => {
    expect(draftUpdate(null, { name: ' ', description: '', categories: null, locations: [] })).toBeNull();
    expect(draftUpdate(null, { name: 'Soon', description: '', categories: null, locations: [] })).toEqual({ name: 'Soon', description: '', locations: [] });
  });

  it('sends nothing when nothing changed, even through a copied list or extra spaces', () => {
    expect(draftUpdate(saved, { name: 'France ', description: 'Cities', categories, locations: places.map((place) => ({ ...place })) })).toBeNull();
    expect(draftUpdate(saved, { name: 'France', description: 'Cities', categories: null, locations: places })).toBeNull();
  });

  it('leaves out unchanged locations and categories', () => {
    expect(draftUpdate(saved, { ...saved, name: 'La France' })).toEqual({ name: 'La France', description: 'Cities' });
    expect(draftUpdate(saved, { ...saved, categories: { ...categories, urbanRural: 'urban' } })).toEqual({ name: 'France', description: 'Cities', categories: { ...categories, urbanRural: 'urban' } });
  });

  it('sends every location when one moved, was added or removed, or a view field changed', () => {
    const moved = [places[0]!, { ...places[1]!, lat: 45.7 }];
    expect(draftUpdate(saved, { ...saved, locations: moved })).toEqual({ name: 'France', description: 'Cities', locations: moved });
    expect(draftUpdate(saved, { ...saved, locations: [places[0]!] })?.locations).toEqual([places[0]]);
    expect(sameLocations(places, [places[0]!, { ...places[1]!, heading: 91 }])).toBe(false);
    expect(sameLocations(places, [places[0]!, { ...places[1]!, panoId: 'abc' }])).toBe(false);
    expect(sameLocations(places, [...places].reverse())).toBe(false);
  });
});

describe('location counts', () => {
  it('saves 5 to 10,000 locations', () => {
    expect([0, 4, 5, 10_000, 10_001].map(locationCountProblem)).toEqual(['tooFew', 'tooFew', null, null, 'tooMany']);
  });
});

describe('what the locations suggest', () => {
  it('measures the box the short way across the antimeridian', () => {
    const fiji = boxDiagonalMeters([
      { lat: -16, lng: 179 },
      { lat: -18, lng: -179 },
    ]);
    expect(fiji).toBeGreaterThan(200_000);
    expect(fiji).toBeLessThan(400_000);
    expect(boxDiagonalMeters([{ lat: 10, lng: 10 }])).toBe(DEFAULT_MAX_MAP_DISTANCE_METERS);
    expect(boxDiagonalMeters([{ lat: 0, lng: -100 }, { lat: 0, lng: 100 }, { lat: 0, lng: 0 }])).toBe(DEFAULT_MAX_MAP_DISTANCE_METERS);
  });

  it('suggests a city, a country and the world from where the locations lie', () => {
    const paris = [
      { lat: 48.85, lng: 2.35 },
      { lat: 48.86, lng: 2.3 },
      { lat: 48.83, lng: 2.4 },
    ];
    expect(suggestDraftCategories(paris, () => 'FR')).toMatchObject({ coverage: 'city', regionalFocusByCountry: 'FR', countryStreakEligible: false });
    expect(suggestDraftCategories(places, () => 'FR')).toMatchObject({ coverage: 'country', regionalFocusByCountry: 'FR' });
    const world = Array.from({ length: 12 }, (_, index) => ({ lat: index * 5, lng: index * 25 - 150 }));
    const codes = ['FR', 'DE', 'IT', 'ES', 'PT', 'BE', 'NL', 'PL', 'CZ', 'AT', 'CH', 'DK'];
    expect(suggestDraftCategories(world, (at) => codes[world.indexOf(at as (typeof world)[number])] ?? null)).toEqual({
      coverage: 'world',
      urbanRural: 'mixed',
      coastalInland: 'mixed',
      regionalFocusByCountry: null,
      countryStreakEligible: true,
    });
  });

  it('reads country shares from a sample of a big map', () => {
    const many = Array.from({ length: 10_000 }, (_, index) => ({ lat: 40 + index / 10_000, lng: index / 10_000 }));
    let asked = 0;
    const suggested = suggestDraftCategories(many, () => {
      asked += 1;
      return 'ES';
    });
    expect(asked).toBe(2000);
    expect(suggested.regionalFocusByCountry).toBe('ES');
  });
});
