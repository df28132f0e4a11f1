import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import { SqliteReadStore } from '../platform/read-store/sqlite-read-store.js';
import { compileSources } from '../platform/workers/testing/compile-sources.js';
import { ProjectionRunner } from '../projections/projection-runner.js';
import { scoreSubmitted, userCreated, userRegistered } from '../projections/testing/events.js';
import { userProfileProjection } from '../projections/user-profile/user-profile.projection.js';
import type { RebuildProgress } from './rebuild.js';
import { rebuildInParallel, rebuildOnThread } from './rebuild-on-thread.js';

describe('a rebuild on a thread of its own (as the api runs it compiled)', () => {
  let compiled: string;
  let dir: string;
  beforeAll(async () => {
    compiled = await compileSources(['.']);
  }, 120_000);
  afterAll(async () => {
    if (compiled) await rm(compiled, { recursive: true, force: true });
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'globetrail-rebuild-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("switches the app's read model to a new generation, reporting progress, while this thread goes on", async () => {
    const events = SqliteEventStore.open(join(dir, 'events.sqlite'), { writerScript: null });
    const reads = SqliteReadStore.open(join(dir, 'read-models.sqlite'));
    for (let i = 0; i < 50; i++) {
      const data = [userCreated(`p${i}`, true), userRegistered(`p${i}`, `Player ${i}`), scoreSubmitted(`p${i}`, 100 + i, { gameId: `g${i}` })];
      await events.append(`user-p${i}`, data.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata: { schemaVersion: event.version } })), 'any');
    }
    const live = new ProjectionRunner(userProfileProjection, events, reads);
    await live.start();
    const [head] = await events.readAll({ direction: 'backwards', maxCount: 1 });
    await live.waitFor(head!.position);

    const progress: RebuildProgress[] = [];
    const running = rebuildOnThread(
      { stores: { dataDir: dir, stores: { eventStore: { kind: 'sqlite' }, readStore: { kind: 'sqlite' }, bus: { kind: 'in-process' } } }, names: ['user-profile'], graceMs: 0 },
      (p) => progress.push(p),
      pathToFileURL(join(compiled, 'ops', 'rebuild.worker.js')),
    );
    // This thread answers reads all along.
    await expect(reads.count('user_profiles')).resolves.toBe(50);
    const results = await running.done;
    expect(results).toEqual([{ name: 'user-profile', generation: 1, replaced: 0, position: head!.position, documents: 50 }]);
    expect(progress.length).toBeGreaterThan(0);
    await expect(reads.generations('user-profile')).resolves.toEqual({ active: 1, building: null });
    await expect(reads.count('user_profiles')).resolves.toBe(50);
    await live.stop();
    await events.close();
    await reads.close();
  }, 60_000);

  it('as the operator tools run it: the costliest group on this thread, the others on threads of their own, every read model switched', async () => {
    const events = SqliteEventStore.open(join(dir, 'events.sqlite'), { writerScript: null });
    for (let i = 0; i < 30; i++) {
      const data = [userCreated(`p${i}`, true), userRegistered(`p${i}`, `Player ${i}`), scoreSubmitted(`p${i}`, 100 + i, { gameId: `g${i}` })];
      await events.append(`user-p${i}`, data.map((event) => ({ id: randomUUID(), type: event.type, data: event.data, metadata: { schemaVersion: event.version } })), 'any');
    }
    const [head] = await events.readAll({ direction: 'backwards', maxCount: 1 });
    await events.close();
    const progress: RebuildProgress[] = [];
    const running = rebuildInParallel(
      { stores: { dataDir: dir, stores: { eventStore: { kind: 'sqlite' }, readStore: { kind: 'sqlite' }, bus: { kind: 'in-process' } } }, names: ['user-profile', 'leaderboards', 'arena-ratings'], graceMs: 0 },
      (p) => progress.push(p),
      { threads: 2, onThisThread: true, workerScript: pathToFileURL(join(compiled, 'ops', 'rebuild.worker.js')) },
    );
    const results = await running.done;
    expect(results.map(({ name, generation, position }) => ({ name, generation, position }))).toEqual(['user-profile', 'leaderboards', 'arena-ratings'].map((name) => ({ name, generation: 1, position: head!.position })));
    expect(results.find((result) => result.name === 'arena-ratings')!.documents).toBe(30);
    expect(progress.at(-1)!.switched.sort()).toEqual(['arena-ratings', 'leaderboards', 'user-profile']);
    // Every connection closed once done: the files can go at once.
    const reads = SqliteReadStore.open(join(dir, 'read-models.sqlite'));
    await expect(reads.count('user_profiles')).resolves.toBe(30);
    await reads.close();
  }, 60_000);
});
