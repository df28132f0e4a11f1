import { greatCircleDistance } from '@globetrail/contracts';
import { countryAt } from '../../domain/country.js';
import { EqualAreaGrid } from './equal-area-grid.js';
import { loadPlaces } from './geonames-places.js';
import { PlaceIndex } from './place-index.js';
import { buildPresetMaps, type PresetMap } from './preset-maps.js';

let maps: PresetMap[];
const byId = (mapId: string) => maps.find((map) => map.mapId === mapId)!;

beforeAll(() => {
  maps = buildPresetMaps();
}, 60_000);

describe('the preset maps', () => {
  it('are the four world maps, World with over 100,000 real places, and a map per country', () => {
    expect(maps.filter((map) => map.section === 'world').map((map) => map.mapId)).toEqual(['world', 'arbitrary-world', 'arbitrary-rural-world', 'balanced-world']);
    expect(byId('world').locations.length).toBeGreaterThanOrEqual(100_000);
    const countries = maps.filter((map) => map.section === 'featured');
    expect(countries.length).toBeGreaterThan(150);
    for (const map of countries) expect(map.locations.length).toBeGreaterThanOrEqual(20);
    expect(byId('country-fr')).toMatchObject({ name: 'France', categories: { coverage: 'country', regionalFocusByCountry: 'FR', countryStreakEligible: false } });
    expect(byId('country-jp').name).toBe('Japan');
  });

  it('state their source and licence, and hold valid coordinates, no place twice within a map', () => {
    for (const map of maps) {
      expect(map.copyright).toContain('GeoNames');
      expect(map.copyright).toContain('CC BY 4.0');
      expect(map.description).toContain(map.locations.length.toLocaleString('en'));
      const invalid = map.locations.filter(({ lat, lng }) => !(Math.abs(lat) <= 90 && Math.abs(lng) <= 180));
      expect({ mapId: map.mapId, invalid }).toEqual({ mapId: map.mapId, invalid: [] });
      expect(new Set(map.locations.map(({ lat, lng }) => `${lat},${lng}`)).size).toBe(map.locations.length);
    }
  });

  it('are the same maps, in the same order, every time they are built', () => {
    const again = buildPresetMaps();
    expect(again.map((map) => [map.mapId, map.locations.length])).toEqual(maps.map((map) => [map.mapId, map.locations.length]));
    for (const mapId of ['world', 'arbitrary-world', 'balanced-world', 'country-ch']) {
      expect(again.find((map) => map.mapId === mapId)!.locations.slice(0, 50)).toEqual(byId(mapId).locations.slice(0, 50));
    }
  });

  it("lay a country map's places in that country, and shuffle them so a first batch spans the country", () => {
    const switzerland = byId('country-ch').locations;
    const outside = switzerland.filter((place) => countryAt(place) !== 'CH');
    // Borders drawn at 1:50m put a few places right on the border just outside.
    expect(outside.length).toBeLessThan(switzerland.length * 0.02);
    const firstTen = switzerland.slice(0, 10);
    const spread = Math.max(...firstTen.map((a) => Math.max(...firstTen.map((b) => greatCircleDistance(a, b)))));
    expect(spread).toBeGreaterThan(50_000);
  });

  it('give every country of the Balanced World the same share, up to 60 (countries as GeoNames gives them)', () => {
    const countryOf = new Map(loadPlaces().map((place) => [`${place.lat},${place.lng}`, place.country]));
    const counts = new Map<string, number>();
    for (const place of byId('balanced-world').locations) {
      const country = countryOf.get(`${place.lat},${place.lng}`)!;
      counts.set(country, (counts.get(country) ?? 0) + 1);
    }
    expect(Math.max(...counts.values())).toBe(60);
    expect(counts.get('FR')).toBe(60);
    expect(counts.get('AQ')).toBe(1);
    expect(counts.size).toBeGreaterThan(240);
  });

  it('keep the Arbitrary Rural World 30 km from every city of 100,000 (checked by brute force on a sample)', () => {
    const cities = loadPlaces().filter((place) => place.population >= 100_000);
    const rural = byId('arbitrary-rural-world').locations;
    for (const village of rural.filter((_, i) => i % 50 === 0)) {
      const nearest = Math.min(...cities.map((city) => greatCircleDistance(village, city)));
      expect(nearest).toBeGreaterThanOrEqual(30_000);
    }
    expect(byId('arbitrary-rural-world').categories.urbanRural).toBe('rural');
  });

  it('spread An Arbitrary World over the land: at most one place per cell of its grid', () => {
    const grid = new EqualAreaGrid(0.25);
    const cells = new Set(byId('arbitrary-world').locations.map((place) => grid.cellOf(place)));
    expect(cells.size).toBe(byId('arbitrary-world').locations.length);
  });

  it('tell coastal from inland countries and urban from rural ones', () => {
    expect(byId('country-mn').categories).toMatchObject({ coastalInland: 'inland', urbanRural: 'rural' });
    expect(byId('country-mt').categories.coastalInland).toBe('coastal');
    expect(byId('country-is').categories.coastalInland).toBe('coastal');
    expect(byId('country-nl').categories.urbanRural).toBe('urban');
    expect(byId('world').categories).toMatchObject({ coverage: 'world', urbanRural: 'mixed', countryStreakEligible: true, regionalFocusByCountry: null });
  });
});

describe('PlaceIndex', () => {
  it('finds a point within a distance across the antimeridian and near the poles, and none farther', () => {
    const index = new PlaceIndex([{ lat: -16.5, lng: 179.99 }, { lat: 89.5, lng: 0 }]);
    expect(index.within({ lat: -16.5, lng: -179.99 }, 5_000)).toBe(true);
    expect(index.within({ lat: -16.5, lng: -179.5 }, 5_000)).toBe(false);
    expect(index.within({ lat: 89.5, lng: 179 }, 150_000)).toBe(true);
  });
});

describe('EqualAreaGrid', () => {
  it('has narrower rows of fewer cells towards the poles, each cell about as wide as high', () => {
    const grid = new EqualAreaGrid(1);
    expect(grid.cellOf({ lat: 0.5, lng: -179.9 })).not.toBe(grid.cellOf({ lat: 0.5, lng: -178.9 }));
    expect(grid.cellOf({ lat: 85.5, lng: -179.9 })).toBe(grid.cellOf({ lat: 85.5, lng: -172 }));
  });
});
