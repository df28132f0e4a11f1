import { MAP_LIMITS, type MapCategories, type MapEvent, type MapLocation, type MapPicture } from '@globetrail/contracts';
import { spec } from '../testing/decider-spec.js';
import { mapLikeDecider } from './map-like.decider.js';
import { type MapCommand, mapDecider } from './map.decider.js';

const map = spec(mapDecider);
const at = '2026-11-21T12:00:00.000Z';

const picture = (i: number, provider = 'panoramax'): MapPicture => ({ provider, imageId: `img-${i}`, location: { lat: 45 + i / 1000, lng: 2 + i / 1000 }, heading: i % 360 });
const pictures = (n: number) => Array.from({ length: n }, (_, i) => picture(i));
/** n distinct places in France, a little apart. */
const places = (n: number, offset = 0): MapLocation[] => Array.from({ length: n }, (_, i) => ({ lat: 44 + (i + offset) / 5000, lng: 1 + (i + offset) / 5000 }));

const categories: MapCategories = { coverage: 'region', urbanRural: 'rural', coastalInland: 'inland', regionalFocusByCountry: 'FR', countryStreakEligible: false };

const save = (overrides: Partial<Extract<MapCommand, { type: 'SaveMap' }>> = {}): MapCommand => ({
  type: 'SaveMap',
  mapId: 'map-0001',
  authorId: 'ada',
  authorName: 'Ada',
  name: 'Villages of Occitanie',
  description: 'Small places',
  categories: null,
  locations: places(5),
  ...overrides,
});

/** The events a map made by saving `command` consists of. */
function saved(command: MapCommand = save()): MapEvent[] {
  const events = map.given([]).when(command);
  if (!Array.isArray(events)) throw new Error(`the save was refused: ${events.message}`);
  return events;
}

