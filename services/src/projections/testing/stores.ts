import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DomainEvent } from '@globetrail/contracts';
import { SqliteEventStore } from '../../platform/event-store/sqlite-event-store.js';
import { SqliteReadStore } from '../../platform/read-store/sqlite-read-store.js';

/** Real SQLite event and read stores in a temp directory. */
export function tempStores() {
  const dir = mkdtempSync(join(tmpdir(), 'globetrail-projections-'));
  const events = SqliteEventStore.open(join(dir, 'events.sqlite'));
  const reads = SqliteReadStore.open(join(dir, 'reads.sqlite'));
  return {
    dir,
    events,
    reads,
    /** Appends domain events the way command handling stores them. */
    async append(stream: string, domainEvents: DomainEvent[]) {
      return events.append(
        stream,
        domainEvents.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata: { schemaVersion: event.version } })),
        'any',
      );
    },
    async close() {
      await events.close();
      await reads.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
