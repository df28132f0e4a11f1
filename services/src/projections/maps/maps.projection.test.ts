import type { DomainEvent, MapPicture } from '@globetrail/contracts';
import { mapLikesProjection } from '../map-likes/map-likes.projection.js';
import { ProjectionRunner } from '../projection-runner.js';
import { authorMap, liked, mapStreams, placesAt, presetLocations, presetMap, unliked } from '../testing/map-events.js';
import { tempStores } from '../testing/stores.js';
import { mapsProjection } from './maps.projection.js';
import { likedMapsPage, mapDoc, mapEntry, myMapsPage, searchPage, sectionPage, worldMaps } from './maps.queries.js';
import { searchTermsOf } from './search-terms.js';

const day = (d: number) => `2026-11-${String(d).padStart(2, '0')}T10:00:00.000Z`;

/** The maps and map-likes read models over real SQLite stores, fed by appended events. */
async function catalogue(streams: Array<[string, DomainEvent[]]>) {
  const stores = tempStores();
  const runners = [mapsProjection, mapLikesProjection].map((projection) => new ProjectionRunner(projection, stores.events, stores.reads));
  for (const runner of runners) await runner.start();
  let last = 0n;
  for (const [stream, events] of streams) last = (await stores.append(stream, events)).position;
  for (const runner of runners) await runner.waitFor(last);
  return {
    reads: stores.reads,
    async close() {
      for (const runner of runners) await runner.stop();
      await stores.close();
    },
  };
}

