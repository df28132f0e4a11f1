import type { CommittedChange } from './projections.js';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { DomainEvent } from '@globetrail/contracts';
import type { AllSubscription, EventStore, RecordedEvent } from '../platform/event-store/event-store.port.js';
import type { Document } from '../platform/read-store/read-store.port.js';
import { type Projection, upsert } from './projection.js';
import { ProjectionRunner } from './projection-runner.js';
import { tempStores } from './testing/stores.js';
import { rebuildReadModels } from '../ops/rebuild.js';

/** Deliberately not idempotent on its own: it counts every event it is given. */
const counter: Projection = {
  name: 'counter',
  collections: ['counts'],
  indexes: [],
  handles: ['UserCreated', 'UserDeleted'],
  async apply({ event, position }, documents) {
    const current = (await documents.get<Document & { n: number; types: string[] }>('counts', 'all')) ?? { id: 'all', n: 0, types: [] };
    return [upsert('counts', { id: 'all', n: current.n + 1, types: [...current.types, event.type] }, position)];
  },
};

/**
 * Version 2 of `counter`: each type counted in a document of its own, in another collection — it cannot carry
 * on from version 1's documents.
 */
const counterV2: Projection = {
  ...counter,
  version: 2,
  collections: ['tallies'],
  retiredCollections: ['counts'],
  async apply({ event, position }, documents) {
    const current = (await documents.get<Document & { n: number }>('tallies', event.type)) ?? { id: event.type, n: 0 };
    return [upsert('tallies', { id: event.type, n: current.n + 1 }, position)];
  },
};

const created = (userId: string): DomainEvent => ({ type: 'UserCreated', version: 1, data: { userId, name: userId, isAnonymous: false, createdAt: '2026-11-21T00:00:00.000Z' } });
const deleted = (userId: string): DomainEvent => ({ type: 'UserDeleted', version: 1, data: { userId, deletedAt: '2026-11-21T00:00:00.000Z' } });

/** Delivers every event twice, as an at-least-once transport may. */
function duplicating(store: EventStore): EventStore {
  return Object.assign(Object.create(store) as EventStore, {
    subscribeToAll(options: Parameters<EventStore['subscribeToAll']>[0]): AllSubscription {
      const inner = store.subscribeToAll(options);
      return {
        unsubscribe: () => inner.unsubscribe(),
        async *[Symbol.asyncIterator]() {
          for await (const event of inner) {
            yield event as RecordedEvent;
            yield event as RecordedEvent;
          }
        },
      };
    },
  });
}

