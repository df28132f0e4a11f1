import { DEFAULT_MAX_MAP_DISTANCE_METERS, type DomainEvent, type MapPicture } from '@globetrail/contracts';
import type { PanoramaCandidate } from '../imagery/imagery.port.js';
import { mapsProjection } from '../projections/maps/maps.projection.js';
import { ProjectionRunner } from '../projections/projection-runner.js';
import { tempStores } from '../projections/testing/stores.js';
import { maxMapDistanceOf } from './map-extent.js';
import { DEFAULT_MAP_ID, MapCatalog } from './map-catalog.js';

const local: PanoramaCandidate[] = [{ provider: 'local', imageId: 'sample-1', location: { lat: 1, lng: 2 }, heading: 0 }];
const pictures: MapPicture[] = Array.from({ length: 5 }, (_, i) => ({ provider: 'panoramax', imageId: `c/${i}`, location: { lat: 44 + i, lng: 1 + i / 2 }, heading: 10 * i }));
const created: DomainEvent = {
  type: 'MapCreated',
  version: 1,
  data: { mapId: 'm1', name: 'France roads', creatorId: 'ada', region: 'FR', pictures, createdAt: '2026-11-21T10:00:00.000Z' },
};

describe('MapCatalog', () => {
  let stores: ReturnType<typeof tempStores>;
  let runner: ProjectionRunner;
  beforeEach(async () => {
    stores = tempStores();
    runner = new ProjectionRunner(mapsProjection, stores.events, stores.reads);
    await runner.start();
  });
  afterEach(async () => {
    await runner.stop();
    await stores.close();
  });

  it('has the built-in world map over the local pictures', async () => {
    const catalog = new MapCatalog(() => local, stores.reads);
    const world = await catalog.get(DEFAULT_MAP_ID);
    expect(world).toMatchObject({ id: 'world', name: 'World', maxMapDistance: DEFAULT_MAX_MAP_DISTANCE_METERS });
    expect(world!.locations()).toEqual(local);
    expect(await catalog.summary(DEFAULT_MAP_ID)).toEqual({ mapId: 'world', name: 'World', locations: 1, region: null, creatorId: null });
  });

  it("plays a saved map's pictures, scored by the map's own diagonal", async () => {
    const catalog = new MapCatalog(() => local, stores.reads);
    expect(await catalog.get('m1')).toBeNull();
    await runner.waitFor((await stores.append('map-m1', [created])).position);
    const map = await catalog.get('m1');
    expect(map).toMatchObject({ id: 'm1', name: 'France roads', maxMapDistance: maxMapDistanceOf(pictures.map((p) => p.location)) });
    expect(map!.maxMapDistance).toBeLessThan(DEFAULT_MAX_MAP_DISTANCE_METERS / 10);
    expect(map!.locations()).toEqual(pictures);
    expect(await catalog.get('m1')).toBe(map);
    expect(await catalog.summary('m1')).toEqual({ mapId: 'm1', name: 'France roads', locations: 5, region: 'FR', creatorId: 'ada' });
    expect(await catalog.summary('nope')).toBeNull();
  });
});
