import { join } from 'node:path';
import type { AppConfig } from '../config/config.js';
import { InProcessBus } from '../platform/bus/in-process-bus.js';
import type { MessageBus } from '../platform/bus/message-bus.port.js';
import type { EventStore } from '../platform/event-store/event-store.port.js';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import { FilePictureStore } from '../platform/pictures/file-picture-store.js';
import type { PictureStore } from '../platform/pictures/picture-store.port.js';
import type { ReadStore } from '../platform/read-store/read-store.port.js';
import { SqliteReadStore } from '../platform/read-store/sqlite-read-store.js';
import { allProjections } from '../projections/all-projections.js';
import { openEmbeddedProjections } from '../projections/open-projections.js';
import { Projections, type ProjectionsPort } from '../projections/projections.js';
import { ReadStoreProjections } from '../projections/read-store-projections.js';
import { thisProcess } from '../projections/projector-leases.js';

/**
 * The engine behind each port, as the configuration names it (config.ts `stores`): SQLite files under
 * DATA_DIR and the in-process bus by default (`npm start`), KurrentDB, MongoDB and Kafka on the full stack.
 * The full stack's adapters are imported only when chosen: their client libraries (KurrentDB's gRPC
 * client, the MongoDB driver, kafkajs) took ~0.7 s of every embedded process's start and of every
 * rebuild thread's.
 */
export const eventsFileIn = (config: StoresIn) => join(config.dataDir, 'events.sqlite');
export const readsFileIn = (config: StoresIn) => join(config.dataDir, 'read-models.sqlite');

/** What names the stores: plain data, so that a worker thread can open them too. */
export type StoresIn = Pick<AppConfig, 'dataDir' | 'stores'>;

/** `writerThread: false` for a caller that only reads (a SQLite store then starts no writer thread of its own). */
export async function openEventStore(config: StoresIn, { writerThread = true } = {}): Promise<EventStore> {
  const chosen = config.stores.eventStore;
  if (chosen.kind === 'kurrentdb') {
    const { KurrentDbEventStore } = await import('../platform/event-store/kurrentdb-event-store.js');
    return KurrentDbEventStore.connect({ url: chosen.url });
  }
  return writerThread ? SqliteEventStore.open(eventsFileIn(config)) : SqliteEventStore.open(eventsFileIn(config), { writerScript: null });
}

export async function openReadStore(config: StoresIn): Promise<ReadStore> {
  const chosen = config.stores.readStore;
  if (chosen.kind !== 'mongodb') return SqliteReadStore.open(readsFileIn(config));
  const { MongoReadStore } = await import('../platform/read-store/mongo-read-store.js');
  return MongoReadStore.connect({ url: chosen.url, ...(chosen.database ? { database: chosen.database } : {}) });
}

/** Pictures every replica sees: GridFS in the read store's MongoDB on the full stack, files under DATA_DIR otherwise. */
export async function openPictureStore(config: StoresIn): Promise<PictureStore> {
  const chosen = config.stores.readStore;
  if (chosen.kind === 'mongodb') {
    const { GridFsPictureStore } = await import('../platform/pictures/gridfs-picture-store.js');
    return GridFsPictureStore.connect({ url: chosen.url, ...(chosen.database ? { database: chosen.database } : {}) });
  }
  return new FilePictureStore(join(config.dataDir, 'pictures'));
}

export async function openBus(config: AppConfig): Promise<MessageBus> {
  const chosen = config.stores.bus;
  if (chosen.kind === 'in-process') return new InProcessBus();
  const { KafkaBus } = await import('../platform/bus/kafka-bus.js');
  return KafkaBus.connect({ brokers: chosen.brokers, partitions: chosen.partitions, replicationFactor: chosen.replicationFactor, clientId: 'globetrail' });
}

/**
 * The projections: on their own thread over the SQLite files when both stores are embedded; otherwise
 * in this process, each read model following the event store's `$all` subscription into the read store.
 * A process without the projector role watches the checkpoints the projector writes, and hears its commit
 * notices through the bus.
 */
export function openProjections(config: AppConfig, events: EventStore, reads: ReadStore, bus: MessageBus): ProjectionsPort {
  if (!config.roles.has('projector')) return new ReadStoreProjections(reads, allProjections.map((projection) => projection.name), bus);
  // Every projector process projects under leases: one writes each read model, the others stand by.
  const holder = thisProcess(config.projectorId ?? undefined);
  if (events instanceof SqliteEventStore && config.stores.readStore.kind === 'sqlite') {
    return openEmbeddedProjections({ events, eventsFile: eventsFileIn(config), reads, readsFile: readsFileIn(config), holder });
  }
  return new Projections(allProjections, events, reads, undefined, { holder });
}
