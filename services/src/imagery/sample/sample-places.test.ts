import { iso1A2Code } from '@rapideditor/country-coder';
import { COUNTRIES } from './countries.js';
import { FLAGS } from './flags.js';
import { SAMPLE_PLACES } from './sample-places.js';

describe('the sample places', () => {
  it.each(SAMPLE_PLACES.map((place) => [place.key, place] as const))(
    '%s lies in the country it declares',
    (_key, place) => {
      expect(iso1A2Code([place.lng, place.lat])).toBe(place.iso);
    },
  );

  it('have unique keys, road conventions and a flag for their country, and something to read on every sign', () => {
    expect(new Set(SAMPLE_PLACES.map((place) => place.key)).size).toBe(SAMPLE_PLACES.length);
    for (const place of SAMPLE_PLACES) {
      expect({ key: place.key, conventions: !!COUNTRIES[place.iso], flag: !!FLAGS[place.iso] }).toEqual({
        key: place.key,
        conventions: true,
        flag: true,
      });
      expect(place.destinations.length).toBeGreaterThanOrEqual(2);
      expect(place.shopWord.trim()).not.toBe('');
    }
  });

  it('cover every inhabited continent, both hemispheres, both driving sides and a spread of biomes', () => {
    const continents = new Set(SAMPLE_PLACES.map((place) => continentOf(place.lat, place.lng)));
    expect([...continents].sort()).toEqual(['africa', 'americas', 'asia', 'europe', 'oceania']);
    expect(SAMPLE_PLACES.some((place) => place.lat < 0)).toBe(true);
    expect(new Set(SAMPLE_PLACES.map((place) => COUNTRIES[place.iso]?.drivingSide))).toEqual(new Set(['left', 'right']));
    expect(new Set(SAMPLE_PLACES.map((place) => place.biome)).size).toBeGreaterThanOrEqual(8);
    expect(SAMPLE_PLACES.length).toBeGreaterThanOrEqual(40);
    expect(SAMPLE_PLACES.length).toBeLessThanOrEqual(60);
  });
});

/** Coarse, but enough to show the set is not all in one part of the world. */
function continentOf(lat: number, lng: number): string {
  if (lng < -30) return 'americas';
  if (lat < -10 && lng > 110) return 'oceania';
  if (lng > 160 || lng < -150) return 'oceania';
  if (lat < 37 && lng < 52 && !(lat > 29 && lng > 34)) return 'africa';
  if (lng < 40 && lat > 35) return 'europe';
  return 'asia';
}
