import { MAP_LIMITS, type MapEvent, type MapPicture } from '@globetrail/contracts';
import { spec } from '../testing/decider-spec.js';
import { type MapCommand, mapDecider } from './map.decider.js';

const map = spec(mapDecider);

const picture = (i: number, provider = 'panoramax'): MapPicture => ({ provider, imageId: `img-${i}`, location: { lat: 45 + i / 1000, lng: 2 + i / 1000 }, heading: i % 360 });
const pictures = (n: number) => Array.from({ length: n }, (_, i) => picture(i));

const create = (overrides: Partial<MapCommand> = {}): MapCommand => ({
  type: 'CreateMap',
  mapId: 'm1',
  name: 'Roads of France',
  creatorId: 'ada',
  region: 'FR',
  pictures: pictures(5),
  ...overrides,
});

const created: MapEvent = {
  type: 'MapCreated',
  version: 1,
  data: { mapId: 'm1', name: 'Roads of France', creatorId: 'ada', region: 'FR', pictures: pictures(5), createdAt: '2026-11-20T08:00:00.000Z' },
};

describe('map decider', () => {
  describe('CreateMap', () => {
    it('creates the map with its pictures, the trimmed name and the time of the decision', () => {
      expect(map.given([]).when(create({ name: '  Roads of France ' }))).toEqual([
        {
          type: 'MapCreated',
          version: 1,
          data: { mapId: 'm1', name: 'Roads of France', creatorId: 'ada', region: 'FR', pictures: pictures(5), createdAt: '2026-11-21T12:00:00.000Z' },
        },
      ]);
    });

    it('takes exactly the limits: 5 and 2000 locations, a 60-character name', () => {
      expect(map.given([]).when(create({ pictures: pictures(MAP_LIMITS.minLocations) }))).toHaveLength(1);
      expect(map.given([]).when(create({ pictures: pictures(MAP_LIMITS.maxLocations) }))).toHaveLength(1);
      expect(map.given([]).when(create({ name: 'x'.repeat(MAP_LIMITS.nameMax) }))).toHaveLength(1);
    });

    it('refuses an empty or blank name, naming the field', () => {
      for (const name of ['', '   ']) {
        expect(map.given([]).when(create({ name }))).toMatchObject({ kind: 'rejected', status: 400, code: 'validation_failed', field: 'name' });
      }
    });

    it('refuses a name longer than 60 characters', () => {
      expect(map.given([]).when(create({ name: 'x'.repeat(MAP_LIMITS.nameMax + 1) }))).toMatchObject({ status: 400, code: 'validation_failed', field: 'name' });
    });

    it('refuses fewer than 5 or more than 2000 pictures, naming the field', () => {
      expect(map.given([]).when(create({ pictures: pictures(4) }))).toMatchObject({ status: 400, field: 'pictures', message: expect.stringContaining('at least 5') });
      expect(map.given([]).when(create({ pictures: pictures(2001) }))).toMatchObject({ status: 400, field: 'pictures', message: expect.stringContaining('at most 2000') });
    });

    it('refuses the same picture twice, but not two providers that happen to share an id', () => {
      expect(map.given([]).when(create({ pictures: [...pictures(5), picture(3)] }))).toMatchObject({
        status: 400,
        field: 'pictures',
        message: expect.stringContaining('img-3 appears twice'),
      });
      expect(map.given([]).when(create({ pictures: [...pictures(5), picture(3, 'mapillary')] }))).toHaveLength(1);
    });

    it('appends nothing when its creator retries the save', () => {
      expect(map.given([created]).when(create({ name: 'Roads of France' }))).toEqual([]);
    });

    it('refuses anyone else a map id that exists', () => {
      expect(map.given([created]).when(create({ creatorId: 'bob' }))).toMatchObject({ status: 409, code: 'conflict', field: 'mapId' });
    });
  });

  it('evolves to the created map', () => {
    expect(map.given([created]).state()).toEqual({ status: 'created', mapId: 'm1', name: 'Roads of France', creatorId: 'ada', locations: 5 });
  });
});
