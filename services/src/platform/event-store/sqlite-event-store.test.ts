import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../sqlite/open-database.js';
import { compileSources } from '../workers/testing/compile-sources.js';
import { eventStoreContract } from './event-store.contract.js';
import {
  IdempotencyConflictError,
  WrongExpectedRevisionError,
  type EventToAppend,
  type RecordedEvent,
} from './event-store.port.js';
import { SqliteEventStore } from './sqlite-event-store.js';

const tempDir = () => mkdtemp(join(tmpdir(), 'globetrail-event-store-'));

eventStoreContract('SQLite', async () => {
  const dir = await tempDir();
  const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
  return {
    store,
    cleanup: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteEventStore with its writer on a worker thread (as it runs compiled)', () => {
  let compiled: string;
  let writerScript: URL;
  beforeAll(async () => {
    compiled = await compileSources(['platform']);
    writerScript = pathToFileURL(join(compiled, 'platform', 'event-store', 'event-writer.worker.js'));
  }, 60_000);
  afterAll(async () => {
    if (compiled) await rm(compiled, { recursive: true, force: true });
  });

  eventStoreContract('SQLite, writer thread', async () => {
    const dir = await tempDir();
    const store = SqliteEventStore.open(join(dir, 'events.sqlite'), { writerScript });
    return {
      store,
      cleanup: async () => {
        await store.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  });

  eventStoreContract('SQLite, every group on the writer thread', async () => {
    const dir = await tempDir();
    const store = SqliteEventStore.open(join(dir, 'events.sqlite'), { writerScript, idleAppendsHere: false });
    return {
      store,
      cleanup: async () => {
        await store.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  });

  it('keeps turning the event loop while a group is written, and batches the appends made meanwhile', async () => {
    const dir = await tempDir();
    const store = SqliteEventStore.open(join(dir, 'events.sqlite'), { writerScript });
    try {
      const stream = `game-${randomUUID()}`;
      await store.append(stream, guesses(1), 'no_stream');
      const commitsBefore = store.commitCount;
      // 50 streams appended one turn after another while groups are in flight: far fewer commits than appends.
      const appended: Promise<unknown>[] = [];
      for (let i = 0; i < 50; i++) {
        appended.push(store.append(`game-${randomUUID()}`, guesses(1), 'no_stream'));
        await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all(appended);
      expect(store.commitCount - commitsBefore).toBeLessThan(50);
      expect(await store.readAll()).toHaveLength(51);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps the WAL small while appends keep coming: a thread of its own copies it into the file as they go', async () => {
    const dir = await tempDir();
    const file = join(dir, 'events.sqlite');
    const store = SqliteEventStore.open(file, { writerScript });
    // The WAL header's checkpoint sequence (bytes 12–15) counts how often the writer started the WAL over,
    // which it does only after a checkpoint copied all of it into the file. The writer's connection never
    // checkpoints, so without the checkpointer thread this stays at its first value and the WAL holds every
    // commit (about three 4 KiB pages each: the row and its two unique indexes).
    const restarts = () => readFileSync(`${file}-wal`).readUInt32BE(12);
    try {
      await store.append(`game-${randomUUID()}`, guesses(1), 'no_stream');
      const first = restarts();
      // Appends keep coming, 25 ms apart, until the WAL has been started over twice (a checkpoint every
      // 250 ms: usually within 40 appends, however long the checkpointer's thread takes to start).
      let commits = 1;
      while (restarts() - first < 2) {
        expect(commits).toBeLessThan(400);
        await store.append(`game-${randomUUID()}`, guesses(1), 'no_stream');
        commits++;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // Started over, the WAL is reused from its beginning: it never needed the room all the commits took.
      const pageWithHeader = 4096 + 24;
      expect(statSync(`${file}-wal`).size).toBeLessThan(commits * 3 * pageWithHeader);
      expect(await store.readAll()).toHaveLength(commits);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('appenders one at a time and many at once get one order of positions, each stream its revisions in order', async () => {
    const dir = await tempDir();
    const store = SqliteEventStore.open(join(dir, 'events.sqlite'), { writerScript });
    try {
      // One appender alone, then twenty together, then one alone again: commits on both threads.
      const appendInTurn = async (stream: string, count: number) => {
        const results = [];
        for (let i = 0; i < count; i++) results.push(await store.append(stream, guesses(1), i === 0 ? 'no_stream' : BigInt(i - 1)));
        return results;
      };
      const streams = Array.from({ length: 22 }, () => `game-${randomUUID()}`);
      const results = [...(await appendInTurn(streams[0]!, 5)), ...(await Promise.all(streams.slice(1, 21).map((stream) => appendInTurn(stream, 5)))).flat(), ...(await appendInTurn(streams[21]!, 5))];

      const stored = await store.readAll();
      expect(stored).toHaveLength(110);
      expect(new Set(results.map((result) => result.position)).size).toBe(110);
      expect(stored.map((event) => event.position)).toEqual([...stored.map((event) => event.position)].sort((a, b) => (a < b ? -1 : 1)));
      for (const stream of streams) expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([0n, 1n, 2n, 3n, 4n]);
      expect(store.commitCount).toBeLessThan(110);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('an append made while another connection holds the write lock waits for it without stopping the event loop', async () => {
    const dir = await tempDir();
    const file = join(dir, 'events.sqlite');
    const store = SqliteEventStore.open(file, { writerScript });
    const other = openDatabase(file);
    try {
      other.exec('BEGIN IMMEDIATE');
      let settled = false;
      const appended = store.append(`game-${randomUUID()}`, guesses(1), 'no_stream').finally(() => (settled = true));
      // The loop goes on turning while the append waits: a hundred turns, and it is still waiting.
      for (let turn = 0; turn < 100; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      other.exec('COMMIT');
      await expect(appended).resolves.toMatchObject({ nextExpectedRevision: 0n });
      expect(await store.readAll()).toHaveLength(1);
    } finally {
      other.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a store on the calling thread and one with a writer thread see each other\'s appends to one file', async () => {
    const dir = await tempDir();
    const file = join(dir, 'events.sqlite');
    const [threaded, inline] = [SqliteEventStore.open(file, { writerScript }), SqliteEventStore.open(file, { writerScript: null })];
    try {
      const stream = `game-${randomUUID()}`;
      await threaded.append(stream, guesses(2), 'no_stream');
      await inline.append(stream, guesses(1), 1n);
      await expect(threaded.append(stream, guesses(1), 1n)).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', actual: 2n });
      await threaded.append(stream, guesses(1), 2n);
      expect(await threaded.readStream(stream)).toEqual(await inline.readStream(stream));
      expect((await inline.readStream(stream)).map((event) => event.revision)).toEqual([0n, 1n, 2n, 3n]);
    } finally {
      await Promise.all([threaded.close(), inline.close()]);
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('SqliteEventStore on a file', () => {
  let dir: string;
  let opened: SqliteEventStore[];
  const open = () => {
    const store = SqliteEventStore.open(join(dir, 'events.sqlite'));
    opened.push(store);
    return store;
  };

  beforeEach(async () => {
    dir = await tempDir();
    opened = [];
  });
  afterEach(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps every event when the file is closed and reopened', async () => {
    const first = open();
    const stream = `game-${randomUUID()}`;
    await first.append(stream, guesses(2), 'no_stream');
    await first.append(`game-${randomUUID()}`, guesses(1), 'no_stream');
    const before = await first.readAll();
    await first.close();

    const reopened = open();
    expect(await reopened.readAll()).toEqual(before);
    const next = await reopened.append(stream, guesses(1), 1n);
    expect(next.nextExpectedRevision).toBe(2n);
    expect(next.position).toBeGreaterThan(before.at(-1)!.position);
  });

  it('rolls back an append that fails after some of its events were written', async () => {
    const store = open();
    const stream = `game-${randomUUID()}`;
    const [stored] = guesses(1) as [EventToAppend];
    await store.append(stream, [stored], 'no_stream');
    const fresh = guesses(2);

    // The conflicting id comes last, so the two fresh events are inserted before the append fails.
    await expect(store.append(stream, [...fresh, stored], 'any')).rejects.toBeInstanceOf(IdempotencyConflictError);
    await expect(store.append(stream, guesses(3), 5n)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect((await store.readAll()).map((event) => event.id)).toEqual([stored.id]);

    expect(await store.append(stream, fresh, 0n)).toMatchObject({ nextExpectedRevision: 2n });
  });

  it('commits the appends made in one turn together, each with its own check, result and failure', async () => {
    const store = open();
    const [a, b] = [`game-${randomUUID()}`, `game-${randomUUID()}`];
    const [first, second, late, other] = [guesses(1), guesses(1), guesses(1), guesses(2)];
    const commitsBefore = store.commitCount;

    const results = await Promise.allSettled([
      store.append(a, first, 'no_stream'),
      // Sees the append before it in the same transaction.
      store.append(a, second, 0n),
      // Decided on the same revision as `second`: refused alone, the others are kept.
      store.append(a, late, 0n),
      store.append(b, other, 'no_stream'),
    ]);

    expect(store.commitCount - commitsBefore).toBe(1);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value.nextExpectedRevision : result.reason))).toEqual([
      0n,
      1n,
      expect.objectContaining({ name: 'WrongExpectedRevisionError', actual: 1n }),
      1n,
    ]);
    expect((await store.readAll()).map((event) => event.id)).toEqual([...first, ...second, ...other].map((event) => event.id));
  });

  it('recognises retries in a group of appends, each getting its original result or its own refusal', async () => {
    const store = open();
    const stream = `game-${randomUUID()}`;
    const [first, pair] = [guesses(1), guesses(2)];
    const original = await store.append(stream, first, 'no_stream');
    const originalPair = await store.append(stream, pair, 0n);
    const [fresh, partner] = [guesses(1), guesses(1)];
    const commitsBefore = store.commitCount;

    const results = await Promise.allSettled([
      // Retries, whatever their expectation says: nothing new is stored.
      store.append(stream, first, 'any'),
      store.append(stream, pair, 'no_stream'),
      store.append(stream, fresh, 2n),
      // Stored ids out of order, then a new event before a stored one: refused alone.
      store.append(stream, [pair[1]!, pair[0]!], 'any'),
      store.append(stream, [...partner, first[0]!], 3n),
      store.append(stream, fresh, 'any'),
    ]);

    expect(store.commitCount - commitsBefore).toBe(1);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : result.reason.name))).toEqual([
      original,
      originalPair,
      { nextExpectedRevision: 3n, position: expect.any(BigInt) },
      'IdempotencyConflictError',
      'IdempotencyConflictError',
      (results[2] as PromiseFulfilledResult<unknown>).value,
    ]);
    expect((await store.readStream(stream)).map((event) => event.id)).toEqual([...first, ...pair, ...fresh].map((event) => event.id));
  });

  it('close() commits the appends still queued before it lets the file go', async () => {
    const store = open();
    const stream = `game-${randomUUID()}`;
    const appended = store.append(stream, guesses(2), 'no_stream');
    await store.close();

    await expect(appended).resolves.toMatchObject({ nextExpectedRevision: 1n });
    expect(await open().readStream(stream)).toHaveLength(2);
  });

  it('checks the expectation against the file, not a cached head, across connections', async () => {
    const [one, other] = [open(), open()];
    const stream = `game-${randomUUID()}`;
    await one.append(stream, guesses(1), 'no_stream');
    await expect(other.append(stream, guesses(1), 'no_stream')).rejects.toMatchObject({ actual: 0n });
  });

  it('a live subscription sees events another connection appends to the same file', async () => {
    const [reader, writer] = [open(), open()];
    const stream = `game-${randomUUID()}`;
    const subscription = reader.subscribeToAll({ fromPosition: 'start' });
    let nowLive!: () => void;
    const live = new Promise<void>((resolve) => (nowLive = resolve));
    const deadline = setTimeout(() => void subscription.unsubscribe(), 10_000);
    const loop = (async () => {
      const delivered: RecordedEvent[] = [];
      for await (const event of subscription) {
        delivered.push(event);
        if (event.revision === 0n) nowLive();
        if (event.revision === 2n) break;
      }
      return delivered;
    })();

    // The reader's own append wakes it; only the poll can notice the other connection's.
    await reader.append(stream, guesses(1), 'no_stream');
    await live;
    // Microtasks drain before a macrotask: by then the reader has read nothing new and is waiting.
    await new Promise((resolve) => setImmediate(resolve));
    await writer.append(stream, guesses(2), 0n);
    const delivered = await loop;
    clearTimeout(deadline);
    expect(delivered).toEqual(await writer.readStream(stream));
  });

  it('a stream this connection appended to is read with the events another connection added since', async () => {
    const [one, other] = [open(), open()];
    const stream = `game-${randomUUID()}`;
    await one.append(stream, guesses(2), 'no_stream');
    expect(await one.readStream(stream, { fromRevision: 2n })).toEqual([]);
    await other.append(stream, guesses(1), 1n);
    const newer = await one.readStream(stream, { fromRevision: 2n });
    expect(newer.map((event) => event.revision)).toEqual([2n]);
    expect(await one.readStream(stream)).toEqual(await other.readStream(stream));
    // And its own next append follows the other's: the expectation is checked against the file.
    await expect(one.append(stream, guesses(1), 1n)).rejects.toMatchObject({ actual: 2n });
    await one.append(stream, guesses(1), 2n);
    expect((await other.readStream(stream)).map((event) => event.revision)).toEqual([0n, 1n, 2n, 3n]);
  });

  it('a reader gets the same events from memory as from the file, for many more than it keeps', async () => {
    const [writer, fresh] = [open(), open()];
    const streams = Array.from({ length: 40 }, () => `game-${randomUUID()}`);
    // 40 streams × 130 events: more than the recent events kept (4096), in interleaved commits.
    for (let round = 0; round < 130; round++) {
      await Promise.all(streams.map((stream) => writer.append(stream, guesses(1), round === 0 ? 'no_stream' : BigInt(round - 1))));
    }
    const fromWriter = writer.subscribeToAll({ fromPosition: 'start' });
    const delivered: RecordedEvent[] = [];
    for await (const event of fromWriter) {
      delivered.push(event);
      if (delivered.length === streams.length * 130) break;
    }
    expect(delivered).toEqual(await fresh.readAll());
    expect(await writer.readStream(streams[7]!, { fromRevision: 125n })).toEqual(await fresh.readStream(streams[7]!, { fromRevision: 125n }));
  });

  it('a subscription for some types reads only those from the file, then the log\'s last event, and counts the others', async () => {
    const writer = open();
    const stream = `game-${randomUUID()}`;
    const mixed = [...guesses(3), { id: randomUUID(), type: 'RoundEnded', data: { round: 0 }, metadata: { schemaVersion: 2 } }, ...guesses(2)];
    await writer.append(stream, mixed, 'no_stream');
    // Far more events than a page, of another type, and one of the type asked for among them.
    const busy = `game-${randomUUID()}`;
    await writer.append(busy, [...guesses(1200), { id: randomUUID(), type: 'RoundEnded', data: { round: 1 } }, ...guesses(700)], 'no_stream');
    // A connection that did not append them reads them from the file, as a rebuild does.
    const reader = open();
    const all = await reader.readAll();
    const subscription = reader.subscribeToAll({ fromPosition: 'start', types: ['RoundEnded'] });
    const delivered: RecordedEvent[] = [];
    for await (const event of subscription) {
      delivered.push(event);
      if (event.position === all.at(-1)!.position) break;
    }
    // The two RoundEnded whole, then the last event, a GuessPlaced, without its data.
    const roundsEnded = all.filter((event) => event.type === 'RoundEnded');
    expect(delivered.slice(0, 2)).toEqual(roundsEnded);
    expect(delivered[2]).toEqual({ ...all.at(-1)!, data: null, metadata: {} });
    expect(delivered).toHaveLength(3);
    expect(subscription.leftOut).toBe(all.length - 3);
    await subscription.unsubscribe();
  });

  it('a subscription for some types goes live at the log\'s last event, and gets what is appended later', async () => {
    const writer = open();
    const stream = `game-${randomUUID()}`;
    await writer.append(stream, guesses(2), 'no_stream');
    const reader = open();
    const subscription = reader.subscribeToAll({ fromPosition: 'start', types: ['RoundEnded'] });
    const iterator = subscription[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({ streamId: stream, revision: 1n, data: null });
    expect(subscription.leftOut).toBe(1);
    // Appended by another connection: the reader finds them in the file at its next poll.
    await writer.append(stream, [{ id: randomUUID(), type: 'RoundEnded', data: { round: 0 } }, ...guesses(1)], 1n);
    const later: RecordedEvent[] = [];
    while (later.at(-1)?.revision !== 3n) later.push((await iterator.next()).value as RecordedEvent);
    expect(later.find((event) => event.type === 'RoundEnded')).toMatchObject({ streamId: stream, revision: 2n, data: { round: 0 } });
    await subscription.unsubscribe();
  });

  it('reads streams holding events too big to keep in memory the same as from the file', async () => {
    const [writer, fresh] = [open(), open()];
    const stream = `map-${randomUUID()}`;
    const locations = Array.from({ length: 3000 }, (_, n) => ({ lat: n / 100, lng: -n / 100 }));
    await writer.append(stream, [{ id: randomUUID(), type: 'MapCreated', data: { name: 'big' } }], 'no_stream');
    await writer.append(stream, [{ id: randomUUID(), type: 'LocationsAdded', data: { locations } }], 0n);
    await writer.append(stream, [{ id: randomUUID(), type: 'MapRenamed', data: { name: 'bigger' } }], 1n);
    for (const from of [0n, 1n, 2n]) expect(await writer.readStream(stream, { fromRevision: from })).toEqual(await fresh.readStream(stream, { fromRevision: from }));
    expect((await writer.readStream(stream)).map((event) => event.type)).toEqual(['MapCreated', 'LocationsAdded', 'MapRenamed']);
    expect(await writer.readAll()).toEqual(await fresh.readAll());
  });
});

function guesses(count: number): EventToAppend[] {
  return Array.from({ length: count }, (_, round) => ({
    id: randomUUID(),
    type: 'GuessPlaced',
    data: { round, lat: 35.6762, lng: 139.6503 },
  }));
}