describe('ProjectionRunner', () => {
  let stores: ReturnType<typeof tempStores>;
  beforeEach(() => {
    stores = tempStores();
  });
  afterEach(() => stores.close());

  it('catches up on stored events, then projects live ones; waitFor gives read-your-writes', async () => {
    await stores.append('user-a', [created('a'), created('b')]);
    const runner = new ProjectionRunner(counter, stores.events, stores.reads);
    await runner.start();
    const { position } = await stores.append('user-c', [created('c')]);
    await runner.waitFor(position);
    expect(await stores.reads.get('counts', 'all')).toEqual({ id: 'all', n: 3, types: ['UserCreated', 'UserCreated', 'UserCreated'] });
    expect(await stores.reads.checkpoint('counter')).toBe(position);
    await runner.stop();
  });

  it('projects a read model built by an older version of its projection again from the first event, and leaves a newer one alone', async () => {
    const first = new ProjectionRunner(counter, stores.events, stores.reads);
    await first.start();
    await first.waitFor((await stores.append('user-a', [created('a'), created('b')])).position);
    await first.stop();
    // Recorded before its first document (a projection without a version is version 1).
    await expect(stores.reads.readModelVersion('counter')).resolves.toBe(1);

    const { position } = await stores.append('user-b', [deleted('b')]);
    const upgraded = new ProjectionRunner(counterV2, stores.events, stores.reads);
    await upgraded.start();
    await upgraded.waitFor(position);
    await upgraded.stop();
    expect(await stores.reads.list('tallies')).toEqual([{ id: 'UserCreated', n: 2 }, { id: 'UserDeleted', n: 1 }]);
    // Version 1's documents went with it, though version 2 no longer names their collection but as retired.
    await expect(stores.reads.get('counts', 'all')).resolves.toBeNull();
    await expect(stores.reads.readModelVersion('counter')).resolves.toBe(2);

    // Started again, it goes on from its checkpoint (nothing counted twice).
    const again = new ProjectionRunner(counterV2, stores.events, stores.reads);
    await again.start();
    await again.waitFor((await stores.append('user-c', [created('c')])).position);
    await again.stop();
    expect(await stores.reads.list('tallies')).toEqual([{ id: 'UserCreated', n: 3 }, { id: 'UserDeleted', n: 1 }]);

    // The old code, started on what the new one built, writes nothing and says why.
    const rolledBack = new ProjectionRunner(counter, stores.events, stores.reads);
    await expect(rolledBack.start()).rejects.toThrow('read model counter was built by version 2 of its projection, newer than this code\'s version 1');
    expect(await stores.reads.list('tallies')).toEqual([{ id: 'UserCreated', n: 3 }, { id: 'UserDeleted', n: 1 }]);
    await expect(stores.reads.readModelVersion('counter')).resolves.toBe(2);
  });

  describe('a read model built by an older version, with a blue/green upgrade', () => {
    /** An upgrade that begins only once `open` is called. */
    const gated = () => {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const upgrade = async (projection: Projection, signal: AbortSignal) => {
        await Promise.race([gate, new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)))]);
        return rebuildReadModels(stores.events, stores.reads, [projection], { signal, graceMs: 0 });
      };
      return { open, upgrade };
    };
    const builtByVersion1 = async () => {
      const first = new ProjectionRunner(counter, stores.events, stores.reads);
      await first.start();
      await first.waitFor((await stores.append('user-a', [created('a'), created('b')])).position);
      await first.stop();
    };

    it('keeps answering from the old generation, passing events by, then serves the new version built beside it', async () => {
      await builtByVersion1();
      const { open, upgrade } = gated();
      const runner = new ProjectionRunner(counterV2, stores.events, stores.reads, { upgrade });
      await runner.start();

      // While version 2 is built: a wait for a new event resolves, the old documents answer, nothing is written.
      const during = await stores.append('user-b', [deleted('b')]);
      await runner.waitFor(during.position);
      expect(await stores.reads.get('counts', 'all')).toEqual({ id: 'all', n: 2, types: ['UserCreated', 'UserCreated'] });
      await expect(stores.reads.list('tallies')).resolves.toEqual([]);
      // Marked as being replaced (no projector carries on from it), its checkpoint following the events passed
      // by, so other processes' waits resolve too.
      await expect(stores.reads.readModelVersion('counter')).resolves.toBe(0);
      while ((await stores.reads.checkpoint('counter'))! < during.position) await new Promise((resolve) => setTimeout(resolve, 20));

      open();
      while ((await stores.reads.generations('counter')).active === 0 || runner.generation === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await expect(stores.reads.readModelVersion('counter')).resolves.toBe(2);
      // Version 2 goes on from the new generation: every event counted once, the event passed by included.
      await runner.waitFor((await stores.append('user-c', [created('c')])).position);
      expect(await stores.reads.list('tallies')).toEqual([{ id: 'UserCreated', n: 3 }, { id: 'UserDeleted', n: 1 }]);
      // The old generation is gone, the collection version 1 kept with it.
      await expect(stores.reads.get('counts', 'all')).resolves.toBeNull();
      await runner.stop();
    });

    it('stops while the new version is built: the old generation still serves, and the next start builds again', async () => {
      await builtByVersion1();
      const { upgrade } = gated();
      const runner = new ProjectionRunner(counterV2, stores.events, stores.reads, { upgrade });
      await runner.start();
      await runner.stop();
      await expect(stores.reads.generations('counter')).resolves.toEqual({ active: 0, building: null });
      // Still marked as being replaced: no projector carries on from its checkpoint.
      await expect(stores.reads.readModelVersion('counter')).resolves.toBe(0);
      expect(await stores.reads.get('counts', 'all')).toMatchObject({ n: 2 });

      const again = gated();
      const next = new ProjectionRunner(counterV2, stores.events, stores.reads, { upgrade: again.upgrade });
      await next.start();
      again.open();
      while (next.generation === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      await next.waitFor((await stores.append('user-c', [created('c')])).position);
      expect(await stores.reads.list('tallies')).toEqual([{ id: 'UserCreated', n: 3 }]);
      await next.stop();
    });
  });

  it('takes a read model with no version recorded (built before versions were) for version 1', async () => {
    const { position } = await stores.append('user-a', [created('a')]);
    await stores.reads.commit({ projection: 'counter', position, writes: [upsert('counts', { id: 'all', n: 1, types: ['UserCreated'] }, position)] });
    await expect(stores.reads.readModelVersion('counter')).resolves.toBeNull();

    const runner = new ProjectionRunner(counter, stores.events, stores.reads);
    await runner.start();
    await runner.waitFor((await stores.append('user-b', [created('b')])).position);
    await runner.stop();
    // Carried on from its checkpoint, not projected again: the first event is counted once.
    expect(await stores.reads.get('counts', 'all')).toEqual({ id: 'all', n: 2, types: ['UserCreated', 'UserCreated'] });
    await expect(stores.reads.readModelVersion('counter')).resolves.toBeNull();
  });

  it('applies an event delivered twice only once', async () => {
    const runner = new ProjectionRunner(counter, duplicating(stores.events), stores.reads);
    await runner.start();
    const { position } = await stores.append('user-a', [created('a'), deleted('a')]);
    await runner.waitFor(position);
    expect(await stores.reads.get('counts', 'all')).toMatchObject({ n: 2 });
    await runner.stop();
  });

  it('resumes after a restart from its checkpoint, without re-applying what it committed', async () => {
    const first = new ProjectionRunner(counter, stores.events, stores.reads);
    await first.start();
    await first.waitFor((await stores.append('user-a', [created('a')])).position);
    await first.stop();

    const { position } = await stores.append('user-b', [created('b'), deleted('b')]);
    const second = new ProjectionRunner(counter, stores.events, stores.reads);
    await second.start();
    await second.waitFor(position);
    expect(await stores.reads.get('counts', 'all')).toMatchObject({ n: 3 });
    await second.stop();
  });

  it('rebuilds from position 0 to the same documents', async () => {
    const runner = new ProjectionRunner(counter, stores.events, stores.reads);
    await runner.start();
    const { position } = await stores.append('user-a', [created('a'), created('b'), deleted('a')]);
    await runner.waitFor(position);
    const live = await stores.reads.get('counts', 'all');
    await runner.rebuild();
    await runner.waitFor(position);
    expect(await stores.reads.get('counts', 'all')).toEqual(live);
    await runner.stop();
  });

  it('commits a large catch-up in batches and tells listeners what it wrote', async () => {
    for (let i = 0; i < 12; i++) await stores.append(`user-${i}`, Array.from({ length: 100 }, (_, j) => created(`${i}-${j}`)));
    const runner = new ProjectionRunner(counter, stores.events, stores.reads);
    const commits: Array<readonly CommittedChange[]> = [];
    runner.onCommitted((changes) => commits.push(changes));
    await runner.start();
    const { position } = await stores.append('user-last', [created('last')]);
    await runner.waitFor(position);
    expect(await stores.reads.get('counts', 'all')).toMatchObject({ n: 1201 });
    expect(commits.length).toBeGreaterThan(1);
    // Each batch writes the one document once, as it ended up.
    expect(commits.every((changes) => changes.length === 1)).toBe(true);
    expect(commits.flat().every((change) => change.collection === 'counts' && change.id === 'all' && change.kind === 'upsert')).toBe(true);
    expect(commits.at(-1)![0]!.revision).toBe(position);
    await runner.stop();
  });

  it('passes over events of types it does not handle without parsing them, and still moves past them', async () => {
    const runner = new ProjectionRunner(counter, stores.events, stores.reads);
    await runner.start();
    // Not a valid GuessPlaced: parsing it would stop the runner.
    await stores.events.append('game-g', [{ id: randomUUID(), type: 'GuessPlaced', data: { not: 'a guess' }, metadata: { schemaVersion: 1 } }], 'no_stream');
    const { position } = await stores.append('user-a', [created('a')]);
    await runner.waitFor(position);
    expect(await stores.reads.get('counts', 'all')).toEqual({ id: 'all', n: 1, types: ['UserCreated'] });
    await runner.stop();
    expect(await stores.reads.checkpoint('counter')).toBe(position);
  });

  it('moves the checkpoint for events that change nothing in memory at once, and stores it on stop', async () => {
    const silent: Projection = { name: 'silent', collections: [], indexes: [], handles: ['UserCreated', 'UserDeleted'], apply: async () => [] };
    const runner = new ProjectionRunner(silent, stores.events, stores.reads, { idleCheckpointMs: 60_000 });
    await runner.start();
    const first = await stores.append('user-a', [created('a')]);
    await runner.waitFor(first.position);
    expect(await stores.reads.checkpoint('silent')).toBe(first.position);

    const later = await stores.append('user-b', [created('b'), deleted('b')]);
    await runner.waitFor(later.position);
    expect(runner.position).toBe(later.position);
    expect(await stores.reads.checkpoint('silent')).toBe(first.position);

    await runner.stop();
    expect(await stores.reads.checkpoint('silent')).toBe(later.position);
  });

  it('stores the checkpoint of events that changed nothing once the log has been quiet for the idle time', async () => {
    const silent: Projection = { name: 'quiet', collections: [], indexes: [], handles: ['UserCreated'], apply: async () => [] };
    const runner = new ProjectionRunner(silent, stores.events, stores.reads, { idleCheckpointMs: 50 });
    await runner.start();
    const first = await stores.append('user-a', [created('a')]);
    await runner.waitFor(first.position);
    const later = await stores.append('user-b', [created('b'), deleted('b')]);
    await runner.waitFor(later.position);
    // No event comes after these: the quiet itself must save the checkpoint (lag 0 for operators).
    while ((await stores.reads.checkpoint('quiet')) !== later.position) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runner.position).toBe(later.position);
    await runner.stop();
  });

  it('stores the checkpoint with the next batch that writes, whatever came before it', async () => {
    const usersOnly: Projection = { ...counter, name: 'users-only', apply: async (projected, documents) => (projected.streamId.startsWith('user-b') ? counter.apply(projected, documents) : []) };
    const runner = new ProjectionRunner(usersOnly, stores.events, stores.reads, { idleCheckpointMs: 60_000 });
    await runner.start();
    await runner.waitFor((await stores.append('user-a', [created('a')])).position);
    await runner.waitFor((await stores.append('user-a', [deleted('a')])).position);
    const { position } = await stores.append('user-b', [created('b')]);
    await runner.waitFor(position);
    expect(await stores.reads.checkpoint('users-only')).toBe(position);
    expect(await stores.reads.get('counts', 'all')).toMatchObject({ n: 1 });
    await runner.stop();
  });

  it('gathers the events of its batch window into one commit, and commits at once when someone waits', async () => {
    const runner = new ProjectionRunner(counter, stores.events, stores.reads, { batchWindowMs: 60_000 });
    const commits: number[] = [];
    runner.onCommitted((writes) => commits.push(writes.length));
    await runner.start();
    await stores.append('user-a', [created('a')]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Read long ago, but the batch is still open.
    expect(await stores.reads.get('counts', 'all')).toBeNull();
    await stores.append('user-b', [created('b')]);
    const { position } = await stores.append('user-c', [created('c')]);
    await runner.waitFor(position, 2000);
    // Three events, one commit, the document written once as it ended up.
    expect(commits).toEqual([1]);
    expect(await stores.reads.get('counts', 'all')).toMatchObject({ n: 3 });
    expect(await stores.reads.checkpoint('counter')).toBe(position);
    await runner.stop();
  });

  it('reads a document of its own from the store once, and again only after a restart; others’ every time', async () => {
    const gets: string[] = [];
    const counted = Object.assign(Object.create(stores.reads) as typeof stores.reads, {
      get: <T extends Document>(collection: string, id: string) => {
        gets.push(`${collection}/${id}`);
        return stores.reads.get<T>(collection, id);
      },
    });
    // Keeps the count of `counts/all` (counter's document) in a collection of its own.
    const mirror: Projection = {
      name: 'mirror',
      collections: ['mirrors'],
      indexes: [],
      handles: ['UserCreated'],
      async apply({ position }, documents) {
        const count = await documents.get<Document & { n: number }>('counts', 'all');
        const mirrored = (await documents.get<Document & { seen: number }>('mirrors', 'all')) ?? { id: 'all', seen: 0 };
        return [upsert('mirrors', { id: 'all', seen: mirrored.seen + 1, n: count?.n ?? 0 }, position)];
      },
    };
    const runner = new ProjectionRunner(counter, stores.events, counted);
    const other = new ProjectionRunner(mirror, stores.events, counted);
    await runner.start();
    await other.start();
    for (const user of ['a', 'b', 'c']) {
      const { position } = await stores.append(`user-${user}`, [created(user)]);
      await runner.waitFor(position);
      await other.waitFor(position);
    }
    expect(gets.filter((key) => key === 'mirrors/all')).toHaveLength(1);
    expect(gets.filter((key) => key === 'counts/all').length).toBeGreaterThanOrEqual(4);
    expect(await stores.reads.get('mirrors', 'all')).toMatchObject({ seen: 3 });

    await other.stop();
    await other.start();
    await other.waitFor((await stores.append('user-d', [created('d')])).position);
    expect(gets.filter((key) => key === 'mirrors/all')).toHaveLength(2);
    expect(await stores.reads.get('mirrors', 'all')).toMatchObject({ seen: 4 });
    await other.stop();
    await runner.stop();
  });

  it('building a generation from empty, stores each document once up to the head (write-back), then as it changes', async () => {
    /** One document per user, counting its events: each is written at every one of its events. */
    const perUser: Projection = {
      name: 'per-user',
      collections: ['tallies'],
      indexes: [],
      handles: ['UserCreated'],
      async apply({ event, position }, documents) {
        const { userId } = (event as Extract<DomainEvent, { type: 'UserCreated' }>).data;
        const id = userId.split('-')[0]!;
        const tally = (await documents.get<Document & { n: number }>('tallies', id)) ?? { id, n: 0 };
        return [upsert('tallies', { id, n: tally.n + 1 }, position)];
      },
    };
    const users = ['u0', 'u1', 'u2', 'u3', 'u4', 'u5'];
    for (let round = 0; round < 20; round++) await stores.append(`user-${round}`, users.map((user) => created(`${user}-${round}`)));
    const [head] = await stores.events.readAll({ direction: 'backwards', maxCount: 1 });
    const build = async (writeBackUntil: bigint | null) => {
      const generation = await stores.reads.beginGeneration(perUser.name, perUser.collections);
      // Two documents kept in memory at a time, six users: documents are let go and read back all along.
      const runner = new ProjectionRunner(perUser, stores.events, stores.reads, { generation, maxBatchEvents: 10, cachedDocuments: 2, idleCheckpointMs: 0, writeBackUntil });
      let written = 0;
      runner.observe({ processed: (_position, writes) => (written += writes.length), failed: () => undefined });
      await runner.start();
      await runner.waitFor(head!.position);
      const documents = await stores.reads.list(`tallies@${generation}`, { sort: [['id', 'asc']] });
      return { runner, written, documents, generation };
    };
    const through = await build(null);
    await through.runner.stop();
    const back = await build(head!.position);
    expect(back.documents).toEqual(through.documents);
    expect(back.documents).toEqual(users.map((id) => ({ id, n: 20 })));
    // Write-through stores each batch's documents (12 batches × up to 6); write-back far fewer.
    expect(through.written).toBeGreaterThanOrEqual(60);
    expect(back.written).toBeLessThan(through.written / 2);
    // Past the head, each batch is stored with its commit again.
    const { position } = await stores.append('user-late', [created('u3-late')]);
    await back.runner.waitFor(position);
    expect(await stores.reads.get(`tallies@${back.generation}`, 'u3')).toEqual({ id: 'u3', n: 21 });
    await back.runner.stop();
  });

  it('writing back, commits nothing before the batch that reaches the head unless documents are let go', async () => {
    const users = Array.from({ length: 60 }, (_, i) => `u${i}`);
    await stores.append('users', users.map((user) => created(user)));
    const [head] = await stores.events.readAll({ direction: 'backwards', maxCount: 1 });
    const build = async (writeBackUntil: bigint | null, cachedDocuments = 100) => {
      const generation = await stores.reads.beginGeneration(counter.name, counter.collections);
      const reads = Object.create(stores.reads) as typeof stores.reads;
      const commits: number[] = [];
      reads.commit = (batch) => {
        commits.push(batch.writes.length);
        return stores.reads.commit(batch);
      };
      // Ten events a batch, six batches, each writing the one counter document.
      const runner = new ProjectionRunner(counter, stores.events, reads, { generation, maxBatchEvents: 10, cachedDocuments, idleCheckpointMs: 0, writeBackUntil });
      await runner.start();
      await runner.waitFor(head!.position);
      const checkpoint = await stores.reads.checkpoint(`counter@${generation}`);
      const documents = await stores.reads.list(`counts@${generation}`);
      await runner.stop();
      return { commits, checkpoint, documents };
    };
    const through = await build(null);
    const back = await build(head!.position);
    const uncached = await build(head!.position, 0);
    // Write-through commits every batch with its document and checkpoint.
    expect(through.commits).toEqual([1, 1, 1, 1, 1, 1]);
    // Write-back: batches with nothing to store keep their checkpoint in memory; one commit stores it all.
    expect(back.commits).toEqual([1]);
    // A document the cache cannot keep is let go at once: each batch stores it.
    expect(uncached.commits).toEqual([1, 1, 1, 1, 1, 1]);
    for (const built of [through, back, uncached]) {
      expect(built.checkpoint).toBe(head!.position);
      expect(built.documents).toEqual([expect.objectContaining({ id: 'all', n: 60 })]);
    }
  });

  it('drops a group of documents by id prefix in its place in the batch, from the cache and from what write-back holds', async () => {
    /** A tally per user and group of five rounds; a new group deletes the last one's tallies (a period that ended). */
    const grouped: Projection = {
      name: 'grouped',
      collections: ['tallies'],
      indexes: [],
      handles: ['UserCreated'],
      async apply({ event, position }, documents) {
        const [user, round] = (event as Extract<DomainEvent, { type: 'UserCreated' }>).data.userId.split('-');
        const group = `g${Math.floor(Number(round) / 5)}`;
        const clock = (await documents.get<Document & { group: string }>('tallies', 'clock')) ?? null;
        const writes = [];
        if (clock?.group !== group) {
          if (clock) writes.push({ kind: 'deletePrefix' as const, collection: 'tallies', prefix: `${clock.group}|` });
          writes.push(upsert('tallies', { id: 'clock', group }, position));
        }
        const id = `${group}|${user}`;
        const tally = (await documents.get<Document & { n: number }>('tallies', id)) ?? { id, n: 0 };
        return [...writes, upsert('tallies', { id, n: tally.n + 1 }, position)];
      },
    };
    const users = ['u0', 'u1', 'u2', 'u3', 'u4', 'u5'];
    for (let round = 0; round < 20; round++) await stores.append(`user-${round}`, users.map((user) => created(`${user}-${round}`)));
    const [head] = await stores.events.readAll({ direction: 'backwards', maxCount: 1 });
    const expected = (group: string, n: number) => [{ id: 'clock', group }, ...users.map((user) => ({ id: `${group}|${user}`, n }))];
    const build = async (options: { generation: boolean; writeBackUntil?: bigint; cachedDocuments: number }) => {
      const generation = options.generation ? await stores.reads.beginGeneration(grouped.name, grouped.collections) : undefined;
      // Seven events a batch: groups change inside batches, with writes of both groups around the deletion.
      const runner = new ProjectionRunner(grouped, stores.events, stores.reads, { maxBatchEvents: 7, idleCheckpointMs: 0, cachedDocuments: options.cachedDocuments, ...(generation ? { generation } : {}), ...(options.writeBackUntil ? { writeBackUntil: options.writeBackUntil } : {}) });
      const stored: string[] = [];
      runner.observe({ processed: (_position, writes) => stored.push(...writes.map((write) => (write.kind === 'upsert' ? write.document.id : write.kind === 'delete' ? `-${write.id}` : `-${write.prefix}*`))), failed: () => undefined });
      await runner.start();
      await runner.waitFor(head!.position);
      const collection = generation ? `tallies@${generation}` : 'tallies';
      return { runner, stored, collection, documents: await stores.reads.list(collection, { sort: [['id', 'asc']] }) };
    };

    // Write-through with a cache too small to keep a group, write-through building a generation, and write-back.
    const live = await build({ generation: false, cachedDocuments: 2 });
    const through = await build({ generation: true, cachedDocuments: 2 });
    const back = await build({ generation: true, writeBackUntil: head!.position, cachedDocuments: 8 });
    for (const built of [live, through, back]) {
      expect(built.documents).toEqual(expected('g3', 5));
      expect(built.stored.filter((write) => write.endsWith('*'))).toEqual(['-g0|*', '-g1|*', '-g2|*']);
    }
    // Write-back kept every group in memory: no tally of an ended group was ever stored, only the deletions.
    expect(through.stored.filter((id) => /^g[012]\|/.test(id)).length).toBeGreaterThan(30);
    expect(back.stored.filter((id) => /^g[012]\|/.test(id))).toEqual([]);

    // Live, past the head: the next group's first event deletes the stored group in the same commit.
    const { position } = await stores.append('user-late', users.map((user) => created(`${user}-20`)));
    for (const built of [live, through, back]) {
      await built.runner.waitFor(position);
      expect(await stores.reads.list(built.collection, { sort: [['id', 'asc']] })).toEqual(expected('g4', 1));
      await built.runner.stop();
    }
  });

  it('ends with the documents of a plain fold of the events, whatever its cache size, batch size and write-back (property)', async () => {
    /**
     * Each event one operation: a tally incremented (in place, as projections may) or removed, a group of
     * tallies dropped by prefix, or a mark counted in a collection the projection does not own.
     */
    type Op = { kind: 'inc' | 'del'; group: number; doc: string } | { kind: 'drop'; group: number } | { kind: 'mark'; doc: string };
    const encode = (op: Op) => (op.kind === 'drop' ? `drop:${op.group}` : op.kind === 'mark' ? `mark:${op.doc}` : `${op.kind}:${op.group}|${op.doc}`);
    const ops: Projection = {
      name: 'ops',
      collections: ['tallies'],
      indexes: [],
      handles: ['UserCreated'],
      async apply({ event, position }, documents) {
        const [kind, target] = (event as Extract<DomainEvent, { type: 'UserCreated' }>).data.userId.split(':') as [string, string];
        if (kind === 'drop') return [{ kind: 'deletePrefix', collection: 'tallies', prefix: `${target}|` }];
        if (kind === 'mark') {
          const mark = (await documents.get<Document & { n: number }>('marks', target)) ?? { id: target, n: 0 };
          return [upsert('marks', { id: target, n: mark.n + 1 }, position)];
        }
        const tally = await documents.get<Document & { n: number }>('tallies', target);
        if (kind === 'del') return tally ? [{ kind: 'delete', collection: 'tallies', id: target }] : [];
        const next = tally ?? { id: target, n: 0 };
        next.n += 1;
        return [upsert('tallies', next, position)];
      },
    };
    /** The documents each collection should hold after `applied`. */
    const fold = (applied: Op[]) => {
      const tallies = new Map<string, number>();
      const marks = new Map<string, number>();
      for (const op of applied) {
        if (op.kind === 'mark') marks.set(op.doc, (marks.get(op.doc) ?? 0) + 1);
        else if (op.kind === 'drop') for (const id of [...tallies.keys()]) id.startsWith(`${op.group}|`) && tallies.delete(id);
        else if (op.kind === 'del') tallies.delete(`${op.group}|${op.doc}`);
        else tallies.set(`${op.group}|${op.doc}`, (tallies.get(`${op.group}|${op.doc}`) ?? 0) + 1);
      }
      const sorted = (map: Map<string, number>) => [...map].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, n]) => ({ id, n }));
      return { tallies: sorted(tallies), marks: sorted(marks) };
    };
    const doc = fc.constantFrom('a', 'b', 'c', 'd');
    const group = fc.integer({ min: 0, max: 2 });
    const op: fc.Arbitrary<Op> = fc.oneof(
      { weight: 6, arbitrary: fc.record({ kind: fc.constant('inc' as const), group, doc }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('del' as const), group, doc }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop' as const), group }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('mark' as const), doc }) },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 40, size: 'max' }),
        fc.array(op, { maxLength: 15, size: 'max' }),
        fc.record({ cachedDocuments: fc.constantFrom(0, 1, 2, 3, 5, 100), maxBatchEvents: fc.integer({ min: 1, max: 8 }), generation: fc.boolean(), writeBack: fc.boolean() }),
        async (before, after, options) => {
          const run = tempStores();
          try {
            await run.append('ops-before', before.map((o) => created(encode(o))));
            const [head] = await run.events.readAll({ direction: 'backwards', maxCount: 1 });
            const generation = options.generation || options.writeBack ? await run.reads.beginGeneration(ops.name, ops.collections) : undefined;
            const runner = new ProjectionRunner(ops, run.events, run.reads, {
              maxBatchEvents: options.maxBatchEvents,
              cachedDocuments: options.cachedDocuments,
              idleCheckpointMs: 0,
              ...(generation === undefined ? {} : { generation }),
              ...(options.writeBack ? { writeBackUntil: head!.position } : {}),
            });
            const stored = async () => {
              const name = (collection: string) => (generation === undefined ? collection : `${collection}@${generation}`);
              const list = (collection: string) => run.reads.list<Document & { n: number }>(name(collection), { sort: [['id', 'asc']] });
              return { tallies: (await list('tallies')).map(({ id, n }) => ({ id, n })), marks: (await list('marks')).map(({ id, n }) => ({ id, n })) };
            };
            await runner.start();
            try {
              await runner.waitFor(head!.position);
              expect(await stored()).toEqual(fold(before));
              if (after.length > 0) {
                await runner.waitFor((await run.append('ops-after', after.map((o) => created(encode(o))))).position);
                expect(await stored()).toEqual(fold([...before, ...after]));
              }
            } finally {
              await runner.stop();
            }
          } finally {
            await run.close();
          }
        },
      ),
      {
        numRuns: 100,
        // Always: two documents let go from memory while their writes are held (write-back), then read in
        // the same batch, before the commit that stores them.
        examples: [[['a', 'b', 'c', 'd', 'a', 'b'].map((id) => ({ kind: 'inc' as const, group: 0, doc: id })), [], { cachedDocuments: 2, maxBatchEvents: 4, generation: true, writeBack: true }]],
      },
    );
  });

  it('rejects a wait that the projection does not reach in time, naming the projection', async () => {
    const runner = new ProjectionRunner(counter, stores.events, stores.reads);
    await runner.start();
    await expect(runner.waitFor(10_000n, 50)).rejects.toThrow(/counter did not reach position 10000/);
    await runner.stop();
  });
});
