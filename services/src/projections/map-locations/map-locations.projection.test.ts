import type { DomainEvent, MapPicture } from '@globetrail/contracts';
import { ProjectionRunner } from '../projection-runner.js';
import { authorMap, mapStreams, placesAt, presetLocations, presetMap } from '../testing/map-events.js';
import { tempStores } from '../testing/stores.js';
import { mapLocationsProjection } from './map-locations.projection.js';
import { allLocations, asMapLocation, locationBatch, locationsAt } from './map-locations.queries.js';

const day = '2026-11-21T10:00:00.000Z';

async function locationsOf(streams: Array<[string, DomainEvent[]]>) {
  const stores = tempStores();
  const runner = new ProjectionRunner(mapLocationsProjection, stores.events, stores.reads);
  await runner.start();
  let last = 0n;
  for (const [stream, events] of streams) last = (await stores.append(stream, events)).position;
  await runner.waitFor(last);
  return {
    reads: stores.reads,
    async close() {
      await runner.stop();
      await stores.close();
    },
  };
}

describe('map locations read model', () => {
  it('reads a batch of 10 of a big map by its index, in the map order, and nothing past the end', async () => {
    const places = placesAt(2345);
    const { reads, close } = await locationsOf(
      mapStreams([
        [day, presetMap('world', 'World', 'world', places.length)],
        [day, presetLocations('world', 0, places.slice(0, 2000))],
        [day, presetLocations('world', 2000, places.slice(2000))],
      ]),
    );
    try {
      expect((await locationBatch(reads, 'world', 0)).map(asMapLocation)).toEqual(places.slice(0, 10));
      expect((await locationBatch(reads, 'world', 199)).map(asMapLocation)).toEqual(places.slice(1990, 2000));
      expect((await locationBatch(reads, 'world', 234)).map(asMapLocation)).toEqual(places.slice(2340));
      expect(await locationBatch(reads, 'world', 235)).toEqual([]);
      expect((await locationsAt(reads, 'world', [2344, 7, 99_999])).map((doc) => doc.idx)).toEqual([2344, 7]);
    } finally {
      await close();
    }
  });

  it('keeps only the new locations after a replacement, shorter or longer, and none after a deletion', async () => {
    const first = placesAt(12);
    const second = placesAt(6, 30, 30);
    const third = placesAt(20, 10, 10);
    const replaced = await locationsOf(
      mapStreams([
        [day, authorMap('map-aaaa1', 'Villages', 'ada', first)],
        [day, authorMap('map-aaaa1', 'Villages', 'ada', second)],
        [day, authorMap('map-bbbb2', 'Towns', 'ada', second)],
        [day, authorMap('map-bbbb2', 'Towns', 'ada', third)],
      ]),
    );
    try {
      expect((await allLocations(replaced.reads, 'map-aaaa1')).map(asMapLocation)).toEqual(second);
      expect((await allLocations(replaced.reads, 'map-bbbb2')).map(asMapLocation)).toEqual(third);
    } finally {
      await replaced.close();
    }
    const gone = await locationsOf(
      mapStreams([
        [day, authorMap('map-aaaa1', 'Villages', 'ada', first)],
        [day, { type: 'DeleteMap', mapId: 'map-aaaa1', by: 'ada', isAdmin: false }],
      ]),
    );
    try {
      expect(await allLocations(gone.reads, 'map-aaaa1')).toEqual([]);
    } finally {
      await gone.close();
    }
  });

  it("keeps a picture map's pictures with its locations (server-only), old and new event versions alike", async () => {
    const pictures: MapPicture[] = Array.from({ length: 5 }, (_, i) => ({ provider: 'panoramax', imageId: `c/${i}`, location: { lat: 45 + i / 100, lng: 2 }, heading: 370 }));
    const old: DomainEvent = { type: 'MapCreated', version: 1, data: { mapId: 'm1', name: 'Old roads', creatorId: 'ada', region: 'FR', pictures, createdAt: day } };
    const { reads, close } = await locationsOf([
      ['map-m1', [old]],
      ...mapStreams([[day, { type: 'CreateMap', mapId: 'm2', name: 'New roads', creatorId: 'ada', creatorName: 'Ada', content: 'pictures', region: 'FR', pictures }]]),
    ]);
    try {
      for (const mapId of ['m1', 'm2']) {
        expect((await locationBatch(reads, mapId, 0)).map(asMapLocation)[2]).toEqual({ lat: 45.02, lng: 2, heading: 10, picture: { provider: 'panoramax', imageId: 'c/2' } });
      }
    } finally {
      await close();
    }
  });
});
