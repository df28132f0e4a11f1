import type { ExpectedRevision } from './event-store.port.js';

/** Whether a stream whose last revision is `current` (undefined: no stream) meets an append's expectation. */
export function expectationHolds(expected: ExpectedRevision, current: bigint | undefined): boolean {
  return (
    expected === 'any' ||
    (expected === 'no_stream' && current === undefined) ||
    (expected === 'stream_exists' && current !== undefined) ||
    (typeof expected === 'bigint' && current === expected)
  );
}
