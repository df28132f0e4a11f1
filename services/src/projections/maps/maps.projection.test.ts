import type { DomainEvent, MapPicture } from '@globetrail/contracts';
import { project } from '../testing/project.js';
import { tempStores } from '../testing/stores.js';
import { ProjectionRunner } from '../projection-runner.js';
import { mapsProjection } from './maps.projection.js';
import { mapSummary, savedMap } from './maps.queries.js';

const at = '2026-11-21T10:00:00.000Z';
const pictures: MapPicture[] = Array.from({ length: 5 }, (_, i) => ({ provider: 'panoramax', imageId: `c/${i}`, location: { lat: 45 + i, lng: 2 }, heading: 90 }));
const created = (mapId: string, creatorId = 'ada'): DomainEvent => ({ type: 'MapCreated', version: 1, data: { mapId, name: `Map ${mapId}`, creatorId, region: 'FR', pictures, createdAt: at } });

describe('maps projection', () => {
  it('keeps one document per saved map, pictures included', async () => {
    const { maps } = await project(mapsProjection, [
      ['map-m1', [created('m1')]],
      ['map-m2', [created('m2', 'bob')]],
    ]);
    expect(maps).toEqual([
      { id: 'm1', name: 'Map m1', region: 'FR', creatorId: 'ada', pictures, createdAt: at },
      { id: 'm2', name: 'Map m2', region: 'FR', creatorId: 'bob', pictures, createdAt: at },
    ]);
  });

  it('answers summaries without pictures, and the whole map only to the server query', async () => {
    const stores = tempStores();
    const runner = new ProjectionRunner(mapsProjection, stores.events, stores.reads);
    try {
      await runner.start();
      await runner.waitFor((await stores.append('map-m1', [created('m1')])).position);
      const summary = await mapSummary(stores.reads, 'm1');
      expect(summary).toEqual({ mapId: 'm1', name: 'Map m1', locations: 5, region: 'FR', creatorId: 'ada' });
      expect(JSON.stringify(summary)).not.toContain('c/0');
      expect((await savedMap(stores.reads, 'm1'))?.pictures).toEqual(pictures);
      expect(await mapSummary(stores.reads, 'nope')).toBeNull();
    } finally {
      await runner.stop();
      await stores.close();
    }
  });
});
