import type { DomainEvent } from '@globetrail/contracts';
import { mapLocationsProjection } from '../projections/map-locations/map-locations.projection.js';
import { mapsProjection } from '../projections/maps/maps.projection.js';
import { ProjectionRunner } from '../projections/projection-runner.js';
import { authorMap, mapStreams, placesAt, presetLocations, presetMap } from '../projections/testing/map-events.js';
import { tempStores } from '../projections/testing/stores.js';
import { MapCatalog } from './map-catalog.js';

const day = '2026-11-21T10:00:00.000Z';

describe('MapCatalog', () => {
  let stores: ReturnType<typeof tempStores>;
  let runners: ProjectionRunner[];
  let catalog: MapCatalog;
  async function append(streams: Array<[string, DomainEvent[]]>) {
    let last = 0n;
    for (const [stream, events] of streams) last = (await stores.append(stream, events)).position;
    for (const runner of runners) await runner.waitFor(last);
  }
  beforeEach(async () => {
    stores = tempStores();
    runners = [mapsProjection, mapLocationsProjection].map((projection) => new ProjectionRunner(projection, stores.events, stores.reads));
    for (const runner of runners) await runner.start();
    catalog = new MapCatalog(stores.reads);
  });
  afterEach(async () => {
    for (const runner of runners) await runner.stop();
    await stores.close();
  });

  it('plays a complete map: its name, size and diagonal, and any of its locations read by index', async () => {
    const places = placesAt(30);
    await append(mapStreams([[day, authorMap('map-aaaa1', 'Villages', 'ada', places)]]));
    const map = await catalog.get('map-aaaa1');
    expect(map).toMatchObject({ id: 'map-aaaa1', name: 'Villages', size: 30, content: 'places' });
    expect(map!.maxMapDistance).toBeGreaterThan(3000);
    expect(map!.maxMapDistance).toBeLessThan(5000);
    expect(await map!.at([29, 0])).toEqual([
      { idx: 29, location: places[29] },
      { idx: 0, location: places[0] },
    ]);
  });

  it('does not play a map that is unknown, deleted, or still being seeded', async () => {
    await append(
      mapStreams([
        [day, authorMap('map-aaaa1', 'Villages')],
        [day, { type: 'DeleteMap', mapId: 'map-aaaa1', by: 'ada', isAdmin: false }],
        [day, presetMap('world', 'World', 'world', 100)],
        [day, presetLocations('world', 0, placesAt(50))],
      ]),
    );
    expect(await catalog.get('nope')).toBeNull();
    expect(await catalog.get('map-aaaa1')).toBeNull();
    expect(await catalog.get('world')).toBeNull();
    await append(mapStreams([[day, presetMap('world', 'World', 'world', 100)], [day, presetLocations('world', 0, placesAt(50))], [day, presetLocations('world', 50, placesAt(50, 10))]]).slice(2));
    expect(await catalog.get('world')).toMatchObject({ size: 100 });
  });
});
