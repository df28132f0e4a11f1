import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { EventWriter } from '../../platform/event-store/event-writer.js';
import { type Summary, summarise } from './stats.js';

/**
 * What one fsynced commit of one event costs on this disk, with nothing else running: the event store's own
 * writer (same SQLite settings: WAL, synchronous=FULL) committing `count` appends one after another on this
 * thread. Every confirmed guess waits for such a commit before it is acknowledged or pushed (and every
 * message of the durable echo before it is relayed), so this is a floor under their latencies that the bare
 * echo does not pay.
 */
export function measureDurableCommit(file: string, count = 400): Summary {
  const writer = new EventWriter(file);
  const took: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const append = { streamId: `game-${i}`, expected: 'no_stream' as const, rows: [{ id: randomUUID(), type: 'GuessPlaced', data: '{"roundIndex":0,"final":true}', metadata: '{}' }] };
      const started = performance.now();
      const outcome = writer.write([append]);
      took.push(performance.now() - started);
      if (!outcome.ok || !outcome.settled[0]!.ok) throw new Error(`the disk probe could not commit to ${file}`);
    }
  } finally {
    writer.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  }
  return summarise(took);
}
