import { jest } from '@jest/globals';
import type { CommittedChange } from './projections.js';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readModelCollections } from '@globetrail/contracts';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import { printLogsAs } from '../platform/logging/logger.js';
import { rebuildReadModels } from '../ops/rebuild.js';
import { SqliteReadStore } from '../platform/read-store/sqlite-read-store.js';
import { compileSources } from '../platform/workers/testing/compile-sources.js';
import { allProjections } from './all-projections.js';
import { openEmbeddedProjections } from './open-projections.js';
import { Projections } from './projections.js';
import { ProjectionsOnThread } from './projections-on-thread.js';
import { userCreated, userRegistered } from './testing/events.js';

describe('projections on a thread of their own (as the app runs compiled)', () => {
  let compiled: string;
  let workerScript: URL;
  let dir: string;
  let events: SqliteEventStore;
  let reads: SqliteReadStore;
  let opened: ProjectionsOnThread[];

  beforeAll(async () => {
    compiled = await compileSources(['platform', 'projections', 'domain', 'imagery', 'ops']);
    workerScript = pathToFileURL(join(compiled, 'projections', 'projections.worker.js'));
  }, 120_000);
  afterAll(async () => {
    if (compiled) await rm(compiled, { recursive: true, force: true });
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'globetrail-projections-thread-'));
    events = SqliteEventStore.open(join(dir, 'events.sqlite'), { writerScript: null });
    reads = SqliteReadStore.open(join(dir, 'read-models.sqlite'));
    opened = [];
  });
  afterEach(async () => {
    for (const projections of opened) await projections.stop();
    await events.close();
    await reads.close();
    await rm(dir, { recursive: true, force: true });
  });

  const open = (options: { batchWindowMs?: number } = {}) => {
    const projections = openEmbeddedProjections({ events, eventsFile: join(dir, 'events.sqlite'), reads, readsFile: join(dir, 'read-models.sqlite'), workerScript, ...options });
    expect(projections).toBeInstanceOf(ProjectionsOnThread);
    opened.push(projections as ProjectionsOnThread);
    return projections as ProjectionsOnThread;
  };
  const append = async (userId: string, event: ReturnType<typeof userCreated>, expected: 'no_stream' | bigint) =>
    (await events.append(`user-${userId}`, [{ id: randomUUID(), type: event.type, data: event.data, metadata: { schemaVersion: event.version } }], expected)).position;
  const profile = (userId: string) => reads.get<{ id: string; name: string }>(readModelCollections.userProfiles, userId);

  it('projects what this thread appends: a wait for its position resolves once the read model holds it', async () => {
    const projections = open();
    await projections.start();
    const position = await append('ada', userCreated('ada', false, 'Ada'), 'no_stream');
    await projections.waitFor(position, ['user-profile']);
    expect(await profile('ada')).toMatchObject({ id: 'ada', name: 'Ada' });
    expect(projections.runner('user-profile').position).toBeGreaterThanOrEqual(position);
    // Every projection accounts for the event, including those that do not handle it.
    await projections.waitFor(position);
  });

  it('commits a batch at once when this thread waits for it, however long the batch window', async () => {
    // A minute's window: only the wait, told to the thread, can commit these within the wait's 5 s.
    const projections = open({ batchWindowMs: 60_000 });
    await projections.start();
    await append('eve', userCreated('eve', false, 'Eve'), 'no_stream');
    const position = await append('fay', userCreated('fay', false, 'Fay'), 'no_stream');
    await projections.waitFor(position, ['user-profile']);
    expect([await profile('eve'), await profile('fay')]).toEqual([expect.objectContaining({ name: 'Eve' }), expect.objectContaining({ name: 'Fay' })]);
  });

  it('hands a listened projection\'s writes to this thread', async () => {
    const projections = open();
    await projections.start();
    const seen: Array<readonly CommittedChange[]> = [];
    projections.runner('user-profile').onCommitted((changes) => seen.push(changes));
    // The listen message is on its way before the append is: its writes come along.
    const created = await append('bo', userCreated('bo', true, 'Anonymous'), 'no_stream');
    await projections.waitFor(created, ['user-profile']);
    const registered = await append('bo', userRegistered('bo', 'Bo'), 0n);
    await projections.waitFor(registered, ['user-profile']);
    expect(seen.flat()).toEqual([
      { collection: 'user_profiles', id: 'bo', kind: 'upsert', revision: created },
      { collection: 'user_profiles', id: 'bo', kind: 'upsert', revision: registered },
    ]);
  });

  it('resumes from its checkpoints after a stop, and rebuilds a read model from the first event', async () => {
    const first = open();
    await first.start();
    await first.waitFor(await append('cy', userCreated('cy', false, 'Cy'), 'no_stream'));
    await first.stop();
    opened = [];

    // Appended while no thread runs: the next one finds them from its checkpoint. Enough of them that the
    // rebuild below takes a while to replay.
    for (let i = 0; i < 200; i++) await append(`extra-${i}`, userCreated(`extra-${i}`), 'no_stream');
    const position = await append('dee', userCreated('dee', false, 'Dee'), 'no_stream');
    const second = open();
    await second.start();
    await second.waitFor(position, ['user-profile']);
    expect(await profile('dee')).toMatchObject({ name: 'Dee' });

    await second.rebuild(['user-profile']);
    await second.waitFor(position, ['user-profile']);
    expect([await profile('cy'), await profile('dee')]).toEqual([expect.objectContaining({ name: 'Cy' }), expect.objectContaining({ name: 'Dee' })]);
  });

  it("prints its log as the app does (LOG_FORMAT, LOG_LEVEL): JSON lines with Nest's fields, at the app's level", async () => {
    const printed: string[] = [];
    // The thread's stdout comes through this thread's process.stdout.
    const stdout = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (printed.push(String(chunk)), true));
    const replaced = () => printed.filter((line) => line.includes('was replaced by a rebuild'));
    // An operator's rebuild of user-profile from another process: the thread's runner finds its generation
    // replaced at its next commit, says so (at the "log" level) and follows the new one.
    const rebuildThenAppend = async (projections: ProjectionsOnThread, userId: string) => {
      await rebuildReadModels(events, reads, allProjections.filter((projection) => projection.name === 'user-profile'));
      await projections.waitFor(await append(userId, userCreated(userId, false, userId), 'no_stream'), ['user-profile']);
      expect(await profile(userId)).toMatchObject({ name: userId });
    };
    try {
      printLogsAs({ format: 'json', level: 'warn' });
      const quiet = open();
      await quiet.start();
      await rebuildThenAppend(quiet, 'ivy');
      await quiet.stop();
      opened = [];

      printLogsAs({ format: 'json', level: 'log' });
      const told = open();
      await told.start();
      await rebuildThenAppend(told, 'jo');
      for (let waited = 0; replaced().length === 0 && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(replaced().map((line) => JSON.parse(line) as unknown)).toEqual([
        { level: 'log', pid: process.pid, timestamp: expect.any(Number), context: 'projection:user-profile', message: 'generation 1 was replaced by a rebuild; following generation 2' },
      ]);
    } finally {
      stdout.mockRestore();
      printLogsAs({ format: 'text', level: 'log' });
    }
  });

  it('fails a wait for a read model it does not have, and runs from sources on the calling thread', async () => {
    const projections = open();
    await projections.start();
    expect(() => projections.runner('nope')).toThrow(/no projection named nope/);
    const local = openEmbeddedProjections({ events, eventsFile: join(dir, 'events.sqlite'), reads, readsFile: join(dir, 'read-models.sqlite'), workerScript: null });
    expect(local).toBeInstanceOf(Projections);
  });
});
