import type { DomainEvent } from '@globetrail/contracts';
import type { Document } from '../../platform/read-store/read-store.port.js';
import type { Projection } from '../projection.js';
import { ProjectionRunner } from '../projection-runner.js';
import { tempStores } from './stores.js';

/** Runs one projection over events appended to a real store and returns the documents it left. */
export async function project(projection: Projection, streams: Array<[stream: string, events: DomainEvent[]]>): Promise<Record<string, Document[]>> {
  const stores = tempStores();
  const runner = new ProjectionRunner(projection, stores.events, stores.reads);
  try {
    await runner.start();
    let last: bigint | null = null;
    for (const [stream, events] of streams) last = (await stores.append(stream, events)).position;
    if (last !== null) await runner.waitFor(last);
    const result: Record<string, Document[]> = {};
    for (const collection of projection.collections) result[collection] = await stores.reads.list(collection, { sort: [['id', 'asc']] });
    return result;
  } finally {
    await runner.stop();
    await stores.close();
  }
}
