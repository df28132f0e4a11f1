import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { type CatalogueEvent, streamName, SYSTEM_CREATOR } from '@globetrail/contracts';
import type { CommandExecutor } from '../app/command-executor.js';
import { mapDecider } from '../domain/map/map.decider.js';
import type { EventStore } from '../platform/event-store/event-store.port.js';
import type { ProjectionsPort } from '../projections/projections.js';
import { mapExtentOf } from '../domain/map/map-extent.js';
import { buildPresetMaps, PRESET_SEED_VERSION } from './presets/preset-maps.js';

/** Locations per append while seeding: 20 events of 500, about 450 KB, well under EventStoreDB's 1 MB append limit. */
const LOCATIONS_PER_APPEND = 10_000;
const SEEDED_READ_MODELS = ['maps', 'map-locations'];
const SEED_PROJECTION_TIMEOUT_MS = 180_000;
const logger = new Logger('maps');

/**
 * Seeds the preset maps (docs/maps.md) on a store that lacks them: each is a MapCreated by the system,
 * then its locations in appends of 10,000. An interrupted seed resumes where its map stopped, and a map
 * is listed only once all its locations are in. A start that finds PresetMapsSeeded of this seed
 * version reads one event and does nothing more.
 */
export async function seedPresetMaps(executor: CommandExecutor, events: EventStore, projections: ProjectionsPort): Promise<void> {
  const stream = streamName.catalogue();
  const [latest] = await events.readStream(stream, { direction: 'backwards', maxCount: 1 });
  if (latest?.type === 'PresetMapsSeeded' && (latest.data as { version: number }).version >= PRESET_SEED_VERSION) return;
  const started = Date.now();
  const presets = buildPresetMaps();
  let position = 0n;
  const furthest = (outcome: { position: bigint | null }) => {
    if (outcome.position !== null && outcome.position > position) position = outcome.position;
  };
  let locations = 0;
  for (const preset of presets) {
    const mapStream = streamName.map(preset.mapId);
    const options = { actor: SYSTEM_CREATOR, readModels: [] };
    const created = await executor.execute(
      mapStream,
      mapDecider,
      {
        type: 'CreatePresetMap',
        mapId: preset.mapId,
        name: preset.name,
        description: preset.description,
        copyright: preset.copyright,
        section: preset.section,
        categories: preset.categories,
        locationCount: preset.locations.length,
        extent: mapExtentOf(preset.locations),
      },
      options,
    );
    const state = created.state;
    if (state.status === 'none') throw new Error(`preset map ${preset.mapId} was not created`);
    for (let from = state.added; from < preset.locations.length; from += LOCATIONS_PER_APPEND) {
      furthest(await executor.execute(mapStream, mapDecider, { type: 'AddPresetLocations', mapId: preset.mapId, from, locations: preset.locations.slice(from, from + LOCATIONS_PER_APPEND) }, options));
    }
    furthest(created);
    locations += preset.locations.length;
  }
  const seeded: CatalogueEvent = { type: 'PresetMapsSeeded', version: 1, data: { version: PRESET_SEED_VERSION, maps: presets.length, locations, seededAt: new Date().toISOString() } };
  const marker = await events.append(stream, [{ id: randomUUID(), type: seeded.type, data: seeded.data, metadata: { schemaVersion: seeded.version, userId: SYSTEM_CREATOR } }], 'any');
  furthest(marker);
  // Some 300,000 locations to project on the first start: far more than a command's wait allows.
  await Promise.all(SEEDED_READ_MODELS.map((name) => projections.runner(name).waitFor(position, SEED_PROJECTION_TIMEOUT_MS)));
  logger.log(`seeded ${presets.length} preset maps (${locations.toLocaleString('en')} locations) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