describe('map decider', () => {
  describe('SaveMap creating a map', () => {
    it('creates it with its author, what its places suggest, and its locations in chunks of 500', () => {
      const events = saved(save({ name: '  Villages of Occitanie ', locations: places(1234) }));
      expect(events.map((event) => event.type)).toEqual(['MapCreated', 'MapLocationsAdded', 'MapLocationsAdded', 'MapLocationsAdded']);
      const created = events[0]!;
      expect(created).toMatchObject({
        version: 2,
        data: {
          mapId: 'map-0001',
          name: 'Villages of Occitanie',
          creatorId: 'ada',
          creatorName: 'Ada',
          official: false,
          content: 'places',
          locationCount: 1234,
          categories: { coverage: 'region', regionalFocusByCountry: 'FR', countryStreakEligible: false, urbanRural: 'mixed', coastalInland: 'mixed' },
          createdAt: at,
        },
      });
      const chunks = events.slice(1) as Array<Extract<MapEvent, { type: 'MapLocationsAdded' }>>;
      expect(chunks.map((chunk) => [chunk.data.from, chunk.data.locations.length])).toEqual([
        [0, 500],
        [500, 500],
        [1000, 234],
      ]);
      expect(chunks.flatMap((chunk) => chunk.data.locations)).toEqual(places(1234));
    });

    it("records the map's box and its diagonal, which scores scale by", () => {
      const created = saved(save({ locations: [{ lat: 10, lng: 20 }, { lat: 11, lng: 21 }, ...places(3)] }))[0]!;
      expect(created.type === 'MapCreated' && created.version === 2 && created.data.extent).toEqual({
        bounds: { south: 10, west: 1, north: 44.0004, east: 21 },
        mmd: expect.any(Number),
      });
    });

    it('keeps the categories the author chose', () => {
      expect(saved(save({ categories }))[0]).toMatchObject({ data: { categories } });
    });

    it('takes exactly the limits: 5 and 10,000 locations, a 60-character name', () => {
      expect(saved(save({ locations: places(MAP_LIMITS.minLocations) }))).toHaveLength(2);
      expect(saved(save({ locations: places(MAP_LIMITS.maxLocations) }))).toHaveLength(1 + MAP_LIMITS.maxLocations / MAP_LIMITS.chunk);
      expect(saved(save({ name: 'x'.repeat(MAP_LIMITS.nameMax) }))).toHaveLength(2);
    });

    it('refuses a blank or too long name, too few or too many locations, and no locations at all, naming the field', () => {
      expect(map.given([]).when(save({ name: '   ' }))).toMatchObject({ kind: 'rejected', status: 400, field: 'name' });
      expect(map.given([]).when(save({ name: 'x'.repeat(61) }))).toMatchObject({ status: 400, field: 'name' });
      expect(map.given([]).when(save({ description: 'x'.repeat(1001) }))).toMatchObject({ status: 400, field: 'description' });
      expect(map.given([]).when(save({ locations: places(4) }))).toMatchObject({ status: 400, field: 'locations', message: expect.stringContaining('at least 5') });
      expect(map.given([]).when(save({ locations: places(10_001) }))).toMatchObject({ status: 400, field: 'locations', message: expect.stringContaining('at most 10000') });
      expect(map.given([]).when(save({ locations: null }))).toMatchObject({ status: 400, field: 'locations', message: expect.stringContaining('needs its locations') });
    });

    it('refuses a place given twice, naming the entry that repeats', () => {
      const locations = [...places(5), { lat: 44.0004, lng: 1.0004, heading: 90 }];
      expect(map.given([]).when(save({ locations }))).toMatchObject({ status: 400, field: 'locations.5', message: 'locations.5: the same place as locations.2' });
    });
  });

  describe('SaveMap on an existing map', () => {
    const existing = saved();

    it('appends nothing when nothing changed (a retried save)', () => {
      expect(map.given(existing).when(save())).toEqual([]);
    });

    it('records changed details once, and keeps the locations when none are sent', () => {
      expect(map.given(existing).when(save({ name: 'Hamlets', locations: null, categories }))).toEqual([
        { type: 'MapDetailsChanged', version: 1, data: { mapId: 'map-0001', name: 'Hamlets', description: 'Small places', categories, changedAt: at } },
      ]);
    });

    it('replaces every location when the list changed', () => {
      const events = map.given(existing).when(save({ locations: places(7, 100) }));
      expect(Array.isArray(events) && events.map((event) => event.type)).toEqual(['MapLocationsReplaced', 'MapLocationsAdded']);
      expect(events).toMatchObject([{ data: { locationCount: 7 } }, { data: { from: 0, locations: places(7, 100) } }]);
      const after = map.given([...existing, ...(events as MapEvent[])]);
      expect(after.state()).toMatchObject({ declared: 7, added: 7 });
      expect(after.when(save({ locations: places(7, 100) }))).toEqual([]);
    });

    it('a reordered list is a change: the order is the map makers', () => {
      const reversed = [...places(5)].reverse();
      expect(map.given(existing).when(save({ locations: reversed }))).toMatchObject([{ type: 'MapLocationsReplaced' }, { type: 'MapLocationsAdded' }]);
    });

    it("lets only its author change it, and never a deleted map's id", () => {
      expect(map.given(existing).when(save({ authorId: 'bob' }))).toMatchObject({ status: 403, code: 'forbidden' });
      const deleted: MapEvent = { type: 'MapDeleted', version: 1, data: { mapId: 'map-0001', deletedBy: 'ada', as: 'author', deletedAt: at } };
      expect(map.given([...existing, deleted]).when(save())).toMatchObject({ status: 409, code: 'map_deleted', field: 'mapId' });
    });

    it("refuses to replace the locations of a map of pictures, but changes its details", () => {
      const generated = saved({ type: 'CreateMap', mapId: 'map-0001', name: 'Roads', creatorId: 'ada', creatorName: 'Ada', content: 'pictures', region: 'FR', pictures: pictures(5) });
      expect(map.given(generated).when(save({ name: 'Roads' }))).toMatchObject({ status: 409, code: 'locations_fixed', field: 'locations' });
      expect(map.given(generated).when(save({ name: 'Roads of France', locations: null }))).toMatchObject([{ type: 'MapDetailsChanged' }]);
    });
  });

  describe('CreateMap (pictures saved from the generator, or uploaded)', () => {
    const create = (overrides: Partial<Extract<MapCommand, { type: 'CreateMap' }>> = {}): MapCommand => ({
      type: 'CreateMap',
      mapId: 'm1',
      name: 'Roads of France',
      creatorId: 'ada',
      creatorName: 'Ada',
      content: 'pictures',
      region: 'FR',
      pictures: pictures(5),
      ...overrides,
    });

    it('creates the map with its pictures as locations that play them as they are', () => {
      const [created, chunk] = saved(create());
      expect(created).toMatchObject({ type: 'MapCreated', version: 2, data: { content: 'pictures', region: 'FR', locationCount: 5, official: false } });
      expect(chunk).toMatchObject({ type: 'MapLocationsAdded', data: { from: 0 } });
      expect(chunk!.type === 'MapLocationsAdded' && chunk!.data.locations[1]).toEqual({ lat: 45.001, lng: 2.001, heading: 1, picture: { provider: 'panoramax', imageId: 'img-1' } });
    });

    it('appends nothing for a retry by the same creator, and refuses an id taken by someone else', () => {
      const existing = saved(create());
      expect(map.given(existing).when(create())).toEqual([]);
      expect(map.given(existing).when(create({ creatorId: 'bob' }))).toMatchObject({ status: 409, field: 'mapId' });
    });

    it('refuses fewer than 5 or more than 2000 pictures, and the same picture twice', () => {
      expect(map.given([]).when(create({ pictures: pictures(4) }))).toMatchObject({ status: 400, field: 'pictures' });
      expect(map.given([]).when(create({ pictures: pictures(2001) }))).toMatchObject({ status: 400, field: 'pictures', message: expect.stringContaining('at most 2000') });
      expect(map.given([]).when(create({ pictures: [...pictures(5), picture(3)] }))).toMatchObject({ status: 400, field: 'pictures' });
      expect(saved(create({ pictures: [...pictures(5), picture(3, 'mapillary')] }))).toHaveLength(2);
    });

    it('reads a map saved before MapCreated v2 (pictures inline) as complete, with what its pictures suggest', () => {
      const first: MapEvent = { type: 'MapCreated', version: 1, data: { mapId: 'm1', name: 'Old', creatorId: 'ada', region: 'FR', pictures: pictures(5), createdAt: at } };
      expect(map.given([first]).state()).toMatchObject({ status: 'created', content: 'pictures', declared: 5, added: 5, categories: { regionalFocusByCountry: 'FR' } });
      expect(map.given([first]).when(create())).toEqual([]);
    });
  });

  describe('preset maps, seeded by the system', () => {
    const preset: MapCommand = {
      type: 'CreatePresetMap',
      mapId: 'country-fr',
      name: 'France',
      description: 'Every place',
      copyright: 'GeoNames, CC BY 4.0',
      section: 'featured',
      categories,
      locationCount: 1200,
      extent: { bounds: null, mmd: 1_000_000 },
    };
    const add = (from: number, count: number): MapCommand => ({ type: 'AddPresetLocations', mapId: 'country-fr', from, locations: places(count, from) });

    it('creates the map official, then takes its locations in order until the declared count', () => {
      const created = saved(preset);
      expect(created).toMatchObject([{ type: 'MapCreated', version: 2, data: { official: true, creatorId: 'system', section: 'featured', locationCount: 1200 } }]);
      const first = map.given(created).when(add(0, 700));
      expect(first).toMatchObject([{ data: { from: 0 } }, { data: { from: 500 } }]);
      const both = [...created, ...(first as MapEvent[])];
      expect(map.given(both).when(add(700, 500))).toMatchObject([{ data: { from: 700 } }]);
    });

    it('resumes where an interrupted seed stopped: a chunk already in is a retry, a gap or an overflow is refused', () => {
      const half = [...saved(preset), ...(map.given(saved(preset)).when(add(0, 600)) as MapEvent[])];
      expect(map.given(half).when(add(0, 600))).toEqual([]);
      expect(map.given(half).when(add(700, 10))).toMatchObject({ status: 409, field: 'from' });
      expect(map.given(half).when(add(600, 601))).toMatchObject({ status: 409, field: 'locations' });
      expect(map.given(half).when(preset)).toEqual([]);
    });

    it('adds locations only to a preset map', () => {
      expect(map.given(saved()).when({ type: 'AddPresetLocations', mapId: 'map-0001', from: 5, locations: places(1) })).toMatchObject({ status: 404 });
    });
  });

  describe('DeleteMap', () => {
    const existing = saved();

    it('lets the author delete their map, once (a retry appends nothing)', () => {
      const deleted = map.given(existing).when({ type: 'DeleteMap', mapId: 'map-0001', by: 'ada', isAdmin: false });
      expect(deleted).toEqual([{ type: 'MapDeleted', version: 1, data: { mapId: 'map-0001', deletedBy: 'ada', as: 'author', deletedAt: at } }]);
      expect(map.given([...existing, ...(deleted as MapEvent[])]).when({ type: 'DeleteMap', mapId: 'map-0001', by: 'ada', isAdmin: false })).toEqual([]);
    });

    it("lets a map admin take down another player's map, and no one else", () => {
      expect(map.given(existing).when({ type: 'DeleteMap', mapId: 'map-0001', by: 'mod', isAdmin: true })).toMatchObject([{ data: { deletedBy: 'mod', as: 'admin' } }]);
      expect(map.given(existing).when({ type: 'DeleteMap', mapId: 'map-0001', by: 'bob', isAdmin: false })).toMatchObject({ status: 403, code: 'forbidden' });
    });

    it('never deletes a preset map, and answers 404 for an unknown one', () => {
      const preset = saved({ type: 'CreatePresetMap', mapId: 'world', name: 'World', description: '', copyright: 'GeoNames', section: 'world', categories, locationCount: 10, extent: { bounds: null, mmd: 1 } });
      expect(map.given(preset).when({ type: 'DeleteMap', mapId: 'world', by: 'mod', isAdmin: true })).toMatchObject({ status: 403 });
      expect(map.given([]).when({ type: 'DeleteMap', mapId: 'nope', by: 'ada', isAdmin: false })).toMatchObject({ status: 404 });
    });
  });
});

describe('map like decider', () => {
  const likes = spec(mapLikeDecider);
  const liked: Parameters<typeof mapLikeDecider.evolve>[1] = { type: 'MapLiked', version: 1, data: { mapId: 'world', userId: 'ada', likedAt: at } };

  it('likes and unlikes, each only when it changes something (retries append nothing)', () => {
    expect(likes.given([]).when({ type: 'SetMapLike', mapId: 'world', userId: 'ada', liked: true })).toEqual([liked]);
    expect(likes.given([liked]).when({ type: 'SetMapLike', mapId: 'world', userId: 'ada', liked: true })).toEqual([]);
    expect(likes.given([liked]).when({ type: 'SetMapLike', mapId: 'world', userId: 'ada', liked: false })).toEqual([
      { type: 'MapUnliked', version: 1, data: { mapId: 'world', userId: 'ada', unlikedAt: at } },
    ]);
    expect(likes.given([]).when({ type: 'SetMapLike', mapId: 'world', userId: 'ada', liked: false })).toEqual([]);
  });
});
