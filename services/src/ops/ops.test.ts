import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DomainEvent } from '@globetrail/contracts';
import type { RecordedEvent } from '../platform/event-store/event-store.port.js';
import { ProjectionRunner } from '../projections/projection-runner.js';
import { scoreSubmitted, userCreated, userRegistered } from '../projections/testing/events.js';
import { tempStores } from '../projections/testing/stores.js';
import { userProfileProjection } from '../projections/user-profile/user-profile.projection.js';
import { EXPORT_PAGE, exportLog, importLog, verifyChecksum } from './event-log-file.js';
import { runOps, UsageError } from './ops.js';
import { formatStatus, projectionStatus } from './projection-status.js';
import { formatReport, verifyReadModels } from './verify.js';
import type { Document } from '../platform/read-store/read-store.port.js';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { openDatabase } from '../platform/sqlite/open-database.js';
import { SqliteReadStore } from '../platform/read-store/sqlite-read-store.js';
import { formatProgress, lookAhead, rebuildReadModels, type RebuildProgress } from './rebuild.js';

type Stores = ReturnType<typeof tempStores>;

/** Some players' histories: more events than one export page, over many streams. */
async function history(stores: Stores): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const events: DomainEvent[] = [userCreated(`p${i}`, true), userRegistered(`p${i}`, `Player ${i}`)];
    for (let round = 0; round < 8; round++) events.push(scoreSubmitted(`p${i}`, 100 * round + i, { gameId: `g-${i}-${round}` }));
    await stores.append(`user-p${i}`, events);
  }
}

const comparable = (events: RecordedEvent[]) => events.map(({ id, streamId, type, revision, data, metadata }) => ({ id, streamId, type, revision, data, metadata: { ...metadata, importedCreatedAt: undefined } }));

async function project(stores: Stores): Promise<unknown[]> {
  const runner = new ProjectionRunner(userProfileProjection, stores.events, stores.reads);
  await runner.start();
  const [head] = await stores.events.readAll({ direction: 'backwards', maxCount: 1 });
  await runner.waitFor(head!.position);
  await runner.stop();
  return stores.reads.list('user_profiles', { sort: [['id', 'asc']] });
}

