import type { EventStore } from '../platform/event-store/event-store.port.js';
import type { ReadStore } from '../platform/read-store/read-store.port.js';
import type { Projection } from '../projections/projection.js';

export interface ProjectionStatus {
  name: string;
  /** Position of the last event the read model accounts for; null before its first commit. */
  checkpoint: bigint | null;
  /** The event store's last position minus the checkpoint (0 when caught up). */
  lag: bigint;
  documents: number;
  /** The generation serving reads, and one a rebuild is filling (null when none is). */
  generation: number;
  building: number | null;
  /** The projector holding the read model's lease now (projector-leases.ts); null when none does. */
  holder: string | null;
  /**
   * The version of the projection that built the serving generation (Projection.version; 0 while an upgrade
   * replaces it; null before its first commit), and the version this release writes.
   */
  version: number | null;
  currentVersion: number;
}

/** Each read model's checkpoint, lag behind the event store, and document count (`npm run ops -- projections`). */
export async function projectionStatus(events: EventStore, reads: ReadStore, projections: readonly Projection[]): Promise<ProjectionStatus[]> {
  const [head] = await events.readAll({ direction: 'backwards', maxCount: 1 });
  return Promise.all(
    projections.map(async ({ name, collections, version: currentVersion = 1 }) => {
      const checkpoint = await reads.checkpoint(name);
      const version = (await reads.readModelVersion(name)) ?? (checkpoint === null ? null : 1);
      const counts = await Promise.all(collections.map((collection) => reads.count(collection)));
      const { active, building } = await reads.generations(name);
      const lag = head ? head.position - (checkpoint ?? -1n) : 0n;
      const lease = await reads.readLease(name);
      const holder = lease !== null && lease.expiresAt > Date.now() ? lease.holder.id : null;
      return { name, checkpoint, lag: lag > 0n ? lag : 0n, documents: counts.reduce((sum, count) => sum + count, 0), generation: active, building, holder, version, currentVersion };
    }),
  );
}

/** `2`; `1 → 2` when this release writes a newer version than the one serving; `replaced → 2` during an upgrade. */
function versionOf({ version, currentVersion }: ProjectionStatus): string {
  if (version === null || version === currentVersion) return String(currentVersion);
  return `${version === 0 ? 'replaced' : version} → ${currentVersion}`;
}

export function formatStatus(rows: readonly ProjectionStatus[]): string {
  const table = [
    ['read model', 'checkpoint', 'lag', 'documents', 'generation', 'version', 'projected by'],
    ...rows.map((row) => [row.name, row.checkpoint?.toString() ?? '—', row.lag.toString(), row.documents.toLocaleString('en'), row.building === null ? String(row.generation) : `${row.generation} (building ${row.building})`, versionOf(row), row.holder ?? '—']),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((cells) => cells[column]!.length)));
  return table.map((cells) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')).join('\n');
}
