import type { ConsoleLogging } from '../platform/logging/logger.js';
import type { LeaseHolder } from '../platform/read-store/leases.js';
import type { CommittedChange } from './projections.js';

/** Where the projections' thread finds the stores (workerData). */
export interface ProjectionsThreadData {
  eventsFile: string;
  readsFile: string;
  /** The runners' batch window (ProjectionRunnerOptions.batchWindowMs). */
  batchWindowMs: number;
  /** Project under leases as this holder (projector-leases.ts); null: unleased. */
  holder: LeaseHolder | null;
  /** How the thread prints its log (the app's LOG_FORMAT and LOG_LEVEL); given when the thread starts. */
  log?: ConsoleLogging;
}

/** The app's thread to the projections' thread. */
export type ToProjections =
  | { type: 'wake' }
  /** Someone here waits for this projection to reach `position`: read new events and commit the batch holding it at once. */
  | { type: 'hurry'; name: string; position: bigint }
  /** Send what this projection's commits changed along with its progress (someone listens to them). */
  | { type: 'listen'; name: string }
  | { type: 'rebuild'; id: number; names: readonly string[] | null }
  | { type: 'stop'; id: number };

/** The projections' thread to the app's. */
export type FromProjections =
  | { type: 'started'; positions: Record<string, bigint | null> }
  /** Batches accounted for since the last message: each projection's position, and the listened-to changes. */
  | { type: 'progress'; positions: Record<string, bigint>; commits: Array<{ name: string; changes: CommittedChange[] }> }
  | { type: 'failed'; name: string; error: { name: string; message: string } }
  /** `positions`: after a rebuild, where the rebuilt projections stand now (they started again from nothing). */
  | { type: 'done'; id: number; error?: { name: string; message: string }; positions?: Record<string, bigint | null> };