describe('the operator CLI on real SQLite files', () => {
  let source: Stores;
  let target: Stores;
  beforeEach(async () => {
    [source, target] = [tempStores(), tempStores()];
    await history(source);
  });
  afterEach(async () => {
    await Promise.all([source.close(), target.close()]);
  });

  it('export → import into an empty store gives the same log and the same read models; importing again adds nothing', async () => {
    const file = join(source.dir, 'log.jsonl');
    const exported = await exportLog(source.events, file);
    const all = await source.events.readAll();
    expect(exported).toMatchObject({ events: all.length, lastPosition: all.at(-1)!.position });
    expect(all.length).toBeGreaterThan(EXPORT_PAGE);
    expect(await verifyChecksum(file)).toBe(exported.sha256);

    const imported = await importLog(target.events, file);
    expect(imported.events).toBe(all.length);
    expect(imported.appends).toBeLessThan(all.length);
    const copy = await target.events.readAll();
    expect(comparable(copy)).toEqual(comparable(all));
    // Each event's original creation time comes along.
    expect(copy[0]!.metadata.importedCreatedAt).toBe(all[0]!.createdAt.toISOString());
    expect(await project(target)).toEqual(await project(source));

    await importLog(target.events, file);
    expect((await target.events.readAll()).length).toBe(all.length);
  });

  it('resumes an export cut short mid-line and ends with the checksum of a whole one', async () => {
    const whole = await exportLog(source.events, join(source.dir, 'whole.jsonl'));
    const file = join(source.dir, 'cut.jsonl');
    const text = readFileSync(join(source.dir, 'whole.jsonl'), 'utf8');
    writeFileSync(file, text.slice(0, Math.floor(text.length / 2)));
    const resumed = await exportLog(source.events, file, { resume: true });
    expect(resumed).toMatchObject({ events: whole.events, sha256: whole.sha256 });
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('refuses to import a file that changed since its export, or whose export did not complete', async () => {
    const file = join(source.dir, 'log.jsonl');
    await exportLog(source.events, file);
    appendFileSync(file, '{"tampered":true}\n');
    await expect(importLog(target.events, file)).rejects.toThrow(/SHA-256 .* differs/);
    truncateSync(`${file}.sha256`, 0);
    writeFileSync(join(source.dir, 'other.jsonl'), '');
    await expect(importLog(target.events, join(source.dir, 'other.jsonl'))).rejects.toThrow(/other\.jsonl\.sha256 is missing/);
    expect(await target.events.readAll()).toEqual([]);
  });

  it('appends nothing from an export with a line that is not an event, even when its checksum matches', async () => {
    const file = join(source.dir, 'log.jsonl');
    await exportLog(source.events, file);
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[500] = '{"not":"an event"}';
    writeFileSync(file, lines.join('\n'));
    writeFileSync(`${file}.sha256`, `${createHash('sha256').update(readFileSync(file)).digest('hex')}  ${file}\n`);
    await expect(importLog(target.events, file)).rejects.toThrow(/^line 501: not an exported event/);
    expect(await target.events.readAll()).toEqual([]);
  });

  it('reports each read model’s checkpoint, lag, documents and the projector holding its lease', async () => {
    const before = await projectionStatus(source.events, source.reads, [userProfileProjection]);
    const head = (await source.events.readAll({ direction: 'backwards', maxCount: 1 }))[0]!.position;
    expect(before).toEqual([{ name: 'user-profile', checkpoint: null, lag: head + 1n, documents: 0, generation: 0, building: null, holder: null, version: null, currentVersion: 1 }]);
    await project(source);
    await source.reads.acquireLease('user-profile', { id: 'projector-1', host: 'h', pid: 1 }, 60_000);
    const after = await projectionStatus(source.events, source.reads, [userProfileProjection]);
    expect(after).toEqual([{ name: 'user-profile', checkpoint: head, lag: 0n, documents: 120, generation: 0, building: null, holder: 'projector-1', version: 1, currentVersion: 1 }]);
    expect(formatStatus(after)).toMatch(/^read model\s+checkpoint\s+lag\s+documents\s+generation\s+version\s+projected by\nuser-profile\s+\d+\s+0\s+120\s+0\s+1\s+projector-1$/);
    // A release whose projection writes a newer version shows what it will build, and an upgrade under way.
    const upgraded = { ...userProfileProjection, version: 2 };
    expect(formatStatus(await projectionStatus(source.events, source.reads, [upgraded]))).toMatch(/\nuser-profile\s+\d+\s+0\s+120\s+0\s+1 → 2\s+projector-1$/);
    await source.reads.recordReadModelVersion('user-profile', 0);
    expect(formatStatus(await projectionStatus(source.events, source.reads, [upgraded]))).toMatch(/\nuser-profile\s+\d+\s+0\s+120\s+0\s+replaced → 2\s+projector-1$/);
  });

  it('verify finds the live read models the same as a rebuild, then finds a planted difference', async () => {
    await project(source);
    const same = await verifyReadModels(source.events, source.reads, [userProfileProjection]);
    expect(same.differences).toEqual([]);
    expect(same.compared).toBe(120);
    expect(formatReport(same)).toMatch(/120 documents compared: the live read models are the same$/);

    // An operator's stray write: one player's points changed, another's profile gone, a stranger added.
    const p3 = (await source.reads.get<Document>('user_profiles', 'p3'))!;
    await source.reads.commit({
      projection: 'planted',
      position: 1n,
      writes: [
        { kind: 'upsert', collection: 'user_profiles', document: { ...p3, points: 999_999 }, revision: 2n ** 62n },
        { kind: 'delete', collection: 'user_profiles', id: 'p7' },
        { kind: 'upsert', collection: 'user_profiles', document: { ...p3, id: 'stranger' }, revision: 1n },
      ],
    });
    const planted = await verifyReadModels(source.events, source.reads, [userProfileProjection]);
    expect(planted.differences).toEqual([
      { collection: 'user_profiles', id: 'p3', kind: 'different', fields: ['points'] },
      { collection: 'user_profiles', id: 'p7', kind: 'missing', fields: [] },
      { collection: 'user_profiles', id: 'stranger', kind: 'extra', fields: [] },
    ]);
    expect(formatReport(planted)).toContain('user_profiles/p3: points differ');
  });

  it('rebuilds blue/green while the game reads and writes: no failed read, the fix served at once, the live projector follows', async () => {
    const file = join(source.dir, 'reads.sqlite');
    // The game: its live projector on one connection, its readers on another.
    const live = new ProjectionRunner(userProfileProjection, source.events, source.reads);
    await live.start();
    const head = (await source.events.readAll({ direction: 'backwards', maxCount: 1 }))[0]!.position;
    await live.waitFor(head);
    const readers = SqliteReadStore.open(file);
    const operator = SqliteReadStore.open(file);
    // A bug once wrote p3's points wrong; the rebuild is to mend it.
    const p3 = (await source.reads.get<Document>('user_profiles', 'p3'))!;
    await source.reads.commit({ projection: 'planted', position: 1n, writes: [{ kind: 'upsert', collection: 'user_profiles', document: { ...p3, points: 999_999 }, revision: 2n ** 62n }] });

    let reading = true;
    const failures: string[] = [];
    let reads = 0;
    const readLoop = (async () => {
      while (reading) {
        try {
          const p5 = await readers.get<Document>('user_profiles', 'p5');
          const count = await readers.count('user_profiles');
          if (!p5 || count < 120) failures.push(`read ${reads}: p5 ${p5 ? 'found' : 'missing'}, ${count} profiles`);
        } catch (error) {
          failures.push(String(error));
        }
        reads += 1;
        await nextTurn();
      }
    })();
    // Players keep playing during the rebuild.
    const writeLoop = (async () => {
      for (let i = 0; i < 20; i++) {
        await source.append('user-p1', [scoreSubmitted('p1', 5000 + i, { gameId: `during-${i}` })]);
        await nextTurn();
      }
    })();
    const progress: RebuildProgress[] = [];
    const results = await rebuildReadModels(source.events, operator, [userProfileProjection], { graceMs: 0, progressEveryMs: 1, onProgress: (p) => progress.push(p) });
    await writeLoop;
    reading = false;
    await readLoop;

    expect(failures).toEqual([]);
    expect(reads).toBeGreaterThan(10);
    expect(results).toEqual([{ name: 'user-profile', generation: 1, replaced: 0, position: expect.any(BigInt), documents: 120 }]);
    expect(progress.at(-1)).toMatchObject({ building: [], switched: ['user-profile'], fraction: 1, etaSeconds: 0 });
    expect(formatProgress(progress.at(-1)!)).toMatch(/^\[#{24}\] 100%  switching, 1 switched  [\d,]+ events\/s  ETA 0:00$/);
    await expect(readers.generations('user-profile')).resolves.toEqual({ active: 1, building: null });
    expect((await readers.get<Document>('user_profiles', 'p3'))!.points).toBe(p3.points);

    // A game after the switch: the live projector, now on generation 1, shows it.
    const appended = await source.append('user-p2', [scoreSubmitted('p2', 4242, { gameId: 'after' })]);
    await live.waitFor(appended.position);
    expect(live.generation).toBe(1);
    const p2 = (await readers.get<Document>('user_profiles', 'p2'))!;
    expect(p2.points).toBeGreaterThan(4242);
    expect((await verifyReadModels(source.events, readers, [userProfileProjection])).differences).toEqual([]);
    // Generation 0 is gone from the file: its table was dropped.
    const db = openDatabase(file);
    expect(db.prepare("SELECT name FROM sqlite_schema WHERE name GLOB 'documents:user_profiles*'").pluck().all()).toEqual(['documents:user_profiles@1']);
    db.close();
    await live.stop();
    await Promise.all([readers.close(), operator.close()]);
  });

  it('looks ahead from the head for the last event of each type asked for, over at most the events allowed', async () => {
    // 120 players, each UserCreated, UserRegistered and 8 ScoreSubmitted: 1,200 events over several pages.
    const [head] = await source.events.readAll({ direction: 'backwards', maxCount: 1 });
    const ahead = await lookAhead(source.events, new Set(['ScoreSubmitted', 'UserRegistered'] as const), head!.position);
    expect(ahead.last('ScoreSubmitted')?.data).toMatchObject({ userId: 'p119', gameId: 'g-119-7' });
    expect(ahead.last('UserRegistered')?.data).toMatchObject({ userId: 'p119' });
    expect(ahead.last('UserCreated')).toBeNull(); // not asked for
    // Up to a head that is not the log's last event; a type beyond the limit is unknown.
    const [first] = await source.events.readAll({ maxCount: 1 });
    const early = await lookAhead(source.events, new Set(['ScoreSubmitted', 'UserCreated'] as const), first!.position + 12n);
    expect(early.last('ScoreSubmitted')?.data).toMatchObject({ userId: 'p1', gameId: 'g-1-0' });
    expect((await lookAhead(source.events, new Set(['UserCreated'] as const), head!.position, 5)).last('UserCreated')).toBeNull();
  });

  it('runs from its command line: projections on DATA_DIR, help, and usage errors', async () => {
    const printed: string[] = [];
    expect(await runOps(['--help'], {}, (text) => printed.push(text))).toBe(0);
    expect(printed.join('\n')).toMatch(/npm run ops -- <command>/);
    expect(await runOps(['projections'], { DATA_DIR: source.dir }, (text) => printed.push(text))).toBe(0);
    expect(printed.at(-1)).toMatch(/^read model\s+checkpoint\s+lag\s+documents\s+generation\s+version\s+projected by\nuser-profile\s+—\s+\d+\s+0\s+0\s+1\s+—\n/);
    await expect(runOps(['projections'], { DATA_DIR: join(target.dir, 'nowhere') }, () => {})).rejects.toThrow(/no event store at .*nowhere/);
    await expect(runOps(['frobnicate'], { DATA_DIR: source.dir }, () => {})).rejects.toThrow(UsageError);
    await expect(runOps(['export'], { DATA_DIR: source.dir }, () => {})).rejects.toThrow(/export needs a file/);
    await expect(runOps(['projections', '--colour'], { DATA_DIR: source.dir }, () => {})).rejects.toThrow(UsageError);
    await expect(runOps(['rebuild'], { DATA_DIR: source.dir }, () => {})).rejects.toThrow(/rebuild needs a read model or "all": one of user-profile, leaderboards/);
    await expect(runOps(['rebuild', 'profiles'], { DATA_DIR: source.dir }, () => {})).rejects.toThrow(/no read model named "profiles"/);
    await expect(runOps(['rebuild', 'all', '--threads', '0'], { DATA_DIR: source.dir }, () => {})).rejects.toThrow(/--threads must be a whole number from 1 to 16/);
    await expect(runOps(['rebuild', 'all', '--threads', '2', '--memory', '700'], { DATA_DIR: source.dir }, () => {})).rejects.toThrow(/--memory must be a whole number of megabytes from 800 \(400 a thread\)/);
    await expect(runOps(['rebuild', 'user-profile', '--memory', 'lots'], { DATA_DIR: source.dir }, () => {})).rejects.toThrow(/--memory must be a whole number of megabytes from 400/);
    const rebuilt: string[] = [];
    expect(await runOps(['rebuild', 'user-profile'], { DATA_DIR: source.dir }, (text) => rebuilt.push(text))).toBe(0);
    expect(rebuilt.at(-1)).toMatch(/^user-profile: generation 1 serves reads since position \d+ \(120 documents\); generation 0 dropped$/);
    // Within a memory bound: the same documents.
    expect(await runOps(['rebuild', 'user-profile', '--memory', '400'], { DATA_DIR: source.dir }, (text) => rebuilt.push(text))).toBe(0);
    expect(rebuilt.at(-1)).toMatch(/^user-profile: generation 2 serves reads since position \d+ \(120 documents\); generation 1 dropped$/);
    const after: string[] = [];
    await runOps(['projections'], { DATA_DIR: source.dir }, (text) => after.push(text));
    expect(after.at(-1)).toMatch(/\nuser-profile\s+\d+\s+0\s+120\s+2\s+1\s+—\n/);
  });
});
