import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore } from '../platform/read-store/sqlite-read-store.js';
import { ReadStoreProjections } from './read-store-projections.js';

describe('ReadStoreProjections: the read models of a process without the projector role', () => {
  let dir: string;
  let reads: SqliteReadStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'read-store-projections-'));
    reads = SqliteReadStore.open(join(dir, 'reads.sqlite'));
  });
  afterEach(async () => {
    await reads.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('waits until the projector has committed past the position, for each named read model', async () => {
    const projections = new ReadStoreProjections(reads, ['user-profile', 'leaderboards'], 5, 5_000);
    await reads.commit({ projection: 'user-profile', position: 10n, writes: [] });
    let done = false;
    const waiting = projections.waitFor(12n, ['user-profile', 'leaderboards']).then(() => (done = true));
    await reads.commit({ projection: 'user-profile', position: 12n, writes: [] });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(done).toBe(false);
    await reads.commit({ projection: 'leaderboards', position: 15n, writes: [] });
    await waiting;
    expect(done).toBe(true);
    await projections.waitFor(null);
  });

  it('says the projector is missing when the wait runs out, and refuses what only a projector can do', async () => {
    const projections = new ReadStoreProjections(reads, ['user-profile'], 5, 40);
    await expect(projections.waitFor(3n)).rejects.toThrow(/user-profile has not reached position 3 .*projector running/);
    expect(() => projections.runner('nope')).toThrow(/no projection named nope/);
    expect(() => projections.runner('user-profile').onCommitted(() => {})).toThrow(/projector role only/);
    await expect(projections.rebuild()).rejects.toThrow(/projector role/);
  });
});
