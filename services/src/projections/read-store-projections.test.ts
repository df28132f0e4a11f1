import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { InProcessBus } from '../platform/bus/in-process-bus.js';
import { topics } from '../platform/bus/message-bus.port.js';
import { SqliteReadStore } from '../platform/read-store/sqlite-read-store.js';
import { announceCommits, fromCommitNotice, toCommitNotice } from './commit-notices.js';
import type { CommittedChange, ProjectionHandle, ProjectionsPort } from './projections.js';
import { ReadStoreProjections } from './read-store-projections.js';

describe('ReadStoreProjections: the read models of a process without the projector role', () => {
  let dir: string;
  let reads: SqliteReadStore;
  let bus: InProcessBus;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'read-store-projections-'));
    reads = SqliteReadStore.open(join(dir, 'reads.sqlite'));
    bus = new InProcessBus();
  });
  afterEach(async () => {
    await bus.close();
    await reads.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('waits until the projector has committed past the position, for each named read model', async () => {
    const projections = new ReadStoreProjections(reads, ['user-profile', 'leaderboards'], null, 5, 5_000);
    await reads.commit({ projection: 'user-profile', position: 10n, writes: [] });
    await projections.start();
    expect(projections.runner('user-profile').position).toBe(10n);
    let done = false;
    const waiting = projections.waitFor(12n, ['user-profile', 'leaderboards']).then(() => (done = true));
    await reads.commit({ projection: 'user-profile', position: 12n, writes: [] });
    // One read model there is not enough: the wait goes on while the other lags.
    await projections.waitFor(12n, ['user-profile']);
    expect(done).toBe(false);
    await reads.commit({ projection: 'leaderboards', position: 15n, writes: [] });
    await waiting;
    expect(done).toBe(true);
    expect(projections.runner('leaderboards').position).toBe(15n);
    await projections.waitFor(null);
  });

  it('says the projector is missing when the wait runs out, and refuses what only a projector or a bus can do', async () => {
    const projections = new ReadStoreProjections(reads, ['user-profile'], null, 5, 40);
    await expect(projections.waitFor(3n)).rejects.toThrow(/user-profile has not reached position 3 .*projector running/);
    expect(() => projections.runner('nope')).toThrow(/no projection named nope/);
    expect(() => projections.runner('user-profile').onCommitted(() => {})).toThrow(/through the bus/);
    await expect(projections.rebuild()).rejects.toThrow(/projector role/);
  });

  it('hears the projector’s commit notices through the bus: what changed, and where the read model now is', async () => {
    const projections = new ReadStoreProjections(reads, ['user-profile', 'open-duels'], bus);
    await projections.start();
    const heard: Array<readonly CommittedChange[]> = [];
    projections.runner('user-profile').onCommitted((changes) => heard.push(changes));

    // The projector's side, as announceCommits wires it to a runner.
    let listener: ((changes: readonly CommittedChange[]) => void) | null = null;
    let position: bigint | null = null;
    const runner: ProjectionHandle = { get position() { return position; }, waitFor: async () => {}, onCommitted: (l) => ((listener = l), () => (listener = null)) };
    const projector = { runner: () => runner } as unknown as ProjectionsPort;
    const stop = announceCommits(projector, ['user-profile'], bus, new Logger('test'));
    position = 2n ** 62n + 7n;
    listener!([{ collection: 'user_profiles', id: 'ada', kind: 'upsert', revision: 2n ** 62n + 7n }]);
    for (let i = 0; i < 100 && heard.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(heard).toEqual([[{ collection: 'user_profiles', id: 'ada', kind: 'upsert', revision: 2n ** 62n + 7n }]]);
    expect(projections.runner('user-profile').position).toBe(2n ** 62n + 7n);
    // An older notice (a redelivery) changes nothing.
    await bus.publish(topics.readModelCommits, [{ key: 'user-profile', value: toCommitNotice('user-profile', 5n, []) }]);
    await bus.publish(topics.readModelCommits, [{ key: 'open-duels', value: toCommitNotice('open-duels', 9n, []) }]);
    for (let i = 0; i < 100 && projections.runner('open-duels').position !== 9n; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(projections.runner('user-profile').position).toBe(2n ** 62n + 7n);
    expect(heard).toHaveLength(1);
    stop();
    await projections.stop();
  });

  it('carries 64-bit positions and revisions as text, and refuses a malformed notice', () => {
    const notice = toCommitNotice('maps', 2n ** 63n - 1n, [{ collection: 'maps', id: 'm', kind: 'delete', revision: null }]);
    expect(notice).toEqual({ projection: 'maps', position: '9223372036854775807', changes: [{ collection: 'maps', id: 'm', kind: 'delete', revision: null }] });
    expect(fromCommitNotice(JSON.parse(JSON.stringify(notice)))).toEqual({ projection: 'maps', position: 2n ** 63n - 1n, changes: [{ collection: 'maps', id: 'm', kind: 'delete', revision: null }] });
    expect(() => fromCommitNotice({ projection: 'maps', position: 12, changes: [] })).toThrow();
  });
});