describe('maps read model', () => {
  it('lists a preset map only once all its declared locations are in', async () => {
    const streams = mapStreams([
      [day(1), presetMap('world', 'World', 'world', 1200)],
      [day(1), presetLocations('world', 0, placesAt(1000))],
      [day(1), presetLocations('world', 1000, placesAt(200, 50))],
    ]);
    const half = await catalogue(streams.slice(0, 2));
    try {
      expect(await worldMaps(half.reads, null)).toEqual([]);
      expect(await mapDoc(half.reads, 'world')).toMatchObject({ loc: 1000, declared: 1200, section: null });
    } finally {
      await half.close();
    }
    const whole = await catalogue(streams);
    try {
      expect(await worldMaps(whole.reads, null)).toEqual([
        {
          mapId: 'world',
          mapName: 'World',
          loc: 1200,
          copyright: 'Places: GeoNames, CC BY 4.0',
          description: 'Preset World',
          creatorId: null,
          creatorName: null,
          official: true,
          mc: 'places',
          coverage: 'country',
          urbanRural: 'mixed',
          coastalInland: 'mixed',
          regionalFocusByCountry: 'FR',
          countryStreakEligible: false,
          likes: 0,
          plays: 0,
          mmd: 140_000,
          bounds: { south: 44, west: 1, north: 45, east: 2 },
          createdAt: day(1),
          updatedAt: day(1),
        },
      ]);
    } finally {
      await whole.close();
    }
  });

  it('pages the featured and community sections in every sort order, ties by name', async () => {
    const streams = mapStreams([
      [day(1), presetMap('country-fr', 'France', 'featured', 5)],
      [day(1), presetLocations('country-fr', 0, placesAt(5))],
      [day(2), presetMap('country-be', 'Belgium', 'featured', 8)],
      [day(2), presetLocations('country-be', 0, placesAt(8, 50))],
      [day(3), authorMap('map-aaaa1', 'Zebra crossings', 'ada', placesAt(7))],
      [day(4), authorMap('map-bbbb2', 'Alpine passes', 'bob', placesAt(9))],
      [day(5), authorMap('map-cccc3', 'Mountain huts', 'ada', placesAt(6))],
    ]);
    const plays: Array<[string, DomainEvent[]]> = [
      ['solo-1', [{ type: 'SoloGameStarted', version: 1, data: { gameId: '1', playerId: 'p', mapId: 'map-cccc3', mapName: 'Mountain huts', maxMapDistance: 1, startedAt: day(6) } }]],
      ['solo-2', [{ type: 'SoloGameStarted', version: 1, data: { gameId: '2', playerId: 'p', mapId: 'map-cccc3', mapName: 'Mountain huts', maxMapDistance: 1, startedAt: day(6) } }]],
      ['solo-3', [{ type: 'SoloGameStarted', version: 1, data: { gameId: '3', playerId: 'p', mapId: 'country-be', mapName: 'Belgium', maxMapDistance: 1, startedAt: day(6) } }]],
    ];
    const likes: Array<[string, DomainEvent[]]> = [
      ['maplike-map-aaaa1~u1', [liked('map-aaaa1', 'u1')]],
      ['maplike-map-aaaa1~u2', [liked('map-aaaa1', 'u2')]],
      ['maplike-map-bbbb2~u1', [liked('map-bbbb2', 'u1'), unliked('map-bbbb2', 'u1')]],
    ];
    const { reads, close } = await catalogue([...streams, ...plays, ...likes]);
    const ids = async (section: 'featured' | 'community', sort: Parameters<typeof sectionPage>[4]) => (await sectionPage(reads, section, 0, 10, sort, null)).maps.map((map) => map.mapName);
    try {
      expect(await ids('featured', 'name')).toEqual(['Belgium', 'France']);
      expect(await ids('featured', 'plays')).toEqual(['Belgium', 'France']);
      expect(await ids('featured', 'locations')).toEqual(['Belgium', 'France']);
      expect(await ids('featured', 'new')).toEqual(['Belgium', 'France']);
      expect(await ids('community', 'likes')).toEqual(['Zebra crossings', 'Alpine passes', 'Mountain huts']);
      expect(await ids('community', 'plays')).toEqual(['Mountain huts', 'Alpine passes', 'Zebra crossings']);
      expect(await ids('community', 'name')).toEqual(['Alpine passes', 'Mountain huts', 'Zebra crossings']);
      expect(await ids('community', 'locations')).toEqual(['Alpine passes', 'Zebra crossings', 'Mountain huts']);
      const second = await sectionPage(reads, 'community', 1, 2, 'new', null);
      expect({ total: second.total, names: second.maps.map((map) => map.mapName) }).toEqual({ total: 3, names: ['Zebra crossings'] });
      expect(await mapEntry(reads, 'map-aaaa1', null)).toMatchObject({ likes: 2, plays: 0, creatorId: 'ada', creatorName: 'ADA', official: false });
      expect(await mapEntry(reads, 'map-aaaa1', 'u1')).toMatchObject({ liked: true });
      expect(await mapEntry(reads, 'map-bbbb2', 'u1')).toMatchObject({ likes: 0, liked: false });
      expect((await likedMapsPage(reads, 'u1', 0, 10)).maps.map((map) => map.mapId)).toEqual(['map-aaaa1']);
      expect((await myMapsPage(reads, 'ada', 0, 10)).maps.map((map) => map.mapId)).toEqual(['map-cccc3', 'map-aaaa1']);
    } finally {
      await close();
    }
  });

  it("finds maps by the start of any word of their name, accents and case aside, sorted like the lists", async () => {
    const streams = mapStreams([
      [day(1), authorMap('map-aaaa1', 'Roads of France')],
      [day(2), authorMap('map-bbbb2', 'Les routes de FRANÇOIS')],
      [day(3), authorMap('map-cccc3', 'Fjords')],
    ]);
    const { reads, close } = await catalogue(streams);
    const names = async (query: string) => (await searchPage(reads, query, 0, 10, 'name', null)).maps.map((map) => map.mapName);
    try {
      expect(await names('fra')).toEqual(['Les routes de FRANÇOIS', 'Roads of France']);
      expect(await names('françois')).toEqual(['Les routes de FRANÇOIS']);
      expect(await names('of fr')).toEqual(['Roads of France']);
      expect(await names('f')).toEqual([]);
      expect(await names('oads')).toEqual([]);
      expect(await names('  ROADS!! ')).toEqual(['Roads of France']);
      expect((await searchPage(reads, 'f', 0, 10, 'name', null)).total).toBe(0);
      expect((await searchPage(reads, 'fr', 0, 1, 'new', null)).total).toBe(2);
    } finally {
      await close();
    }
  });

  it('reindexes a renamed map, and drops a deleted one from every list while its history stays', async () => {
    const streams = mapStreams([
      [day(1), authorMap('map-aaaa1', 'Roads of France')],
      [day(2), { ...authorMap('map-aaaa1', 'Lighthouses'), locations: null }],
      [day(3), authorMap('map-bbbb2', 'Harbours')],
      [day(4), { type: 'DeleteMap', mapId: 'map-bbbb2', by: 'ada', isAdmin: false }],
    ]);
    const { reads, close } = await catalogue([...streams, ['maplike-map-bbbb2~u1', [liked('map-bbbb2', 'u1')]]]);
    try {
      expect((await searchPage(reads, 'roads', 0, 10, 'name', null)).maps).toEqual([]);
      expect((await searchPage(reads, 'light', 0, 10, 'name', null)).maps.map((map) => map.mapName)).toEqual(['Lighthouses']);
      expect(await mapEntry(reads, 'map-aaaa1', null)).toMatchObject({ mapName: 'Lighthouses', updatedAt: day(2), createdAt: day(1) });
      expect((await searchPage(reads, 'harb', 0, 10, 'name', null)).maps).toEqual([]);
      expect((await sectionPage(reads, 'community', 0, 10, 'name', null)).maps.map((map) => map.mapId)).toEqual(['map-aaaa1']);
      expect(await mapEntry(reads, 'map-bbbb2', null)).toBeNull();
      expect(await mapDoc(reads, 'map-bbbb2')).toMatchObject({ deleted: true, likes: 0 });
      expect((await likedMapsPage(reads, 'u1', 0, 10)).maps).toEqual([]);
    } finally {
      await close();
    }
  });

  it('lists a map saved before MapCreated v2 with its pictures counted, and nothing of where they are', async () => {
    const pictures: MapPicture[] = Array.from({ length: 5 }, (_, i) => ({ provider: 'panoramax', imageId: `c/${i}`, location: { lat: 45 + i / 100, lng: 2 }, heading: 90 }));
    const old: DomainEvent = { type: 'MapCreated', version: 1, data: { mapId: 'm1', name: 'Old roads', creatorId: 'ada', region: 'FR', pictures, createdAt: day(1) } };
    const { reads, close } = await catalogue([['map-m1', [old]]]);
    try {
      const entry = await mapEntry(reads, 'm1', null);
      expect(entry).toMatchObject({ mapName: 'Old roads', loc: 5, mc: 'pictures', regionalFocusByCountry: 'FR', creatorId: 'ada' });
      expect(JSON.stringify(entry)).not.toContain('c/0');
      expect(JSON.stringify(entry)).not.toContain('45.01');
    } finally {
      await close();
    }
  });
});

describe('searchTermsOf', () => {
  it('indexes each prefix of the name read from the start of each word, 2 to 24 characters', () => {
    expect(searchTermsOf('Ab Cd').sort()).toEqual(['ab', 'ab c', 'ab cd', 'cd']);
    expect(searchTermsOf('São-Tomé')).toContain('tome');
    expect(searchTermsOf('An Arbitrary Rural World').every((term) => term.length >= 2 && term.length <= 24 && !term.endsWith(' '))).toBe(true);
  });
});
