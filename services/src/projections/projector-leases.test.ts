import type { DomainEvent } from '@globetrail/contracts';
import { join } from 'node:path';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import type { LeaseHolder } from '../platform/read-store/leases.js';
import type { Document } from '../platform/read-store/read-store.port.js';
import { SqliteReadStore } from '../platform/read-store/sqlite-read-store.js';
import { type Projection, upsert } from './projection.js';
import { Projections } from './projections.js';
import { tempStores } from './testing/stores.js';

/** Counts every event it is given: an event projected twice shows. */
const counter: Projection = {
  name: 'counter',
  collections: ['counts'],
  indexes: [],
  handles: ['UserCreated'],
  async apply({ position }, documents) {
    const current = (await documents.get<Document & { n: number }>('counts', 'all')) ?? { id: 'all', n: 0 };
    return [upsert('counts', { id: 'all', n: current.n + 1 }, position)];
  },
};
const created = (userId: string): DomainEvent => ({ type: 'UserCreated', version: 1, data: { userId, name: userId, isAnonymous: false, createdAt: '2026-11-28T00:00:00.000Z' } });
const until = async (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('projectors under leases (an active one and a standby)', () => {
  let stores: ReturnType<typeof tempStores>;
  const opened: Array<{ close(): Promise<void> }> = [];
  const projectorEvents: SqliteEventStore[] = [];
  const running = new Set<number>([101, 102]);
  const timing = { ttlMs: 600, renewMs: 150, standbyPollMs: 50 };

  /** A projector as a process of its own: its own connections to the same files. */
  function projector(id: string, pid: number, overrides: Partial<typeof timing> = {}) {
    const events = SqliteEventStore.open(join(stores.dir, 'events.sqlite'), { writerScript: null });
    const reads = SqliteReadStore.open(join(stores.dir, 'reads.sqlite'));
    opened.push(events, reads);
    projectorEvents.push(events);
    const holder: LeaseHolder = { id, host: 'test-host', pid };
    return new Projections([counter], events, reads, { batchWindowMs: 0 }, { holder, timing: { ...timing, ...overrides }, alive: (p) => running.has(p) });
  }
  const count = async () => (await stores.reads.get<Document & { n: number }>('counts', 'all'))?.n ?? 0;
  const append = async (n: number) => {
    let position = 0n;
    for (let i = 0; i < n; i++) position = (await stores.append(`user-${i}-${Math.random()}`, [created(`u${i}`)])).position;
    // Another process's connection would see them at its next poll (1 s): now, here.
    for (const events of projectorEvents) events.checkForNewEvents();
    return position;
  };

  beforeEach(() => {
    stores = tempStores();
    running.clear();
    running.add(101).add(102);
  });
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
    projectorEvents.length = 0;
    await stores.close();
  });

  it('one projects, the other stands by and still answers read-your-writes waits', async () => {
    const [a, b] = [projector('a', 101), projector('b', 102)];
    await a.start();
    await b.start();
    expect(a.active).toEqual(['counter']);
    expect(b.active).toEqual([]);
    const position = await append(5);
    await a.waitFor(position);
    await b.waitFor(position);
    expect(await count()).toBe(5);
    expect(await stores.reads.readLease('counter')).toMatchObject({ holder: { id: 'a' }, token: 1 });
    await b.stop();
    await a.stop();
  });

  it('a standby takes over when the active process is gone, at its next look, counting nothing twice', async () => {
    const [a, b] = [projector('a', 101), projector('b', 102)];
    await a.start();
    await b.start();
    await a.waitFor(await append(3));
    // kill -9: the process stops running (its lease is still unexpired), and nothing of it runs any more.
    running.delete(101);
    await a.stop().catch(() => undefined);
    await stores.reads.acquireLease('counter', { id: 'a', host: 'test-host', pid: 101 }, 60_000);
    const killedAt = Date.now();
    await until(() => b.active.length === 1, 'b takes over');
    expect(Date.now() - killedAt).toBeLessThan(timing.ttlMs);
    await b.waitFor(await append(4));
    expect(await count()).toBe(7);
    expect(await stores.reads.readLease('counter')).toMatchObject({ holder: { id: 'b' }, token: 2 });
    await b.stop();
  });

  it('a paused holder loses its lease when it expires, and its next commit is refused: it stands by', async () => {
    // a renews far too late (a process paused by a long GC or a frozen VM); its runner keeps going.
    const a = projector('a', 101, { renewMs: 60_000 });
    const b = projector('b', 102);
    await a.start();
    await b.start();
    await a.waitFor(await append(2));
    await until(() => b.active.length === 1, 'b takes over after the lease expired', 3000);
    expect(await stores.reads.readLease('counter')).toMatchObject({ holder: { id: 'b' }, token: 2 });
    // Both runners see the next events; only b's commits are taken, a's is refused and a stands by.
    const position = await append(3);
    await b.waitFor(position);
    await until(() => a.active.length === 0, 'a gives up after its refused commit');
    expect(await count()).toBe(5);
    await a.stop();
    await b.stop();
  });

  it('a clean stop releases the lease: the standby takes over at once', async () => {
    const a = projector('a', 101);
    const b = projector('b', 102, { standbyPollMs: 50 });
    await a.start();
    await b.start();
    await a.waitFor(await append(1));
    await a.stop();
    const stoppedAt = Date.now();
    await until(() => b.active.length === 1, 'b takes over');
    expect(Date.now() - stoppedAt).toBeLessThan(timing.ttlMs);
    await b.waitFor(await append(1));
    expect(await count()).toBe(2);
    await b.stop();
  });
});
