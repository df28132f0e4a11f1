import { allProjections } from '../projections/all-projections.js';
import { partition, threadMemory } from './rebuild-on-thread.js';

const names = allProjections.map((projection) => projection.name);

describe('partition (a rebuild’s read models over threads)', () => {
  it('keeps the read models of every scored round on one thread and the others on the second', () => {
    const [first, second] = partition(names, 2);
    expect(first).toEqual(['leaderboards', 'user-profile', 'player-history']);
    expect([...second!].sort()).toEqual(names.filter((name) => !first!.includes(name)).sort());
  });

  it('puts every read model on the one thread there is, and makes no empty group', () => {
    expect(partition(names, 1).map((group) => [...group].sort())).toEqual([[...names].sort()]);
    expect(partition(['maps', 'challenges'], 4)).toEqual([['maps'], ['challenges']]);
  });

  it('keeps what is together together even when only part of it is asked for', () => {
    expect(partition(['maps', 'player-history', 'leaderboards'], 2)).toEqual([['leaderboards', 'player-history'], ['maps']]);
  });
});

describe('threadMemory (npm run ops -- rebuild --memory)', () => {
  it('splits the bound over the threads: each heap within its share, documents kept in proportion', () => {
    expect(threadMemory(1400, 2)).toEqual({ maxOldGenerationSizeMb: 516, cachedDocuments: 21_500 });
    expect(threadMemory(4000, 1).cachedDocuments).toBe(100_000);
    expect(threadMemory(800, 2)).toEqual({ maxOldGenerationSizeMb: 216, cachedDocuments: 9_000 });
  });
});
